"""The live room list as the server renders it (issue 26): filters and paging from the
query, hostile values refused with a clear error, room names escaped, closed rooms."""

from __future__ import annotations

import pytest

from botarena.web.hub import NEVER_STARTED, LiveHub
from botarena.web.room_list import (
    MAX_FILTER_CHARS,
    ROOMS_PAGE_SIZE,
    FilterError,
    RoomFilter,
    parse_filter,
    render_room_list,
    select,
)
from tests.web.test_limits import fake_room

GAMES = ["piranhas-2019", "piranhas-2026"]


def room(number: int, game: str = "piranhas-2019", status: str = "finished") -> dict[str, object]:
    return {
        "id": f"room-{number}",
        "game": game,
        "names": ["a", "b"],
        "status": status,
        "turn": 3,
        "result": None,
        "resultWords": None,
    }


def test_a_filter_comes_from_the_query() -> None:
    query = {"game": "piranhas-2026", "status": "running", "page": "2"}
    wanted = parse_filter(query, GAMES)
    assert wanted == RoomFilter("piranhas-2026", "running", 2)
    assert wanted.query() == "?game=piranhas-2026&status=running&page=2"
    assert wanted.query(1) == "?game=piranhas-2026&status=running"
    assert parse_filter({}, GAMES) == RoomFilter() and RoomFilter().query() == ""


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"status": "<b>"}, "unknown status '<b>'"),
        ({"page": "0"}, "page must be a whole number"),
        ({"page": "-1"}, "page must be a whole number"),
        ({"page": "1e9x"}, "page must be a whole number"),
        ({"page": "9" * (MAX_FILTER_CHARS + 1)}, f"longer than {MAX_FILTER_CHARS}"),
    ],
)
def test_a_bad_filter_is_refused_with_the_reason(query: dict[str, str], says: str) -> None:
    with pytest.raises(FilterError, match=says):
        parse_filter(query, GAMES)


def test_pages_hold_rooms_page_size_rooms_and_the_last_page_the_rest() -> None:
    rooms = [room(number) for number in range(ROOMS_PAGE_SIZE + 5)]
    first = select(rooms, RoomFilter())
    assert (len(first.rooms), first.page, first.pages, first.total) == (ROOMS_PAGE_SIZE, 1, 2, 25)
    second = select(rooms, RoomFilter(page=2))
    assert [r["id"] for r in second.rooms] == [f"room-{n}" for n in range(ROOMS_PAGE_SIZE, 25)]
    beyond = select(rooms, RoomFilter(page=99))
    assert beyond.page == 2 and beyond.rooms == second.rooms
    assert select([], RoomFilter(page=3)).pages == 1


def test_filters_keep_only_their_game_and_status() -> None:
    rooms = [room(0), room(1, "piranhas-2026"), room(2, "piranhas-2026", "running")]
    kept = select(rooms, RoomFilter(game="piranhas-2026", status="running")).rooms
    assert [r["id"] for r in kept] == ["room-2"]


def test_the_rendered_list_escapes_names_and_shows_the_official_text_on_hover() -> None:
    hostile = room(1)
    hostile["names"] = ["<script>alert(1)</script>", "b"]
    hostile["resultWords"] = {"text": "a (red) wins: bigger swarm", "official": 'Schwarm "x"'}
    html = render_room_list([hostile], RoomFilter(), GAMES)
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    assert 'title="Schwarm &quot;x&quot;">a (red) wins: bigger swarm</td>' in html
    assert 'data-room="room-1" data-status="finished"' in html
    assert '<a href="#/room/room-1" class="replay">' in html
    empty = render_room_list([], RoomFilter(status="closed"), GAMES)
    assert 'id="no-rooms">none<' in empty and '<option value="closed" selected>' in empty


def test_a_room_that_never_started_is_closed_without_a_winner() -> None:
    hub = LiveHub()
    hub.room_created(fake_room("lonely"))  # one bot joined, then left: no game
    hub.finish_room("lonely", ["random", "random"], None, "winner slot 1; 'random' LEFT")
    record = hub.finished["lonely"]
    assert record.status == "closed"
    assert record.result_text == NEVER_STARTED
    assert record.result_words == {
        "text": f"closed: {NEVER_STARTED}",
        "official": "",
        "winner": None,
    }


def test_a_room_noted_as_abandoned_is_closed_even_after_it_started() -> None:
    hub = LiveHub()
    hub.room_created(fake_room("left"))
    hub.start_room("left", ["human", "random"])
    hub.note_end("left", "the human seat was abandoned")
    hub.finish_room("left", ["human", "random"], None, "random wins")
    record = hub.finished["left"]
    assert record.status == "closed" and record.summary()["status"] == "closed"
    assert record.result_words is not None
    assert record.result_words["text"] == "closed: the human seat was abandoned"
