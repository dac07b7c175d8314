"""Mau-Mau on the Mau-Mau server: the rules' events as the original's messages (``PLUGIN``).

The server (:mod:`botarena.server.maumau`) finds this plugin through the registry and asks
a :class:`Table` per game what to send; it never reads a card itself.
"""

from __future__ import annotations

import logging

from botarena.core import InvalidMove, SeededRandom
from botarena.games.maumau.cards import is_card, is_jack
from botarena.games.maumau.render import play_words
from botarena.games.maumau.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    CardDrawn,
    CardPlayed,
    DeckScript,
    GameOver,
    MauMauState,
    Play,
    RuleOptions,
    TurnAnnounced,
    TurnRequested,
)
from botarena.games.maumau.wire import (
    GAME_START,
    SEND_NAME,
    MalformedMove,
    encode_announcement,
    encode_drawn,
    encode_request,
    encode_set_name,
    encode_won,
    parse_handshake,
    parse_move,
)
from botarena.protocol.maumau_json import Line
from botarena.protocol.maumau_plugin import (
    MauMauPlugin,
    MauMauTable,
    Send,
    Step,
    TableResult,
    TableSetup,
    TableView,
)

log = logging.getLogger(__name__)


class Table(MauMauTable):
    """One game: a :class:`MauMauState` and the messages its events become."""

    def __init__(self, state: MauMauState, names: list[str], setup: TableSetup) -> None:
        self.state, self.names = state, names
        self.rules = _rules(setup.rules)
        self.lenient_json = setup.lenient_json
        self._fix = setup.on_fix
        self._action: str | None = None
        """What the seat to move before did, for the next table (:class:`TableView`)."""

    @property
    def current_seat(self) -> int | None:
        return self.state.current_seat

    def is_online(self, seat: int) -> bool:
        return self.state.online[seat]

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def leave(self, *seats: int) -> None:
        self.state.leave(*seats)

    def result(self) -> TableResult:
        state = self.state
        outcome = state.outcome()
        if outcome is None:
            raise ValueError("the game is not over")
        cards_left = [len(hand) for hand in state.hands]
        return TableResult(outcome, state.turns, list(state.valid_plays), cards_left)

    def _table(self, turn: TurnAnnounced | None) -> TableView:
        """The table at a turn announcement (the seat's hand size as announced, before a
        draw-two) or, for ``turn`` ``None``, at the end, with what led to it."""
        state = self.state
        sizes = [len(hand) for hand in state.hands]
        action, self._action = self._action, None
        if turn is None:
            return TableView(state.top_card, state.wish, tuple(sizes), None, action)
        sizes[turn.seat] = turn.cards_left
        if turn.skipped:  # the seat announced now only passes its turn on
            self._action = f"{self.names[turn.seat]} is skipped"
        return TableView(turn.top_card, state.wish, tuple(sizes), turn.seat, action)

    def step(self) -> Step:
        step = Step()
        for event in self.state.drain_events():
            if isinstance(event, CardPlayed):
                self._action = play_words(self.names[event.seat], event.card, event.wish)
            elif isinstance(event, CardDrawn) and event.card >= 0:
                name = self.names[event.seat]
                self._action = (
                    f"{name} is refused, draws a penalty card" if event.penalty else f"{name} draws"
                )
            if isinstance(event, TurnAnnounced):
                name = self.names[event.seat]
                message = encode_announcement(event.top_card, event.cards_left, name, event.skipped)
                step.sends.append(Send(None, message))
                step.tables.append(self._table(event))
            elif isinstance(event, TurnRequested):
                request = encode_request(
                    event.top_card,
                    event.draw_two,
                    event.cards_left,
                    event.wish,
                    event.drawn,
                    event.hand,
                )
                step.sends.append(Send(event.seat, request))
            elif isinstance(event, CardDrawn):
                step.sends.append(Send(event.seat, encode_drawn(event.card, event.penalty)))
            elif isinstance(event, GameOver):
                self._note_ending(event)
                winner = event.outcome.winner
                step.sends.append(
                    Send(None, encode_won(None if winner is None else self.names[winner]))
                )
                step.tables.append(self._table(None))
                step.ending = event.ending
                break
        return step

    def _note_ending(self, over: GameOver) -> None:
        if over.ending == "all_gone":
            self._fix("all_gone_ends_game", "every player left: game over, no winner", None)
        if (
            over.ending in ("exhaustion", "turn_cap")
            and self.rules.exhaustion_winner == "most_plays"
        ):
            self._fix("exhaustion_winner", f"{over.ending}: winner by most valid plays", None)

    def answer(self, line: Line) -> None:
        state = self.state
        seat = state.current_seat
        move = parse_move(line, self.lenient_json)
        if isinstance(move, MalformedMove):
            if not self.lenient_json and not isinstance(parse_move(line, True), MalformedMove):
                self._fix("strict_json", "json-simple would accept this line: penalty", seat)
            log.debug("seat %s: malformed move: %s", seat, move.reason)
            state.penalize()
            return
        if isinstance(move, Play):
            self._note_play_fixes(move, seat)
        try:
            state.apply(move)
        except InvalidMove as error:  # one penalty card, no second try (spec §8.2)
            log.debug("seat %s: invalid move: %s", seat, error.reason)
            state.penalize()

    def _note_play_fixes(self, move: Play, seat: int | None) -> None:
        state = self.state
        if not is_card(move.card):
            if not self.rules.out_of_range_card_is_card_one:
                self._fix("out_of_range_card", f"selectedCard {move.card}: invalid move", seat)
            return
        jack_on_plain = is_jack(move.card) and not is_jack(state.top_card)
        legal = move.card in state.hands[seat or 0] and state.is_legal_card(move.card)
        if (
            jack_on_plain
            and legal
            and move.wish is None
            and not self.rules.jack_without_wish_penalty
        ):
            self._fix("jack_without_wish", "jack without usable wishedColor: Pik", seat)


class Plugin(MauMauPlugin):
    game_type = "maumau"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    send_name = SEND_NAME
    game_start = GAME_START

    def default_rules(self) -> RuleOptions:
        return RuleOptions()

    def read_name(self, line: Line, lenient_json: bool) -> tuple[str | None, str]:
        handshake = parse_handshake(line, lenient_json)
        return handshake.name, handshake.problem

    def name_reply(self, name: str, accepted: bool) -> bytes:
        return encode_set_name(name, accepted)

    def new_table(self, rng: SeededRandom, names: list[str], setup: TableSetup) -> Table:
        script = setup.script
        if script is not None and not isinstance(script, DeckScript):
            raise TypeError(f"a Mau-Mau deal must be a DeckScript, not {type(script).__name__}")
        state = MauMauState(rng, len(names), _rules(setup.rules), script)
        return Table(state, names, setup)


def _rules(rules: object) -> RuleOptions:
    if not isinstance(rules, RuleOptions):
        raise TypeError(f"Mau-Mau rules must be RuleOptions, not {type(rules).__name__}")
    return rules


PLUGIN = Plugin()
