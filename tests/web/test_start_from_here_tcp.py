"""Start-from-here and human seats over real TCP, without a browser: the web's admin request
(in the generation of the season's server) prepares a room from a replay position, two
human seats join it through the SC client core and take turns."""

from __future__ import annotations

import asyncio

import pytest
from lxml import etree

from botarena.core import SeededRandom
from botarena.games.registry import lookup
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig
from botarena.web.admin import prepare_from_state
from botarena.web.human import HumanSeat
from tests.event_loop import until

PASSWORD = "pw"


@pytest.mark.parametrize("game", ["piranhas-2019", "piranhas-2026", "blokus-2027"])
def test_two_human_seats_play_from_a_given_position(game: str) -> None:
    spec = lookup(game)
    assert spec is not None
    state = spec.load_rules().new_initial_state(SeededRandom(7))
    first = state.legal_moves()[0]
    state.apply(first)  # a position after one move, as a replay offers it
    state_xml = etree.tostring(spec.part("xml:state_to_element")(state), encoding="unicode")

    async def scenario() -> None:
        server = ScServer(ServerConfig(port=0, host="127.0.0.1", password=PASSWORD))
        await server.start()
        seats: list[HumanSeat] = []
        try:
            body = {"game": game, "state": state_xml, "seats": ["human", "human"]}
            answer = await prepare_from_state("127.0.0.1", server.port, PASSWORD, body)
            codes = answer["humanCodes"]
            assert isinstance(codes, dict) and sorted(codes) == [0, 1]
            seats = [HumanSeat(spec, "127.0.0.1", server.port, codes[i]) for i in (0, 1)]
            for seat in seats:
                seat.start()
            await until(lambda: any(seat.moves for seat in seats))
            mover = next(seat for seat in seats if seat.moves)
            other = next(seat for seat in seats if seat is not mover)
            assert mover.room_id == answer["roomId"]
            assert mover.state_xml is not None and len(mover.moves) == len(state.legal_moves())
            assert etree.fromstring(mover.state_xml).get("turn") == "1"  # the given position
            assert mover.play(0) is None
            await until(lambda: bool(other.moves))  # the server took the move: the turn passed
        finally:
            for seat in seats:
                seat.close()
            await server.stop()

    asyncio.run(scenario())


def test_a_new_game_of_an_unknown_game_is_a_clear_error() -> None:
    body = {"game": "no-such-game", "state": None, "seats": ["open", "open"]}
    with pytest.raises(ValueError, match="not a Software-Challenge game"):
        asyncio.run(prepare_from_state("127.0.0.1", 1, PASSWORD, body))
