"""Piranhas, Software-Challenge 2026 (``swc_2026_piranhas``): rules, state/move XML, players.

A pure game package (no server code); spec: ``shared/spec/piranhas-2026.md``. Checked against
socha 4.3.9's Rust core with ``python -m botarena.conformance piranhas2026 FILE``.

Quick use::

    from botarena.core import SeededRandom
    from botarena.games.piranhas_2026 import Piranhas2026Game

    state = Piranhas2026Game().new_initial_state(SeededRandom(1))
    while not state.is_terminal():
        state.apply(state.legal_moves()[0])
    print(state.win_condition(), state.outcome())

Public API (stable for the server plugin):

* ``GAME_TYPE = "swc_2026_piranhas"``; ``ROUND_LIMIT_TURNS = 60``; ``START_TEAM = Team.ONE``;
  score fragments ``WINNER_FRAGMENT`` (``Siegpunkte``, SUM) and ``SWARM_FRAGMENT``
  (``Schwarmgröße``, AVERAGE); per-seat parts are ``[match_points(outcome, seat),
  *state.scores(seat)]`` = ``[2|1|0, largest swarm weight]`` (-1 for a team without fish).
* :class:`Piranhas2026Game`: ``name = "piranhas2026"``, ``new_initial_state(rng, players=2,
  one_name="", two_name="")`` draws the board like the official ``Board.randomFields`` from
  ``rng`` (``SeededRandom(seed)`` reproduces the fixture board of that seed).
* :class:`Piranhas2026State` (the ``botarena.core.GameState`` protocol): ``legal_moves()``,
  ``apply(move)``, ``outcome()``, ``is_terminal()``, ``returns()``, ``scores(seat)``,
  ``clone()``, ``current_seat``, ``view(seat)``; plus ``current_team``, ``turn``,
  ``last_move``, ``first_union`` (``Team | None``), ``one_name``/``two_name`` (display names
  for reason texts; blank -> ``ONE``/``TWO``), ``win_condition()`` ->
  :class:`WinCondition` ``(winner: Team | None, reason: WinReason)``, ``is_over()``,
  ``generate_moves()`` (also when over), ``move_error(move) -> Mistake | None``,
  ``apply_unchecked(move)`` (search), ``from_rows(rows, turn, last_move=, first_union=)``,
  ``from_fields(((x, y), FieldState), ...)``, ``rows()``, ``field(x, y)``,
  ``swarm_size(team)``, ``is_connected(team)``, ``fish_count(team)``.
* :class:`Move` ``(x, y, direction)`` (frozen; ``str`` = ``A5 RIGHT``; ``official_text()`` =
  ``Schwimme von [0|5] in Richtung RIGHT``); :class:`Direction` (official order, shared with
  2019); :class:`FieldState` (``ONE_S`` … ``TWO_L``, ``SQUID``, ``EMPTY``; ``team``, ``size``);
  :class:`botarena.core.Team` (``ONE``/``TWO`` = seats 0/1).
* :class:`PiranhasInvalidMove` (a ``botarena.core.InvalidMove``) raised by ``apply``:
  ``reason`` = German ``mistake.message``, ``mistake`` (:class:`Mistake`), ``move``,
  ``exception_text`` = ``InvalidMoveException(mistake=WRONG_START, move=Schwimme von [3|9] in
  Richtung DOWN)`` (for the room error ``Ungueltiger Zug von '<name>'.\\n<exception_text>``) and
  ``violation_text`` = ``<message> bei '<move>'`` (for ``Regelverletzung von <name>: …``).
  Validation order is the Kotlin one: WRONG_START, then walking the path
  (DESTINATION_OUT_OF_BOUNDS / JUMP_OVER_OPPONENT, whichever comes first), target off board,
  DESTINATION_BLOCKED (squid), DESTINATION_BLOCKED_BY_SELF. An off-board start is reported as
  WRONG_START (the official server fails there with an ArrayIndexOutOfBoundsException, not an
  InvalidMoveException; the plugin may treat ``not 0 <= x, y <= 9`` specially).
  ``Mistake.INVALID_FORMAT`` is the text for a ``<data>`` that is not a move.
* :class:`WinReason` (``BIGGER_SWARM``, ``FIRST_UNION``, ``BLOCKED``, ``TIE``) with
  ``text(name)`` = the official reason text; ``outcome().reason`` already has the name filled in.
* Codec (:mod:`botarena.games.piranhas_2026.xml`): ``state_to_element(state)``,
  ``state_to_xml(state)`` (compact markup, byte-equal to the fixtures' ``state_xml``),
  ``state_from_element(element, one_name="", two_name="")``, ``move_to_element(move,
  tag="data")`` (``tag="lastMove"`` omits ``class``; ``"originalMessage"`` keeps it),
  ``move_from_element(element)``; errors ``XmlFormatError``/``MoveFormatError``;
  ``STATE_CLASS = "state"``, ``MOVE_CLASS = "move"``, ``MOVE_CLASSES``.
* Players (:mod:`botarena.games.piranhas_2026.players`): ``make_player(name, seed, **options)``,
  ``PLAYER_OPTIONS`` (``random``, ``greedy``, ``search`` with ``time_budget``/``max_depth``).
* Text board (:mod:`botarena.games.piranhas_2026.render`): ``render(state)``.
"""

from typing import TYPE_CHECKING

from botarena.games.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from botarena.core import Team
    from botarena.games.piranhas_2026.model import (
        Direction,
        FieldState,
        Mistake,
        Move,
        WinReason,
    )
    from botarena.games.piranhas_2026.rules import (
        GAME_TYPE,
        ROUND_LIMIT,
        ROUND_LIMIT_TURNS,
        START_TEAM,
        SWARM_FRAGMENT,
        WINNER_FRAGMENT,
        Piranhas2026Game,
        Piranhas2026State,
        PiranhasInvalidMove,
        WinCondition,
    )


__all__ = [
    "GAME_TYPE",
    "ROUND_LIMIT",
    "ROUND_LIMIT_TURNS",
    "START_TEAM",
    "SWARM_FRAGMENT",
    "WINNER_FRAGMENT",
    "Direction",
    "FieldState",
    "Mistake",
    "Move",
    "Piranhas2026Game",
    "Piranhas2026State",
    "PiranhasInvalidMove",
    "Team",
    "WinCondition",
    "WinReason",
]

__getattr__ = lazy_exports(
    __name__,
    __all__,
    (
        "botarena.core",
        "botarena.games.piranhas_2026.model",
        "botarena.games.piranhas_2026.rules",
    ),
)
