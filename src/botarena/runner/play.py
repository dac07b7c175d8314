"""``botarena play``: one game between two built-in players, in-process, with the board
printed after every move (the first thing a newcomer runs)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from botarena.core import SeededRandom, new_seed
from botarena.games import registry
from botarena.runner.bots import BUILTIN_BOTS

MAX_PLIES = 10_000
"""Safety net: a game that has not ended after this many moves is reported and stopped."""

def play_one(
    game: str,
    bot_a: str,
    bot_b: str,
    seed: int | None = None,
    echo: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Play one game ``bot_a`` (first seat) against ``bot_b``; returns a small record."""
    spec = registry.resolve(game)
    for bot in (bot_a, bot_b):
        if bot not in BUILTIN_BOTS:
            raise ValueError(
                f"botarena play runs built-in players ({', '.join(BUILTIN_BOTS)}); "
                f"for {bot!r} use botarena test -n 1"
            )
    engine = spec.load_rules()
    make_player = spec.load_players().make_player
    base = seed if seed is not None else new_seed()
    rng = SeededRandom(base)
    players = [
        make_player(bot_a, seed=rng.derive("player-0").seed_value),
        make_player(bot_b, seed=rng.derive("player-1").seed_value),
    ]
    names = (f"{bot_a} (seat 0)", f"{bot_b} (seat 1)")
    state = engine.new_initial_state(rng.derive("game"))
    echo(f"{spec.id}, seed {base}: {names[0]} vs {names[1]}")
    echo(spec.render_state(state))
    plies = 0
    while not state.is_terminal() and plies < MAX_PLIES:
        seat = state.current_seat
        move = players[seat].choose_move(state)
        state.apply(move)
        plies += 1
        echo(f"\nmove {plies}: {names[seat]} plays {move}")
        echo(spec.render_state(state))
    outcome = state.outcome()
    if outcome is None:
        echo(f"\nstopped after {MAX_PLIES} moves without a result")
        return {"seed": base, "moves": plies, "winner": None, "finished": False}
    winner = None if outcome.winner is None else names[outcome.winner]
    reason = f" ({outcome.reason})" if outcome.reason else ""
    echo(f"\nresult after {plies} moves: {'draw' if winner is None else winner + ' wins'}{reason}")
    return {"seed": base, "moves": plies, "winner": winner, "finished": True}
