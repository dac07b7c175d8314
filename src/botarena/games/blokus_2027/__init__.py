"""Blokus, Software-Challenge Germany 2027 (``swc_2027_blokus``, official backend 27.0.4).

A pure game package (no sockets, no server code); spec: ``shared/spec/blokus-2027.md``.
Board geometry, the 21 shapes and their orientations, the colours and the move classes are
those of the 2021 package (:mod:`botarena.games.blokus`), imported, not copied.

Public API
----------
Identity and game
    ``GAME_TYPE = "swc_2027_blokus"``; :class:`BlokusGame` (``name = "blokus2027"``,
    ``new_initial_state(rng)`` draws the start piece among all 12 pentominoes, PENTO_X
    included, with :func:`draw_start_piece`); score fragments ``Siegpunkte`` (SUM, match
    points, written by the framework) and ``Punkte`` (AVERAGE, :data:`POINTS_FRAGMENT`).
State (:class:`BlokusState`, :mod:`.rules`)
    The :class:`botarena.core.GameState` protocol (seat = team index, ONE = 0):
    ``legal_moves()`` (SetMoves, then the SkipMove unless it is the colour's first move),
    ``apply(move)`` (raises :class:`InvalidBlokusMove` with ``mistake`` and the official
    German ``reason``; :class:`botarena.core.InvalidMove` once the game is over),
    ``check(move)``, ``outcome()``, ``win_condition()`` (team or ``None``, :class:`WinReason`),
    ``is_terminal()`` (no colour left or ``turn >= TURN_LIMIT`` = 96), ``scores(seat)``
    (team points), ``clone()``. Fields: ``turn``, ``round``, ``current_color``,
    ``current_team``, ``start_piece``, ``valid_colors``, ``last_move``, ``last_move_mono``,
    ``points(color)``, ``team_points(team)``, ``undeployed_shapes(color)``, ``board()``,
    ``field(x, y)``, ``set_moves(color)``, ``has_set_move(color)``,
    ``BlokusState.from_parts(start_piece, board, undeployed, turn=…, …)``.
Moves (:mod:`.moves`)
    :class:`SetMove` ``(color, kind, rotation, flipped, x, y)`` and :class:`SkipMove`
    ``(color)`` (the 2021 classes; ``text()`` is the official German ``toString``);
    :class:`MoveMistake` (2027 texts), :func:`violation_reason` (``<message>[ bei '<move>']``),
    ``InvalidBlokusMove.exception_text()`` (``InvalidMoveException(mistake=…, move=…)`` of
    the room error); :func:`move_notation` / :func:`parse_notation` (``set:BLUE:PENTO_L:
    RIGHT:1:2:0``, ``skip:RED``).
Wire codec (:mod:`.xml`, lxml elements; bytes are the protocol layer's job)
    ``state_to_element(state)`` / ``state_from_element(element)`` for
    ``<state class="state" startTeam turn startPiece round>``; ``move_to_element(move,
    tag="data")`` / ``move_from_element(element)`` for ``sc.plugin2027.SetMove`` /
    ``sc.plugin2027.SkipMove`` (aliases ``setmove``/``skipmove`` read too);
    ``XmlFormatError``, ``MoveFormatError``. ``lastMoveMono`` keys are written as
    ``<sc.plugin2027.Color>`` (what socha 5.1.0 parses; the official server writes
    ``<color>``); both spellings are read.
Players (:mod:`.players`) and text (:mod:`.render`)
    ``make_player(name, seed, **options)`` for ``random``, ``greedy``, ``search``
    (``PLAYER_OPTIONS``); ``render(state)``, ``board_rows(state)``.
"""

from typing import TYPE_CHECKING

from botarena.games.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from botarena.games.blokus.board import BOARD_SIZE
    from botarena.games.blokus.colors import COLOURS, TEAM_COLOURS, Color
    from botarena.games.blokus.moves import Move, SetMove, SkipMove
    from botarena.games.blokus.shapes import Rotation, Shape
    from botarena.games.blokus_2027.moves import (
        InvalidBlokusMove,
        MoveMistake,
        NotationError,
        move_notation,
        parse_notation,
        violation_reason,
    )
    from botarena.games.blokus_2027.rules import (
        GAME_TYPE,
        POINTS_FRAGMENT,
        ROUND_LIMIT,
        START_PIECES,
        TURN_LIMIT,
        WIN_POINTS_FRAGMENT,
        BlokusGame,
        BlokusState,
        WinReason,
        draw_start_piece,
    )


__all__ = [
    "BOARD_SIZE",
    "COLOURS",
    "GAME_TYPE",
    "POINTS_FRAGMENT",
    "ROUND_LIMIT",
    "START_PIECES",
    "TEAM_COLOURS",
    "TURN_LIMIT",
    "WIN_POINTS_FRAGMENT",
    "BlokusGame",
    "BlokusState",
    "Color",
    "InvalidBlokusMove",
    "Move",
    "MoveMistake",
    "NotationError",
    "Rotation",
    "SetMove",
    "Shape",
    "SkipMove",
    "WinReason",
    "draw_start_piece",
    "move_notation",
    "parse_notation",
    "violation_reason",
]

__getattr__ = lazy_exports(
    __name__,
    __all__,
    (
        "botarena.games.blokus_2027.moves",  # its own first: it redefines some of 2021's
        "botarena.games.blokus_2027.rules",  # (and imports the rest of 2021's moves, shapes)
        "botarena.games.blokus.board",
        "botarena.games.blokus.colors",
    ),
)
