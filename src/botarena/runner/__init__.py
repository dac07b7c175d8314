"""Many games between bots: scheduling, statistics, reports.

``botarena test`` (:mod:`botarena.runner.run`) and ``botarena play``
(:mod:`botarena.runner.play`); one module per job:

* ``bots``: a BOT argument → label and command line (built-in name, ``.jar``, any command);
* ``schedule``: games in seed pairs with sides swapped, all seeds derived from the run's seed;
* ``hosts``: where games are played (embedded server, or ``--server`` via the admin protocol);
* ``launch``: bot processes per game, or persistent ones fed reservations on stdin;
* ``driver``: one game: prepare, launch, watchdog, record; ``limits``: its time limits;
* ``bot_logs``: what a failing bot's log says (its last line, why it could not start);
* ``endtable``: the table at the end of a run;
* ``store``: ``games.jsonl`` and ``summary.json``; ``report``: statistics and live display;
* ``stats``: Elo, LOS, pentanomial, SPRT.

Output folder (default ``botarena-runs/<timestamp>``)::

    summary.json                settings, statistics, every game (atomic rewrite)
    games.jsonl                 one line per finished game (what --resume reads)
    games/game-000017/
        replay.xml              the game's replay (official format)
        slot0-LABEL.log         stdout+stderr of the bot in slot 0 (per-game processes)
        slot1-LABEL.log
    bots/LABEL-K.log            stdout+stderr of persistent bot processes (--persistent)

A game record: ``index``, ``pair``, ``seed``, ``slots`` (per slot: ``bot``, ``cause``,
``reason``, ``match_points``, ``scores``, ``exit_code``, ``log``, ``runner_note``, and for a
failed bot ``log_line``: its log's last line),
``winner`` (a bot label or null), ``bot_scores`` (label → 1/0.5/0, null for a void game),
``cause`` ("REGULAR" or which bot failed how, with its log), ``regular``, ``moves``,
``move_times_ms`` (the time charged for each move: from its request's write, less the
season's move grace, to its answer's read; with ``--server`` the gaps between the observed
states), ``move_raw_ms`` (each move's time without the grace; embedded server only),
``near_misses`` (indices of the moves charged within the soft limit whose raw time exceeded
it), ``duration_s``, ``replay``.
"""
