"""``botarena play``: one game between two built-in players, in-process, with the board
printed after every move (the first thing a newcomer runs)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from botarena.core import SeededRandom, new_seed
from botarena.runner.bots import BUILTIN_BOTS

MAX_PLIES = 10_000
"""Safety net: a game that has not ended after this many moves is reported and stopped."""

_GAMES = {
    "piranhas": ("botarena.games.piranhas.rules", "PiranhasGame"),
    "hase_und_igel": ("botarena.games.hase_und_igel.game", "HaseUndIgel"),
    "blokus": ("botarena.games.blokus.game", "BlokusGame"),
    "piranhas2026": ("botarena.games.piranhas_2026.rules", "Piranhas2026Game"),
    "blokus2027": ("botarena.games.blokus_2027.rules", "BlokusGame"),
}
"""Short game name → (rules module, game class); players and a text renderer (``render``)
live beside the rules module in the same package."""


def render_piranhas(state: Any) -> str:
    """Rows from y = 9 (top) to 0, ``R``/``B`` fish, ``O`` obstacles, with coordinates."""
    columns = state.fields_by_x()
    size = len(columns)
    lines = [f"{y} " + " ".join(columns[x][y] for x in range(size)) for y in reversed(range(size))]
    lines.append("  " + " ".join(str(x) for x in range(size)))
    return "\n".join(lines)


def render(state: Any, package: str | None = None) -> str:
    if package is not None:
        try:
            renderer = importlib.import_module(f"{package}.render").render
        except (ImportError, AttributeError):
            renderer = None
        if renderer is not None:
            return str(renderer(state))
    if hasattr(state, "fields_by_x"):
        return render_piranhas(state)
    if hasattr(state, "render"):
        return str(state.render())
    return repr(state)


def play_one(
    game: str,
    bot_a: str,
    bot_b: str,
    seed: int | None = None,
    echo: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Play one game ``bot_a`` (first seat) against ``bot_b``; returns a small record."""
    if game not in _GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(_GAMES)}")
    for bot in (bot_a, bot_b):
        if bot not in BUILTIN_BOTS:
            raise ValueError(
                f"botarena play runs built-in players ({', '.join(BUILTIN_BOTS)}); "
                f"for {bot!r} use botarena test -n 1"
            )
    module_name, class_name = _GAMES[game]
    engine = getattr(importlib.import_module(module_name), class_name)()
    package = module_name.rsplit(".", 1)[0]
    make_player = importlib.import_module(f"{package}.players").make_player
    base = seed if seed is not None else new_seed()
    rng = SeededRandom(base)
    players = [
        make_player(bot_a, seed=rng.derive("player-0").seed_value),
        make_player(bot_b, seed=rng.derive("player-1").seed_value),
    ]
    names = (f"{bot_a} (seat 0)", f"{bot_b} (seat 1)")
    state = engine.new_initial_state(rng.derive("game"))
    echo(f"{game}, seed {base}: {names[0]} vs {names[1]}")
    echo(render(state, package))
    plies = 0
    while not state.is_terminal() and plies < MAX_PLIES:
        seat = state.current_seat
        move = players[seat].choose_move(state)
        state.apply(move)
        plies += 1
        echo(f"\nmove {plies}: {names[seat]} plays {move}")
        echo(render(state, package))
    outcome = state.outcome()
    if outcome is None:
        echo(f"\nstopped after {MAX_PLIES} moves without a result")
        return {"seed": base, "moves": plies, "winner": None, "finished": False}
    winner = None if outcome.winner is None else names[outcome.winner]
    reason = f" ({outcome.reason})" if outcome.reason else ""
    echo(f"\nresult after {plies} moves: {'draw' if winner is None else winner + ' wins'}{reason}")
    return {"seed": base, "moves": plies, "winner": winner, "finished": True}
