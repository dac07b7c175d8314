"""A human seat's offers (legal moves from our engine, with where they act) and its time per
move, on a ManualClock: no browser, no server."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from lxml import etree

from botarena.core import SeededRandom
from botarena.games.registry import GAMES, SC_XML, GameSpec, lookup
from botarena.protocol.sc_messages import Memento, MoveRequest
from botarena.server.manual_clock import ManualClock
from botarena.web.admin import PrepareError, prepare_from_state
from botarena.web.human import HumanSeat
from botarena.web.move_offers import move_offers, score_text
from botarena.web.result_words import side_label

SC_GAMES = [spec for spec in GAMES if spec.protocol == SC_XML]


def initial_state(spec: GameSpec, seed: int = 1) -> Any:
    return spec.load_rules().new_initial_state(SeededRandom(seed))


@pytest.mark.parametrize("spec", SC_GAMES, ids=lambda spec: spec.id)
def test_every_legal_move_is_offered_with_its_label(spec: GameSpec) -> None:
    state = initial_state(spec)
    moves, offers = move_offers(spec, state)
    legal = list(state.legal_moves())
    assert len(moves) == len(offers) == len(legal) > 0
    move_text = spec.part("render:move_text")
    assert [offer["label"] for offer in offers] == [move_text(move) for move in legal]


@pytest.mark.parametrize("game", ["piranhas-2019", "piranhas-2026"])
def test_piranhas_offers_name_the_fish_and_the_engines_target(game: str) -> None:
    spec = lookup(game)
    assert spec is not None
    state = initial_state(spec)
    _, offers = move_offers(spec, state)
    for move, offer in zip(state.legal_moves(), offers, strict=True):
        assert offer["from"] == [move.x, move.y]
        assert offer["to"] == list(state.move_target(move))


@pytest.mark.parametrize("game", ["blokus-2021", "blokus-2027"])
def test_blokus_offers_name_the_cells_the_piece_covers(game: str) -> None:
    spec = lookup(game)
    assert spec is not None
    state = initial_state(spec)
    _, offers = move_offers(spec, state)
    for move, offer in zip(state.legal_moves(), offers, strict=True):
        assert offer["piece"] == move.kind.name
        assert offer["cells"] == [list(cell) for cell in move.cells()]


def test_hase_und_igel_offers_the_field_a_move_ends_on() -> None:
    spec = lookup("hase_und_igel-2018")
    assert spec is not None
    state = initial_state(spec)
    _, offers = move_offers(spec, state)
    for move, offer in zip(state.legal_moves(), offers, strict=True):
        after = state.clone()
        after.apply(move)
        assert offer["field"] == after.red.index > 0  # every first move advances red


def test_score_text_reads_the_state_with_our_engine() -> None:
    spec = lookup("piranhas-2019")
    assert spec is not None
    state = initial_state(spec)
    xml = etree.tostring(spec.part("xml:state_to_element")(state), encoding="unicode")
    assert score_text(spec, xml) == "red swarm 8, blue swarm 8"


def offered_seat(time_limit_s: float | None, clock: ManualClock) -> HumanSeat:
    """A seat that was sent a state and a move request (no connection: nothing is sent)."""
    spec = lookup("piranhas-2019")
    assert spec is not None
    seat = HumanSeat(spec, "127.0.0.1", 0, "code", time_limit_s=time_limit_s, clock=clock)
    seat._on_message(Memento("r", spec.part("xml:state_to_element")(initial_state(spec))))
    seat._on_message(MoveRequest("r"))
    return seat


def test_a_seat_without_time_limit_waits_forever() -> None:
    clock = ManualClock()
    seat = offered_seat(None, clock)
    clock.advance(10_000)
    assert seat.moves and not seat.timed_out


def test_the_time_per_move_withdraws_the_offer_when_it_is_up() -> None:
    clock = ManualClock()
    seat = offered_seat(5.0, clock)
    clock.advance(4.9)
    assert seat.moves and not seat.timed_out
    clock.advance(0.2)
    assert seat.timed_out and seat.moves == [] and seat.offers == []
    assert seat.play(0) == "it is not your turn"


def test_a_move_in_time_stops_the_clock() -> None:
    clock = ManualClock()
    seat = offered_seat(5.0, clock)
    clock.advance(4.0)
    assert seat.play(0) is None
    clock.advance(100)
    assert not seat.timed_out


@pytest.mark.parametrize("seconds", [0, -1, True, "5", 1e9])
def test_prepare_refuses_a_bad_time_per_move(seconds: object) -> None:
    body = {"game": "piranhas-2019", "state": None, "seats": ["human", "random"]}
    with pytest.raises(PrepareError, match="time per move"):  # before any connection
        asyncio.run(prepare_from_state("127.0.0.1", 1, "pw", {**body, "timePerMove": seconds}))


@pytest.mark.parametrize(
    ("game", "seat", "side"),
    [
        ("piranhas-2019", 0, "red"),
        ("piranhas-2019", 1, "blue"),
        ("hase_und_igel-2018", 1, "blue"),
        ("piranhas-2026", 0, "ONE"),
        ("piranhas-2026", 1, "TWO"),
        ("blokus-2021", 0, "ONE (BLUE, RED)"),
        ("blokus-2027", 1, "TWO (YELLOW, GREEN)"),
        ("maumau", 0, ""),
        ("piranhas-2026", 2, ""),
    ],
)
def test_side_label_names_the_seats_side_in_the_seasons_words(
    game: str, seat: int, side: str
) -> None:
    assert side_label(game, seat) == side


def test_blokus_side_colours_are_the_engines_team_colours() -> None:
    from botarena.core import Team  # noqa: PLC0415
    from botarena.games.blokus.colors import TEAM_COLOURS  # noqa: PLC0415

    for game in ("blokus-2021", "blokus-2027"):
        spec = lookup(game)
        assert spec is not None
        engine = tuple(tuple(c.name for c in TEAM_COLOURS[team]) for team in (Team.ONE, Team.TWO))
        assert spec.side_colours == engine


def test_the_turn_message_names_the_seat_and_its_side() -> None:
    spec = lookup("piranhas-2019")
    assert spec is not None
    seat = HumanSeat(spec, "127.0.0.1", 0, "code", seat=1, clock=ManualClock())
    message = json.loads(seat.turn_message())
    assert (message["seatIndex"], message["side"]) == (1, "blue")
    assert message["pieces"] is None  # a tray only for Blokus


def test_the_turn_message_counts_the_time_left_from_the_move_request() -> None:
    clock = ManualClock()
    seat = offered_seat(5.0, clock)
    assert json.loads(seat.turn_message())["timeLeft"] == 5.0
    clock.advance(2.0)
    assert json.loads(seat.turn_message())["timeLeft"] == pytest.approx(3.0)
    assert seat.play(0) is None
    assert json.loads(seat.turn_message())["timeLeft"] is None  # no move offered: no clock


def test_without_a_time_per_move_there_is_no_time_left() -> None:
    seat = offered_seat(None, ManualClock())
    assert json.loads(seat.turn_message())["timeLeft"] is None


@pytest.mark.parametrize("game", ["blokus-2021", "blokus-2027"])
def test_every_blokus_offer_is_one_of_its_pieces_tray_orientations(game: str) -> None:
    """The tray matches a turned piece to the server's offers by their cells: every offered
    placement's shape is one of the eight orientations the turn message sends."""
    spec = lookup(game)
    assert spec is not None and spec.piece_orientations is not None
    orientations = spec.piece_orientations()
    assert len(orientations) == 21 and all(len(turns) == 8 for turns in orientations.values())
    state = initial_state(spec)
    for _ in range(6):  # past the start pieces: placements of every kind of piece
        state.apply(state.legal_moves()[0])
    _, offers = move_offers(spec, state)
    placements = [offer for offer in offers if "cells" in offer]
    assert len({offer["piece"] for offer in placements}) > 5
    for offer in placements:
        xs, ys = [x for x, _ in offer["cells"]], [y for _, y in offer["cells"]]
        shape = sorted([x - min(xs), y - min(ys)] for x, y in offer["cells"])
        assert shape in [sorted(cells) for cells in orientations[offer["piece"]]]
        assert offer["color"] == state.current_color.name


def test_a_blokus_seat_sends_its_pieces_with_the_offer() -> None:
    spec = lookup("blokus-2027")
    assert spec is not None
    seat = HumanSeat(spec, "127.0.0.1", 0, "code", seat=0, clock=ManualClock())
    seat._on_message(Memento("r", spec.part("xml:state_to_element")(initial_state(spec))))
    assert json.loads(seat.turn_message())["pieces"] is None  # nothing offered yet
    seat._on_message(MoveRequest("r"))
    message = json.loads(seat.turn_message())
    assert message["side"] == "ONE (BLUE, RED)"
    offered = {offer["piece"] for offer in message["offers"] if "piece" in offer}
    assert offered and offered <= set(message["pieces"])
    assert message["pieces"]["MONO"] == [[[0, 0]]] * 8
