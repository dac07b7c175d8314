"""The Hase und Igel 2018 rules engine: state, validation in the official order, legal moves.

Spec sections 2-4. Everything here follows the official 2018 implementation, including two
quirks kept on purpose for parity (see docs/compatibility.md):

* **No rollback.** An invalid move is applied action by action in place; when an action fails,
  the effects of the actions before it stay (position, carrots, salads, cards, last action),
  the game ends with a rule violation and the final scores come from that partial state.
* **Skip cap.** When judging Skip, advances longer than 44 fields are not considered
  (``maxDist`` is capped at 44 from 990 carrots on).

The predicates are module-level functions over plain values rather than methods, because the
hare look-ahead evaluates them on hypothetical positions and legal-move generation calls them
thousands of times per second.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from math import isqrt
from typing import Self

from botarena.core import InvalidMove, Outcome, ScoreCause, Seat
from botarena.games.hase_und_igel import actions
from botarena.games.hase_und_igel.actions import INITIAL_CARDS, Action, Card, CardType, Move
from botarena.games.hase_und_igel.board import GOAL_INDEX, Board, FieldType

RED: Seat = 0
BLUE: Seat = 1
COLORS: tuple[str, str] = ("RED", "BLUE")
"""Colour names of the seats as the 2018 state writes them."""

INITIAL_CARROTS = 68
INITIAL_SALADS = 5
GOAL_MAX_CARROTS = 10
"""A player may enter the goal with at most this many carrots (and no salad left)."""
ROUND_LIMIT_TURNS = 60
"""The game ends after this many moves (30 rounds) if nobody reached the goal."""
POSITION_1_BONUS = 10
POSITION_2_BONUS = 30
SALAD_BONUS_AHEAD = 10
SALAD_BONUS_BEHIND = 30
FALL_BACK_CARROTS_PER_FIELD = 10
SKIP_MAX_DISTANCE_CAP = 44
"""Official quirk: from ``SKIP_CAP_CARROTS`` carrots on, Skip only considers advances <= 44."""
SKIP_CAP_CARROTS = 990

# Official messages (data; verbatim, German).
MSG_ACTIONS_NULL = "Aktionen sind null"
MSG_NO_ACTIONS = "Keine Aktionen vorhanden."
MSG_ORDER = "Das order Attribut wurde nicht richtig gesetzt."
MSG_ONLY_CARDS_FOLLOW = "Nach der ersten Aktion können nur noch Karten folgen."
MSG_MUST_PLAY_CARD = "Es muss eine Karte ausgespielt werden."
MSG_EAT_SALAD = "Es kann gerade kein Salat (mehr) gegessen werden."
MSG_FALL_BACK = "Es kann gerade kein Rückzug gemacht werden."
MSG_SKIP = "Spieler kann noch einen anderen Zug ausführen, aussetzen ist nicht erlaubt."
REASON_GOAL = "Das Spiel ist beendet.\nEin Spieler ist im Ziel"
REASON_ROUND_LIMIT = "Das Rundenlimit wurde erreicht."
REASON_LEFT = "Der Spieler hat das Spiel verlassen"
MSG_GAME_OVER = "the game is over; no more moves are accepted"
"""Our own message (not official): a move sent to a finished game."""


def advance_message(distance: int) -> str:
    return f"Vorwärtszug um {distance} Felder ist nicht möglich"


def card_message(card_type: CardType) -> str:
    return f"Das Ausspielen der {card_type.value} Karte ist nicht möglich."


def exchange_message(value: int) -> str:
    return f"Es können nicht {value} Karotten aufgenommen werden."


def cost(distance: int) -> int:
    """Carrots needed to advance ``distance`` fields (triangular number)."""
    return distance * (distance + 1) // 2


def max_distance(carrots: int) -> int:
    """The official ``maxDist`` of the Skip check, including its cap of 44 (spec 3.9)."""
    if carrots < 1:
        return 0
    if carrots >= SKIP_CAP_CARROTS:
        return SKIP_MAX_DISTANCE_CAP
    return (isqrt(8 * carrots + 1) - 1) // 2


class Player:
    """One player's mutable state (spec 2.1). ``last_non_skip_action`` keeps its ``order``."""

    __slots__ = ("cards", "carrots", "index", "last_non_skip_action", "salads")

    def __init__(
        self,
        index: int = 0,
        carrots: int = INITIAL_CARROTS,
        salads: int = INITIAL_SALADS,
        cards: Iterable[CardType] = INITIAL_CARDS,
        last_non_skip_action: Action | None = None,
    ) -> None:
        self.index = index
        self.carrots = carrots
        self.salads = salads
        self.cards: tuple[CardType, ...] = tuple(cards)
        self.last_non_skip_action = last_non_skip_action

    def copy(self) -> Player:
        return Player(self.index, self.carrots, self.salads, self.cards, self.last_non_skip_action)

    def _key(self) -> tuple[object, ...]:
        return (self.index, self.carrots, self.salads, self.cards, self.last_non_skip_action)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and other._key() == self._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        cards = ",".join(card.value for card in self.cards)
        return (
            f"Player(index={self.index}, carrots={self.carrots}, salads={self.salads}, "
            f"cards=[{cards}], last={self.last_non_skip_action!r})"
        )


@dataclass(frozen=True, slots=True)
class WinCondition:
    """A regular end (spec 4.1): who wins and the official reason."""

    winner: Seat
    reason: str


@dataclass(frozen=True, slots=True)
class Violation:
    """The move that ended the game irregularly: who sent it, the official reason and the
    cause (RULE_VIOLATION, or LEFT when the official server crashed on it)."""

    culprit: Seat
    reason: str
    cause: ScoreCause = ScoreCause.RULE_VIOLATION


class UnplayableMoveError(Exception):
    """The move contains a card without type: the official server crashes when it reaches
    that card (the game ends as LEFT, the actions before it stay applied). Not an
    :class:`InvalidMove`: no error message is sent, the sender is dropped."""


# --- predicates over plain values (spec 2.3, 3.3-3.9) ---------------------------------------

_HARE = FieldType.HARE
_SALAD = FieldType.SALAD
_GOAL = FieldType.GOAL
_CARROT = FieldType.CARROT
_HEDGEHOG = FieldType.HEDGEHOG
_INVALID = FieldType.INVALID
_T = CardType.TAKE_OR_DROP_CARROTS
_E = CardType.EAT_SALAD
_H = CardType.HURRY_AHEAD
_F = CardType.FALL_BACK


def is_first(index: int, carrots: int, other_index: int, other_carrots: int) -> bool:
    """``first(X)``: nobody strictly ahead; on the goal, fewer carrots decide."""
    if other_index > index:
        return False
    if index == GOAL_INDEX and other_index == GOAL_INDEX:
        return carrots < other_carrots
    return True


def must_leave(board: Board, player: Player) -> bool:
    """The official "player must advance": forbids eating and cards (not FallBack/Exchange)."""
    field = board.fields[player.index]
    if field is _HEDGEHOG or field is FieldType.START:
        return True
    last = player.last_non_skip_action
    if type(last) is actions.EatSalad:
        return True
    return type(last) is Card and (last.type is _E or last.type is _T)


def must_eat(board: Board, player: Player) -> bool:
    """Standing on a salad field that the last non-skip action moved onto."""
    if board.fields[player.index] is not _SALAD:
        return False
    last = player.last_non_skip_action
    if type(last) is actions.Advance:
        return True
    return type(last) is Card and (last.type is _F or last.type is _H)


def _without(cards: tuple[CardType, ...], card: CardType) -> tuple[CardType, ...]:
    position = cards.index(card)
    return cards[:position] + cards[position + 1 :]


def any_card_playable(  # noqa: PLR0917 - plain positional values: hot path, no allocations
    board: Board,
    index: int,
    carrots: int,
    salads: int,
    cards: tuple[CardType, ...],
    other_index: int,
    other_carrots: int,
) -> bool:
    """``anyCardPlayable`` for a player on a hare field who need not leave it (spec 3.6.6)."""
    for card in cards:
        if card is _T:
            return True
        if card is _E:
            if salads > 0:
                return True
        elif jump_card_ok(
            card is _H,
            board,
            index,
            carrots,
            salads,
            _without(cards, card),
            other_index,
            other_carrots,
        ):
            return True
    return False


def jump_card_ok(  # noqa: PLR0917 - plain positional values: hot path, no allocations
    forward: bool,
    board: Board,
    index: int,
    carrots: int,
    salads: int,
    rest: tuple[CardType, ...],
    other_index: int,
    other_carrots: int,
) -> bool:
    """The HURRY_AHEAD (``forward``, spec 3.6.3) or the FALL_BACK card predicate (spec 3.6.4):
    a jump to just in front of, or just behind, the other hare. ``rest`` is the hand without
    this card."""
    if is_first(index, carrots, other_index, other_carrots) == forward:
        return False
    target = other_index + 1 if forward else other_index - 1
    if target == 0:
        return False  # the start field can never be re-entered
    field = board.type_at(target)
    if field is _INVALID or field is _HEDGEHOG:
        return False
    if field is _SALAD:
        return salads > 0
    if field is _HARE:
        return any_card_playable(board, target, carrots, salads, rest, other_index, other_carrots)
    if field is _GOAL:
        return carrots <= GOAL_MAX_CARROTS and salads == 0
    return True


def advance_ok(board: Board, player: Player, other: Player, distance: int) -> bool:
    """The Advance predicate (spec 3.3), including the hare look-ahead."""
    if distance <= 0 or must_eat(board, player):
        return False
    remaining = player.carrots - cost(distance)
    if remaining < 0:
        return False
    target = player.index + distance
    if target != GOAL_INDEX and other.index == target:
        return False
    field = board.type_at(target)
    if field is _INVALID or field is _HEDGEHOG:
        return False
    if field is _SALAD:
        return player.salads > 0
    if field is _HARE:
        return any_card_playable(
            board, target, remaining, player.salads, player.cards, other.index, other.carrots
        )
    if field is _GOAL:
        return remaining <= GOAL_MAX_CARROTS and player.salads == 0
    return True


def card_ok(board: Board, player: Player, other: Player, card: Card) -> bool:
    """Whether ``card`` may be played now (spec 3.5, 3.6)."""
    if board.fields[player.index] is not _HARE or must_leave(board, player):
        return False
    card_type = card.type
    if card_type not in player.cards:
        return False
    if card_type is _T:
        value = card.value
        return value in (20, 0, -20) and player.carrots + value >= 0
    if card_type is _E:
        return player.salads > 0
    rest = _without(player.cards, card_type)
    return jump_card_ok(
        card_type is _H,
        board,
        player.index,
        player.carrots,
        player.salads,
        rest,
        other.index,
        other.carrots,
    )


def eat_salad_ok(board: Board, player: Player) -> bool:
    return (
        board.fields[player.index] is _SALAD and player.salads > 0 and not must_leave(board, player)
    )


def exchange_ok(board: Board, player: Player, value: int) -> bool:
    if board.fields[player.index] is not _CARROT:
        return False
    return value == 10 or (value == -10 and player.carrots >= 10)


def fall_back_ok(board: Board, player: Player, other: Player) -> bool:
    if must_eat(board, player):
        return False
    hedgehog = board.prev_hedgehog(player.index)
    return hedgehog is not None and other.index != hedgehog


def skip_ok(board: Board, player: Player, other: Player) -> bool:
    """Skip is valid only when nothing else is (spec 3.9, with the official cap of 44)."""
    if (
        board.fields[player.index] is _HARE
        and not must_leave(board, player)
        and any_card_playable(
            board,
            player.index,
            player.carrots,
            player.salads,
            player.cards,
            other.index,
            other.carrots,
        )
    ):
        return False
    if fall_back_ok(board, player, other):
        return False
    if exchange_ok(board, player, 10) or exchange_ok(board, player, -10):
        return False
    if eat_salad_ok(board, player):
        return False
    return not any(
        advance_ok(board, player, other, distance)
        for distance in range(1, max_distance(player.carrots) + 1)
    )


# --- the state ------------------------------------------------------------------------------


class HaseUndIgelState:
    """A Hase und Igel 2018 position; implements :class:`botarena.core.GameState`.

    ``player_states`` holds RED (seat 0) and BLUE (seat 1). The current player is derived
    from ``turn`` (RED on even turns). ``violation`` is set when an invalid move ended the game.
    """

    __slots__ = ("board", "last_move", "player_states", "turn", "violation")

    def __init__(
        self,
        board: Board,
        red: Player | None = None,
        blue: Player | None = None,
        turn: int = 0,
        last_move: Move | None = None,
    ) -> None:
        self.board = board
        self.player_states: tuple[Player, Player] = (red or Player(), blue or Player())
        self.turn = turn
        self.last_move = last_move
        self.violation: Violation | None = None

    # -- GameState protocol ------------------------------------------------------------------

    @property
    def players(self) -> int:
        return 2

    @property
    def red(self) -> Player:
        return self.player_states[RED]

    @property
    def blue(self) -> Player:
        return self.player_states[BLUE]

    @property
    def mover(self) -> Seat:
        """The seat whose turn it is by the turn counter (also after the game ended)."""
        return self.turn & 1

    @property
    def current_seat(self) -> Seat | None:
        return None if self.is_terminal() else self.turn & 1

    def is_terminal(self) -> bool:
        return self.violation is not None or self.win_condition() is not None

    def outcome(self) -> Outcome | None:
        if self.violation is not None:
            return Outcome.violation(
                self.violation.culprit, self.violation.cause, self.violation.reason
            )
        condition = self.win_condition()
        if condition is None:
            return None
        return Outcome(condition.winner, ScoreCause.REGULAR, condition.reason)

    def returns(self) -> tuple[float, ...]:
        outcome = self.outcome()
        return (0.5, 0.5) if outcome is None else outcome.returns(2)

    def scores(self, seat: Seat) -> tuple[int, int]:
        """The statistics after the match points: (field index, carrots)."""
        player = self.player_states[seat]
        return (player.index, player.carrots)

    def clone(self) -> Self:
        copy = type(self)(self.board, self.red.copy(), self.blue.copy(), self.turn, self.last_move)
        copy.violation = self.violation
        return copy

    def view(self, seat: Seat) -> HaseUndIgelState:
        return self  # perfect information

    def legal_moves(self) -> list[Move]:
        if self.is_terminal():
            return []
        mover = self.turn & 1
        return generate_moves(self.board, self.player_states[mover], self.player_states[1 - mover])

    def apply(self, move: Move) -> None:
        """Validate and perform ``move`` of the current player (no rollback on failure)."""
        if self.is_terminal():
            raise InvalidMove(MSG_GAME_OVER, move)
        self.perform(move)

    # -- official move processing ------------------------------------------------------------

    def win_condition(self) -> WinCondition | None:
        """The regular end that holds now (spec 4.1), or ``None``."""
        red, blue = self.player_states
        if self.turn % 2 == 0:
            if red.index == GOAL_INDEX:
                blue_better = blue.index == GOAL_INDEX and blue.carrots < red.carrots
                return WinCondition(BLUE if blue_better else RED, REASON_GOAL)
            if blue.index == GOAL_INDEX:
                return WinCondition(BLUE, REASON_GOAL)
        if self.turn >= ROUND_LIMIT_TURNS:
            if red.index != blue.index:
                winner = RED if red.index > blue.index else BLUE
            else:
                winner = BLUE if red.carrots > blue.carrots else RED
            return WinCondition(winner, REASON_ROUND_LIMIT)
        return None

    def perform(self, move: Move) -> None:
        """Spec 3.2 exactly, without checking whether the game is already over.

        On an invalid move the actions before the failing one stay applied, ``violation`` is
        set and :class:`InvalidMove` is raised with the official message; a card without
        type ends the game as LEFT the same way (:class:`UnplayableMoveError`). ``apply`` is the
        checked entry point; this one exists for replaying official single-move cases.
        """
        seat = self.turn & 1
        player = self.player_states[seat]
        other = self.player_states[1 - seat]
        try:
            performed = self._perform_actions(move, player, other)
        except InvalidMove as error:
            self.violation = Violation(seat, error.reason)
            raise
        except UnplayableMoveError:
            self.violation = Violation(seat, REASON_LEFT, ScoreCause.LEFT)
            raise
        self.last_move = move if performed == move.actions else Move(performed, move.hints)
        self.turn += 1
        # position bonus for the player whose turn starts now (spec 3.12)
        field = self.board.fields[other.index]
        if field is FieldType.POSITION_1:
            if is_first(other.index, other.carrots, player.index, player.carrots):
                other.carrots += POSITION_1_BONUS
        elif field is FieldType.POSITION_2 and is_first(
            player.index, player.carrots, other.index, other.carrots
        ):
            other.carrots += POSITION_2_BONUS

    def _perform_actions(self, move: Move, player: Player, other: Player) -> tuple[Action, ...]:
        if move.actions is None:
            raise InvalidMove(MSG_ACTIONS_NULL, move)
        if not move.actions:
            raise InvalidMove(MSG_NO_ACTIONS, move)
        ordered = move.sorted_actions()
        board = self.board
        must_play_card = False
        for position, action in enumerate(ordered):
            if action.order != position:
                raise InvalidMove(MSG_ORDER, move)
            kind = type(action)
            if kind is Card:
                assert isinstance(action, Card)
                must_play_card = False
                if not card_ok(board, player, other, action):
                    raise InvalidMove(card_message(action.type), move)
                must_play_card = _play_card(board, player, other, action)
                continue
            if kind is actions.UntypedCard:
                raise UnplayableMoveError(f"card without type at order {position}")
            if position != 0:
                raise InvalidMove(MSG_ONLY_CARDS_FOLLOW, move)
            if kind is actions.Advance:
                assert isinstance(action, actions.Advance)
                if not advance_ok(board, player, other, action.distance):
                    raise InvalidMove(advance_message(action.distance), move)
                player.carrots -= cost(action.distance)
                player.index += action.distance
                must_play_card = board.fields[player.index] is _HARE
                player.last_non_skip_action = action
            elif kind is actions.EatSalad:
                if not eat_salad_ok(board, player):
                    raise InvalidMove(MSG_EAT_SALAD, move)
                player.salads -= 1
                ahead = player.index > other.index
                player.carrots += SALAD_BONUS_AHEAD if ahead else SALAD_BONUS_BEHIND
                player.last_non_skip_action = action
            elif kind is actions.ExchangeCarrots:
                assert isinstance(action, actions.ExchangeCarrots)
                if not exchange_ok(board, player, action.value):
                    raise InvalidMove(exchange_message(action.value), move)
                player.carrots += action.value
                player.last_non_skip_action = action
            elif kind is actions.FallBack:
                if not fall_back_ok(board, player, other):
                    raise InvalidMove(MSG_FALL_BACK, move)
                hedgehog = board.prev_hedgehog(player.index)
                assert hedgehog is not None
                player.carrots += FALL_BACK_CARROTS_PER_FIELD * (player.index - hedgehog)
                player.index = hedgehog
                player.last_non_skip_action = action
            elif kind is actions.Skip:
                if not skip_ok(board, player, other):
                    raise InvalidMove(MSG_SKIP, move)
            else:  # pragma: no cover - the Action union is closed
                raise TypeError(f"not a Hase und Igel action: {action!r}")
        if must_play_card:
            raise InvalidMove(MSG_MUST_PLAY_CARD, move)
        return ordered

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, HaseUndIgelState)
            and other.board == self.board
            and other.player_states == self.player_states
            and other.turn == self.turn
            and other.violation == self.violation
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"HaseUndIgelState(turn={self.turn}, red={self.red!r}, blue={self.blue!r}, "
            f"violation={self.violation!r})"
        )


def _play_card(board: Board, player: Player, other: Player, card: Card) -> bool:
    """Apply a validated card; return whether it landed on a hare field (another card due)."""
    card_type = card.type
    landed_on_hare = False
    if card_type is _T:
        player.carrots += card.value
    elif card_type is _E:
        player.salads -= 1
        first = is_first(player.index, player.carrots, other.index, other.carrots)
        player.carrots += SALAD_BONUS_AHEAD if first else SALAD_BONUS_BEHIND
    else:
        player.index = other.index + 1 if card_type is _H else other.index - 1
        landed_on_hare = board.fields[player.index] is _HARE
    player.last_non_skip_action = card
    player.cards = _without(player.cards, card_type)
    return landed_on_hare


# --- legal moves ----------------------------------------------------------------------------

_MAX_ORDER = 8
_ADVANCES = tuple(actions.Advance(distance, 0) for distance in range(GOAL_INDEX + 1))
# Moves are immutable values, so the single-advance moves are shared between all states.
_ADVANCE_MOVES = tuple(Move((advance,)) for advance in _ADVANCES)
_COSTS = tuple(cost(distance) for distance in range(GOAL_INDEX + 1))
# Shared card actions by ``order`` (plain tuples: indexing them is cheaper than hashing enums).
_TAKE_20 = tuple(Card(_T, 20, order) for order in range(_MAX_ORDER))
_TAKE_0 = tuple(Card(_T, 0, order) for order in range(_MAX_ORDER))
_DROP_20 = tuple(Card(_T, -20, order) for order in range(_MAX_ORDER))
_EAT_CARDS = tuple(Card(_E, 0, order) for order in range(_MAX_ORDER))
_HURRY_CARDS = tuple(Card(_H, 0, order) for order in range(_MAX_ORDER))
_FALL_CARDS = tuple(Card(_F, 0, order) for order in range(_MAX_ORDER))
_EAT_MOVE = Move((actions.EatSalad(0),))
_TAKE_10_MOVE = Move((actions.ExchangeCarrots(10, 0),))
_GIVE_10_MOVE = Move((actions.ExchangeCarrots(-10, 0),))
_FALL_BACK_MOVE = Move((actions.FallBack(0),))
_SKIP_MOVE = Move((actions.Skip(0),))


def card_chains(  # noqa: PLR0917 - plain positional values: hot path, no allocations
    board: Board,
    index: int,
    carrots: int,
    salads: int,
    cards: tuple[CardType, ...],
    other_index: int,
    other_carrots: int,
    order: int,
) -> list[tuple[Card, ...]]:
    """Every card sequence a player on a hare field (who need not leave it) may play.

    A sequence continues exactly while a HURRY_AHEAD/FALL_BACK card lands on another hare
    field; it is empty iff ``any_card_playable`` is false.
    """
    chains: list[tuple[Card, ...]] = []
    for position, card_type in enumerate(cards):
        if card_type in cards[:position]:
            continue  # a duplicate card (only in constructed states) gives the same moves
        if card_type is _T:
            chains.append((_TAKE_20[order],))
            chains.append((_TAKE_0[order],))
            if carrots >= 20:
                chains.append((_DROP_20[order],))
            continue
        if card_type is _E:
            if salads > 0:
                chains.append((_EAT_CARDS[order],))
            continue
        hurry = card_type is _H
        first = is_first(index, carrots, other_index, other_carrots)
        if hurry == first:
            continue  # HURRY_AHEAD needs the opponent ahead, FALL_BACK needs us first
        target = other_index + 1 if hurry else other_index - 1
        if target == 0:
            continue
        field = board.type_at(target)
        card = _HURRY_CARDS[order] if hurry else _FALL_CARDS[order]
        if field is _HARE:
            rest = cards[:position] + cards[position + 1 :]
            for tail in card_chains(
                board, target, carrots, salads, rest, other_index, other_carrots, order + 1
            ):
                chains.append((card, *tail))
        elif field is _SALAD:
            if salads > 0:
                chains.append((card,))
        elif field is _GOAL:
            if carrots <= GOAL_MAX_CARROTS and salads == 0:
                chains.append((card,))
        elif field is not _INVALID and field is not _HEDGEHOG:
            chains.append((card,))
    return chains


def generate_moves(board: Board, player: Player, other: Player) -> list[Move]:
    """All legal moves of ``player`` (spec 3.13, extended to card-only moves).

    Card-only moves are legal only in constructed states (a player standing on a hare field
    who need not leave it); they are listed so that the result is complete for any state.
    """
    moves: list[Move] = []
    index = player.index
    field = board.fields[index]
    leave = must_leave(board, player)
    if field is _SALAD and player.salads > 0 and not leave:
        moves.append(_EAT_MOVE)
    elif field is _CARROT:
        moves.append(_TAKE_10_MOVE)
        if player.carrots >= 10:
            moves.append(_GIVE_10_MOVE)
    if not must_eat(board, player):
        hedgehog = board.prev_hedgehog(index)
        if hedgehog is not None and other.index != hedgehog:
            moves.append(_FALL_BACK_MOVE)
        carrots = player.carrots
        salads = player.salads
        other_index = other.index
        fields = board.fields
        costs = _COSTS
        for distance in range(1, GOAL_INDEX + 1 - index):
            remaining = carrots - costs[distance]
            if remaining < 0:
                break
            target = index + distance
            target_field = fields[target]
            if target_field is _HEDGEHOG or (target == other_index and target != GOAL_INDEX):
                continue
            if target_field is _HARE:
                advance = _ADVANCES[distance]
                for chain in card_chains(
                    board, target, remaining, salads, player.cards, other_index, other.carrots, 1
                ):
                    moves.append(Move((advance, *chain)))
            elif target_field is _SALAD:
                if salads > 0:
                    moves.append(_ADVANCE_MOVES[distance])
            elif target_field is _GOAL:
                if remaining <= GOAL_MAX_CARROTS and salads == 0:
                    moves.append(_ADVANCE_MOVES[distance])
            else:
                moves.append(_ADVANCE_MOVES[distance])
    if field is _HARE and not leave:
        for chain in card_chains(
            board,
            index,
            player.carrots,
            player.salads,
            player.cards,
            other.index,
            other.carrots,
            0,
        ):
            moves.append(Move(chain))
    # The official Skip cap (advances > 44 not considered) cannot make Skip legal beside
    # another move: with >= 990 carrots and no salad to eat, one of the 44 fields ahead of
    # any index <= 19 is a free carrot field. So Skip is legal exactly when nothing else is.
    return moves or [_SKIP_MOVE]
