"""``botarena play``: one game between two bots with the board printed after every move (the
first thing a newcomer runs).

Two built-in players play in-process (the seed fixes the whole game). Any other bot is a
command, started as ``botarena test`` starts it, on an embedded server that the runner
observes as an admin; each state the observer receives is printed. ``delay_s`` paces the
printing (the game itself runs at full speed). Each game's text comes from its package's
``render`` module: ``render_board(state)``, ``move_text(move)``, ``score_text(state)``.
"""

from __future__ import annotations

import asyncio
import secrets
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from lxml import etree

from botarena.confine import NO_CONFINEMENT, Confinement
from botarena.core import SeededRandom, new_seed
from botarena.games import registry
from botarena.move_clock_limits import ClockKind
from botarena.runner.bots import BotSpec, bot_labels, parse_bot
from botarena.runner.record import REGULAR, GameRecord

MAX_PLIES = 10_000
"""Safety net: a game that has not ended after this many moves is reported and stopped."""
MAX_MOVE_SEARCH = 5_000
"""A move not named by the state is found by trying at most this many legal moves."""
LOG_TAIL_LINES = 20
"""Lines of a failing bot's log printed after the game."""

Echo = Callable[[str], None]


def find_move(before: Any, after: Any, render: ModuleType) -> Any | None:
    """The move that led from ``before`` to ``after``: the state's ``last_move`` if it keeps
    one, else the legal move of ``before`` whose result shows the same board."""
    last = getattr(after, "last_move", None)
    if last is not None:
        return last
    target = render.render_board(after)
    for move in list(before.legal_moves())[:MAX_MOVE_SEARCH]:
        trial = before.clone()
        trial.apply(move)
        if render.render_board(trial) == target:
            return move
    return None


def _pause(delay_s: float) -> None:
    if delay_s > 0:
        time.sleep(delay_s)


def play_one(
    game: str,
    bot_a: str,
    bot_b: str,
    *,
    seed: int | None = None,
    echo: Echo = print,
    delay_s: float = 0.0,
    confinement: Confinement = NO_CONFINEMENT,
    clock: ClockKind = "wall",
) -> dict[str, Any]:
    """Play one game ``bot_a`` (first seat) against ``bot_b``; returns a small record
    (``startup_failures``: what kept a bot from taking its seat, one text per bot).
    ``clock``: what the server charges each move of a bot started as a process."""
    spec = registry.resolve(game)
    game = spec.id
    labels = bot_labels(bot_a, bot_b)
    specs = (parse_bot(bot_a, game, labels[0]), parse_bot(bot_b, game, labels[1]))
    base = seed if seed is not None else new_seed()
    if specs[0].builtin is not None and specs[1].builtin is not None:
        return _play_in_process(game, specs, base, echo, delay_s)
    return asyncio.run(_play_on_server(game, specs, base, echo, delay_s, confinement, clock))


def _play_in_process(
    game: str, specs: tuple[BotSpec, BotSpec], base: int, echo: Echo, delay_s: float
) -> dict[str, Any]:
    season = registry.resolve(game)
    engine = season.load_rules()
    make_player = season.load_players().make_player
    render = season.load_render()
    rng = SeededRandom(base)
    players = [
        make_player(spec.builtin, seed=rng.derive(f"player-{seat}").seed_value)
        for seat, spec in enumerate(specs)
    ]
    names = (f"{specs[0].label} (seat 0)", f"{specs[1].label} (seat 1)")
    state = engine.new_initial_state(rng.derive("game"))
    echo(f"{game}, seed {base}: {names[0]} vs {names[1]}")
    echo(render.render_board(state))
    plies = 0
    while not state.is_terminal() and plies < MAX_PLIES:
        seat = state.current_seat
        move = players[seat].choose_move(state)
        state.apply(move)
        plies += 1
        _pause(delay_s)
        echo(f"\nmove {plies}: {names[seat]} plays {render.move_text(move)}")
        echo(render.render_board(state))
    outcome = state.outcome()
    if outcome is None:
        echo(f"\nstopped after {MAX_PLIES} moves without a result")
        return {
            "seed": base,
            "moves": plies,
            "winner": None,
            "finished": False,
            "startup_failures": [],
        }
    winner = None if outcome.winner is None else names[outcome.winner]
    reason = f" ({outcome.reason})" if outcome.reason else ""
    echo(f"\nresult after {plies} moves: {'draw' if winner is None else winner + ' wins'}{reason}")
    echo(f"points: {render.score_text(state)}")
    return {
        "seed": base,
        "moves": plies,
        "winner": winner,
        "finished": True,
        "startup_failures": [],
    }


async def _play_on_server(  # noqa: PLR0917 - one game's whole setting
    game: str,
    specs: tuple[BotSpec, BotSpec],
    base: int,
    echo: Echo,
    delay_s: float,
    confinement: Confinement,
    clock: ClockKind,
) -> dict[str, Any]:
    # Imported here: the server is needed only when a bot is a command.
    from botarena.client.codecs import codec_for  # noqa: PLC0415
    from botarena.runner.driver import DriverLimits, play_game  # noqa: PLC0415
    from botarena.runner.hosts import EmbeddedHost  # noqa: PLC0415
    from botarena.runner.launch import PerGameLauncher  # noqa: PLC0415
    from botarena.runner.schedule import ScheduledGame  # noqa: PLC0415
    from botarena.server import ScServer, ServerConfig  # noqa: PLC0415
    from botarena.server.events import LobbyListener  # noqa: PLC0415

    class StateFeed(LobbyListener):
        """Puts every state the players get into the queue the board printer reads."""

        def __init__(self, queue: asyncio.Queue[etree._Element | None]) -> None:
            self.queue = queue

        def room_state(self, room: object, state_xml: str, move_ms: float | None) -> None:
            self.queue.put_nowait(etree.fromstring(state_xml))

    codec = codec_for(game)
    season = registry.resolve(game)
    render = season.load_render()
    names = (f"{specs[0].label} (seat 0)", f"{specs[1].label} (seat 1)")
    states: asyncio.Queue[etree._Element | None] = asyncio.Queue()
    shown: list[Any] = []

    async def show() -> None:
        while (element := await states.get()) is not None:
            state = codec.parse_state(element)
            if not shown:
                echo(f"{game}, seed {base}: {names[0]} vs {names[1]}")
            else:
                before = shown[-1]
                move = find_move(before, state, render)
                mover = names[before.current_seat] if before.current_seat is not None else "?"
                text = "?" if move is None else render.move_text(move)
                await asyncio.sleep(delay_s)
                echo(f"\nmove {len(shown)}: {mover} plays {text}")
            echo(render.render_board(state))
            shown.append(state)

    password = secrets.token_hex(16)
    server = ScServer(
        ServerConfig(
            port=0,
            host="127.0.0.1",
            password=password,
            finished_player_grace_s=2.0,
            clock=clock,
        )
    )
    await server.start()
    host = EmbeddedHost(server)  # knows who has joined: a bot that dies is noticed at once
    server.lobby.add_listener(StateFeed(states))
    printer = asyncio.create_task(show())
    try:
        with tempfile.TemporaryDirectory(prefix="botarena-play-") as folder:
            record = await play_game(
                host,
                game_type=season.game_type,
                game=ScheduledGame(0, 0, base, (0, 1)),
                bots=specs,
                run_dir=Path(folder),
                limits=DriverLimits(clock=clock),
                launcher=PerGameLauncher(host.host, host.port, confinement),
                replays="none",
            )
            states.put_nowait(None)
            await printer
            commands = [spec.label for spec in specs if spec.builtin is None]
            _echo_bot_output(record, Path(folder), commands, echo)
            failures = startup_failures(record)
    finally:
        printer.cancel()
        await host.close()
        await server.stop()
    winner = record.winner
    winner_name = None if winner is None else names[specs.index(_spec(specs, winner))]
    reason = next((s.reason for s in record.slots if s.reason), "")
    outcome = "draw" if winner_name is None else f"{winner_name} wins"
    echo(f"\nresult after {record.moves} moves: {outcome}" + (f" ({reason})" if reason else ""))
    if shown:
        echo(f"points: {render.score_text(shown[-1])}")
    return {
        "seed": base,
        "moves": record.moves,
        "winner": winner_name,
        "finished": True,
        "startup_failures": failures,
    }


def startup_failures(record: GameRecord) -> list[str]:
    """``bot B could not start or connect: CAUSE`` for each bot of the game's record that
    never took its seat (the cause ends with its log's last line)."""
    return [
        f"bot {slot.bot} could not start or connect: {slot.runner_note or slot.reason}"
        for slot in record.slots
        if slot.startup_failure
    ]


def _spec(specs: tuple[BotSpec, BotSpec], label: str) -> BotSpec:
    return next(spec for spec in specs if spec.label == label)


def _echo_bot_output(record: GameRecord, folder: Path, commands: list[str], echo: Echo) -> None:
    """What each command bot printed (the end of it), and for an irregular game its cause:
    the folder with the logs is gone when ``play`` returns."""
    if not record.regular:
        echo(f"\n{record.cause}")
    for slot in record.slots:
        if slot.bot not in commands and slot.cause == REGULAR:
            continue
        log = folder / (slot.log or "")
        lines = log.read_text(errors="replace").splitlines() if log.is_file() else []
        if not lines and slot.cause == REGULAR:
            continue
        tail = "last lines of " if len(lines) > LOG_TAIL_LINES else ""
        echo(f"--- {tail}{slot.bot}'s output ---")
        for line in lines[-LOG_TAIL_LINES:]:
            echo(line)
