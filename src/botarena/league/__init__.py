"""Leagues for every game: ``botarena tournament GAME --format roundrobin|gauntlet|swiss|ko``.

One module per job:

* ``entrants``: BOT arguments → labelled entrants (built-in players or command lines);
* ``formats``: which games a format schedules, round by round (pure functions of the seed
  and the results so far, so an interrupted tournament resumes with the same games);
* ``jobs``: one game as a self-contained, picklable job; ``sc_game`` and ``maumau_game``
  play it on an embedded server of their own (locally or on a Dask worker);
* ``executors``: where jobs run (local asyncio tasks, or Dask tasks with ``--cluster``);
* ``store``: ``settings.json`` and ``games.jsonl`` (one fsynced line per finished game);
* ``standings``: match points, tie-breaks and the cross-table; ``ratings``: Bradley-Terry
  Elo with 95 % intervals and OpenSkill; ``report``: the static ``report.html``;
* ``tournament``: the coordinator; ``cli``: the click command.
"""
