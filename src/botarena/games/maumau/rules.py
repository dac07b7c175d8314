"""Mau-Mau rules as the Free-Hack 2017 contest server enforces them (spec §6-§7), pure, no I/O.

A :class:`MauMauState` is always positioned at a decision: the seat in :attr:`current_seat`
has been announced and has received its turn request, and must now play a card, draw, or
(when its answer was unusable) take a penalty card. Everything that happens between two
decisions (announcements of skipped turns, draw-two penalties, the end of the game) is
recorded as events in :attr:`MauMauState.events`; a server turns those events into wire
messages, so the message flow follows the rules exactly and lives in one place.

Deliberate differences from the original server (spec §13.2) are the defaults; the switches
in :class:`RuleOptions` bring back the original behaviour for replaying old transcripts.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from botarena.core import InvalidMove, Outcome, ScoreCause, Seat, SeededRandom
from botarena.games.maumau.cards import (
    DECK_SIZE,
    NO_WISH,
    SUITS,
    is_card,
    is_eight,
    is_jack,
    is_seven,
    rank,
    suit,
)

HAND_SIZE = 7
"""Cards dealt to every player."""
MIN_PLAYERS = 2
MAX_PLAYERS = 4
"""The original's GUI allows 2-4 players (32 - 1 - 4 * 7 = 3 cards stay in the talon)."""
MAX_TURNS_PER_GAME = 1000
"""Safety cap (spec §13.2): after this many turn requests the game ends by the exhaustion rule,
so bots that keep cycling cards (play, draw, reshuffle, ...) cannot stall a tournament."""
DRAW_TWO = 2

ExhaustionRule = Literal["most_plays", "highest_seat"]
Ending = Literal["empty_hand", "exhaustion", "turn_cap", "last_player", "all_gone"]


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """Rule switches. The defaults are botarena's fixed behaviour (spec §13.2)."""

    max_turns: int = MAX_TURNS_PER_GAME
    exhaustion_winner: ExhaustionRule = "most_plays"
    """``most_plays``: most accepted plays, then fewer cards, then lower seat (the seed's rule).
    ``highest_seat``: the original's bug, always the highest connected seat."""
    out_of_range_card_is_card_one: bool = False
    """Original: ``selectedCard`` outside 0..31 is silently replaced by card 1 (Karo 7)."""
    jack_without_wish_penalty: bool = False
    """Original: a jack with a missing/non-integer ``wishedColor`` is played *and* penalised,
    with no wish. Fixed: treated like an out-of-range wish (Pik), no penalty."""
    win_before_exhaustion: bool = True
    """Fixed: an emptied hand wins even if a draw failed in the same turn (original: the
    exhaustion check runs first)."""
    draw_two_uses_last_card: bool = True
    """Fixed: a draw-two with one card left in the talon hands it out before reshuffling.
    Original: the reshuffled discard pile goes on top of that card."""


# ----------------------------------------------------------------------------- moves


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``; ``wish`` is the ``wishedColor`` value as sent (any int), or ``None``
    when it was missing or not an integer. Only read when a jack goes on a non-jack."""

    card: int
    wish: int | None = NO_WISH


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card instead of playing (the wire's ``"status":"skip"``)."""


Move = Play | Draw
DRAW = Draw()


# ----------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class TurnAnnounced:
    """A seat's turn begins (broadcast). ``cards_left`` is counted before any draw-two."""

    seat: Seat
    top_card: int
    cards_left: int
    skipped: bool


@dataclass(frozen=True, slots=True)
class TurnRequested:
    """The seat to move is asked for its move (sent to that seat only).

    ``draw_two`` is True/False, or ``None`` when a draw-two failed for lack of cards (the wire
    then omits the member). ``hand`` is the whole hand in the seat's first request only.
    """

    seat: Seat
    top_card: int
    draw_two: bool | None
    drawn: tuple[int, ...]
    cards_left: int
    wish: int
    hand: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: Seat
    card: int
    wish: int


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """A card went to ``seat``: a voluntary draw (``penalty`` False) or a penalty card.
    ``card`` is -1 when no card could be drawn (the game then ends after this turn)."""

    seat: Seat
    card: int
    penalty: bool


@dataclass(frozen=True, slots=True)
class SeatLeft:
    seat: Seat


@dataclass(frozen=True, slots=True)
class GameOver:
    outcome: Outcome
    ending: Ending


Event = TurnAnnounced | TurnRequested | CardPlayed | CardDrawn | SeatLeft | GameOver


# ----------------------------------------------------------------------------- deck script


@dataclass
class DeckScript:
    """A forced deal for replaying a recorded game (the conformance command needs it).

    ``top``: the initial top card; ``hands``: each seat's dealt hand (``None`` when unknown);
    ``draws``: per seat, the cards that seat received from the talon, in order. When a seat
    draws, its next scripted card is taken from the talon if it is there: this is the same
    as forcing the shuffle's order, decided lazily.
    """

    top: int
    hands: list[list[int] | None]
    draws: list[deque[int]] = field(default_factory=list)

    def initial_deck(self, players: int) -> list[int]:
        """The deck in dealing order: top card, then seven cards per seat, then the talon."""
        known = {self.top}
        for hand in self.hands:
            known.update(hand or ())
        drawn_later = {card for queue in self.draws for card in queue}
        spare = [c for c in range(DECK_SIZE) if c not in known and c not in drawn_later]
        spare += [c for c in range(DECK_SIZE) if c not in known and c in drawn_later]
        order = [self.top]
        for seat in range(players):
            hand = self.hands[seat] if seat < len(self.hands) else None
            if hand is None:
                hand = spare[:HAND_SIZE]
            spare = [card for card in spare if card not in hand]
            order += hand
        talon = [c for c in range(DECK_SIZE) if c not in order]
        return order + talon

    def next_for(self, seat: Seat, talon: list[int]) -> int | None:
        """Index in ``talon`` of the card ``seat`` is scripted to draw next, if present."""
        if seat >= len(self.draws) or not self.draws[seat]:
            return None
        wanted = self.draws[seat].popleft()
        try:
            return talon.index(wanted)
        except ValueError:
            return None


# ----------------------------------------------------------------------------- state


class MauMauState:
    """One game of Mau-Mau for 2-4 seats. See the module docstring for the turn model."""

    def __init__(
        self,
        rng: SeededRandom,
        players: int = 2,
        options: RuleOptions | None = None,
        script: DeckScript | None = None,
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Mau-Mau needs {MIN_PLAYERS}-{MAX_PLAYERS} players, got {players}")
        self._players = players
        self.options = options or RuleOptions()
        self.rng = rng
        self.seed = rng.seed_value
        self.script = script
        if script is not None:
            deck = script.initial_deck(players)
        else:
            deck = list(range(DECK_SIZE))
            rng.shuffle(deck)
        self.pile: list[int] = [deck[0]]
        self.hands: list[list[int]] = [
            deck[1 + seat * HAND_SIZE : 1 + (seat + 1) * HAND_SIZE] for seat in range(players)
        ]
        # The talon is drawn from its end: reverse the rest so deck order = draw order.
        self.talon: list[int] = deck[1 + players * HAND_SIZE :][::-1]
        self.wish = NO_WISH
        self.top_is_initial = True
        self.skip_pending = [False] * players
        self.draw_two_pending = [False] * players
        self.hand_sent = [False] * players
        self.online = [True] * players
        self.valid_plays = [0] * players
        self.penalties = [0] * players
        self.turns = 0
        self.reshuffles = 0
        self.draw_failed = False
        self._seat: Seat | None = None
        self._outcome: Outcome | None = None
        self._last_leaver: Seat | None = None
        self.events: list[Event] = []
        self._begin_turns_from(0)

    # -- GameState protocol -----------------------------------------------------------

    @property
    def players(self) -> int:
        return self._players

    @property
    def current_seat(self) -> Seat | None:
        return None if self._outcome is not None else self._seat

    @property
    def top_card(self) -> int:
        return self.pile[-1]

    def legal_moves(self) -> Sequence[Move]:
        seat = self.current_seat
        if seat is None:
            return []
        moves: list[Move] = [DRAW]
        for card in self.hands[seat]:
            if self.is_legal_card(card):
                if is_jack(card) and not is_jack(self.top_card):
                    moves += [Play(card, wish) for wish in range(SUITS)]
                else:
                    moves.append(Play(card))
        return moves

    def is_legal_card(self, card: int) -> bool:
        """Spec §7.2: with a wish, a non-jack of the wished suit; else suit, rank or any jack."""
        top = self.pile[-1]
        if self.wish != NO_WISH:
            return suit(card) == self.wish and not is_jack(card)
        return suit(card) == suit(top) or rank(card) == rank(top) or is_jack(card)

    def apply(self, move: Move) -> None:
        """Perform ``move`` for the seat to move; raise :class:`InvalidMove` (state unchanged)
        when it is not allowed. The server answers an invalid move with :meth:`penalize`."""
        seat = self._require_seat()
        if isinstance(move, Draw):
            card = self._draw_one(seat)
            self.events.append(CardDrawn(seat, card, penalty=False))
            self._end_turn(seat)
            return
        card = move.card
        if not is_card(card):
            if not self.options.out_of_range_card_is_card_one:
                raise InvalidMove(f"card {card!r} is not a card id 0..31", move)
            card = 1
        hand = self.hands[seat]
        if card not in hand:
            raise InvalidMove(f"card {card} is not in the hand", move)
        if not self.is_legal_card(card):
            raise InvalidMove(f"card {card} does not fit on {self.top_card}", move)
        reads_wish = is_jack(card) and not is_jack(self.top_card)
        wish_missing = reads_wish and move.wish is None
        hand.remove(card)
        self.pile.append(card)
        self.top_is_initial = False
        self.valid_plays[seat] += 1
        self.wish = NO_WISH
        if reads_wish:
            if wish_missing and self.options.jack_without_wish_penalty:
                self.wish = NO_WISH
            else:
                wish = move.wish
                self.wish = wish if wish is not None and 0 <= wish < SUITS else 0
        elif is_eight(card):
            self.skip_pending[self._next_online(seat)] = True
        elif is_seven(card):
            self.draw_two_pending[self._next_online(seat)] = True
        self.events.append(CardPlayed(seat, card, self.wish))
        if wish_missing and self.options.jack_without_wish_penalty:
            self._penalty_card(seat)
        self._end_turn(seat)

    def penalize(self) -> None:
        """The seat to move gave an unusable answer: it draws one penalty card, turn over."""
        seat = self._require_seat()
        self._penalty_card(seat)
        self._end_turn(seat)

    def leave(self, *seats: Seat) -> None:
        """``seats`` disconnected or timed out (together): they take no further part, with no
        penalty card. If the seat to move left, the next seat's turn begins; if nobody is
        left the game ends without a winner."""
        leaving = [s for s in seats if self.online[s]]
        if self._outcome is not None or not leaving:
            return
        for seat in leaving:
            self.online[seat] = False
            self._last_leaver = seat
            self.skip_pending[seat] = self.draw_two_pending[seat] = False
            self.events.append(SeatLeft(seat))
        if self._seat in leaving:
            self._begin_turns_from(self._following(self._seat))
        else:
            self._check_players_left()

    def outcome(self) -> Outcome | None:
        return self._outcome

    def is_terminal(self) -> bool:
        return self._outcome is not None

    def returns(self) -> tuple[float, ...]:
        if self._outcome is None:
            return tuple(0.5 for _ in range(self._players))
        return self._outcome.returns(self._players)

    def scores(self, seat: Seat) -> tuple[int | float, ...]:
        return (self.valid_plays[seat], len(self.hands[seat]))

    def clone(self) -> MauMauState:
        return copy.deepcopy(self)

    def view(self, seat: Seat) -> MauMauView:
        return MauMauView(
            seat=seat,
            hand=tuple(self.hands[seat]),
            top_card=self.top_card,
            wish=self.wish,
            hand_sizes=tuple(len(hand) for hand in self.hands),
            talon_size=len(self.talon),
            current_seat=self.current_seat,
        )

    def drain_events(self) -> list[Event]:
        """The events since the last call (and forget them)."""
        events, self.events = self.events, []
        return events

    # -- turn sequence ------------------------------------------------------------------

    def _require_seat(self) -> Seat:
        if self._outcome is not None or self._seat is None:
            raise InvalidMove("the game is over")
        return self._seat

    def _following(self, seat: Seat) -> Seat:
        return (seat + 1) % self._players

    def _next_online(self, seat: Seat) -> Seat:
        """The seat a 7 or 8 hits: the next seat that is still playing (never by name)."""
        nxt = self._following(seat)
        while not self.online[nxt] and nxt != seat:
            nxt = self._following(nxt)
        return nxt

    def _end_turn(self, seat: Seat) -> None:
        self.turns += 1
        if self.options.win_before_exhaustion and not self.hands[seat]:
            self._finish(Outcome(winner=seat, reason="empty hand"), "empty_hand")
        elif self.draw_failed:
            self._finish_by_exhaustion("exhaustion")
        elif not self.hands[seat]:
            self._finish(Outcome(winner=seat, reason="empty hand"), "empty_hand")
        elif self.turns >= self.options.max_turns:
            self._finish_by_exhaustion("turn_cap")
        else:
            self._begin_turns_from(self._following(seat))

    def _check_players_left(self) -> bool:
        remaining = [seat for seat in range(self._players) if self.online[seat]]
        if len(remaining) > 1:
            return False
        culprit = self._last_leaver if self._last_leaver is not None else 0
        if remaining:
            outcome = Outcome(
                winner=remaining[0],
                cause=ScoreCause.LEFT,
                reason="all other players left",
                culprit=culprit,
            )
            self._finish(outcome, "last_player")
        else:
            outcome = Outcome(
                winner=None, cause=ScoreCause.LEFT, reason="all players left", culprit=culprit
            )
            self._finish(outcome, "all_gone")
        return True

    def _begin_turns_from(self, seat: Seat) -> None:
        """Announce turns from ``seat`` on until a seat must decide (or the game ends)."""
        if self._check_players_left():
            return
        while True:
            if not self.online[seat]:
                seat = self._following(seat)
                continue
            skipped = self.skip_pending[seat]
            hand = self.hands[seat]
            self.events.append(TurnAnnounced(seat, self.top_card, len(hand), skipped))
            if skipped:
                self.skip_pending[seat] = False
                seat = self._following(seat)
                continue
            draw_two: bool | None = False
            drawn: tuple[int, ...] = ()
            if self.draw_two_pending[seat]:
                cards = self._draw_two(seat)
                if cards is None:
                    draw_two = None
                    self.draw_failed = True
                else:
                    draw_two, drawn = True, cards
                    self.draw_two_pending[seat] = False
            top = self.top_card
            wish = self.wish if is_jack(top) else NO_WISH
            first = not self.hand_sent[seat]
            self.hand_sent[seat] = True
            shown = tuple(hand) if first else None
            self.events.append(TurnRequested(seat, top, draw_two, drawn, len(hand), wish, shown))
            self._seat = seat
            return

    def _finish(self, outcome: Outcome, ending: Ending) -> None:
        self._outcome = outcome
        self._seat = None
        self.events.append(GameOver(outcome, ending))

    def _finish_by_exhaustion(self, ending: Literal["exhaustion", "turn_cap"]) -> None:
        online = [seat for seat in range(self._players) if self.online[seat]]
        if self.options.exhaustion_winner == "highest_seat":
            winner = online[-1]
        else:
            winner = min(online, key=lambda s: (-self.valid_plays[s], len(self.hands[s]), s))
        reason = "no cards left to draw" if ending == "exhaustion" else "turn limit reached"
        self._finish(Outcome(winner=winner, reason=reason), ending)

    # -- cards --------------------------------------------------------------------------

    def _penalty_card(self, seat: Seat) -> None:
        card = self._draw_one(seat)
        self.penalties[seat] += 1
        self.events.append(CardDrawn(seat, card, penalty=True))

    def _reshuffle(self) -> None:
        """Shuffle the discard pile below the top card onto the talon (remaining talon cards
        stay underneath, as in the original)."""
        below = self.pile[:-1]
        if not below:
            return
        del self.pile[:-1]
        self.rng.shuffle(below)
        self.talon = self.talon + below  # the talon's end is its top
        self.reshuffles += 1

    def _take(self, seat: Seat) -> int:
        index = self.script.next_for(seat, self.talon) if self.script is not None else None
        card = self.talon.pop() if index is None else self.talon.pop(index)
        self.hands[seat].append(card)
        return card

    def _draw_one(self, seat: Seat) -> int:
        if not self.talon:
            self._reshuffle()
        if not self.talon:
            self.draw_failed = True
            return -1
        return self._take(seat)

    def _draw_two(self, seat: Seat) -> tuple[int, int] | None:
        """Two cards for a 7, or ``None`` when fewer than two cards are left at all."""
        if len(self.talon) + len(self.pile) - 1 < DRAW_TWO:
            return None
        if len(self.talon) < DRAW_TWO:
            if self.options.draw_two_uses_last_card and self.talon:
                first = self._take(seat)
                self._reshuffle()
                return first, self._take(seat)
            self._reshuffle()
        return self._take(seat), self._take(seat)


@dataclass(frozen=True, slots=True)
class MauMauView:
    """What one seat may see: its own hand, the top card, the wish and everyone's hand size."""

    seat: Seat
    hand: tuple[int, ...]
    top_card: int
    wish: int
    hand_sizes: tuple[int, ...]
    talon_size: int
    current_seat: Seat | None
