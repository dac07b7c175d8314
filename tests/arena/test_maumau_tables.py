"""Mau-Mau tables in the arena: the games it plays, a table's settings (the wall clock) and
sizes, the ranks of a table's result, the worker's job for a leased table and its result
(every seat's rank, points and cause), and a table of built-in players played with the
league's table function."""

from __future__ import annotations

import asyncio
import gzip
import json
from pathlib import Path

import pytest

from botarena.arena.records import Lease, LeaseSeat, MatchResult, SeatResult
from botarena.arena.service import (
    Arena,
    ArenaError,
    game_id,
    init_folder,
    ranks_of,
    table_sizes,
)
from botarena.arena.worker import match_result, play_lease, table_job
from botarena.confine import NO_CONFINEMENT
from botarena.core import SeededRandom
from botarena.league.jobs import MAUMAU_MOVE_TIMEOUT_S
from botarena.runner.record import REGULAR, GameRecord, SlotRecord

SETTINGS = {
    "connect_timeout_s": 30.0,
    "game_timeout_s": 60.0,
    "exit_grace_s": 2.0,
    "clock": "wall",
    "move_timeout_s": 3.0,
}


def seat_result(points: int, rank: int | None) -> SeatResult:
    return SeatResult(points, REGULAR, None, None, None, rank)


def table_result(*seats: SeatResult) -> MatchResult:
    return MatchResult(match=1, seats=seats, void=False, cause=REGULAR, moves=30, duration_s=1)


def lease(*seats: LeaseSeat, settings: dict[str, object] | None = None) -> Lease:
    return Lease(
        match=7,
        game="maumau",
        kind="ladder",
        seed=1234,
        settings=dict(SETTINGS if settings is None else settings),
        version="t",
        seats=seats,
        attempt=1,
        lease_s=60.0,
    )


def test_the_arena_plays_maumau_at_tables_of_two_to_four() -> None:
    assert game_id("maumau") == "maumau-2017"
    assert table_sizes("maumau-2017") == (2, 3, 4)
    assert table_sizes("piranhas") == (2,)
    with pytest.raises(ArenaError, match="maumau-2017"):
        game_id("chess")


def test_a_maumau_match_runs_on_the_wall_clock_whatever_the_arenas_clock(
    tmp_path: Path,
) -> None:
    init_folder(tmp_path / "arena", "Olga")
    arena = Arena(tmp_path / "arena", move_clock="cpu")
    try:
        assert arena.settings("piranhas")["clock"] == "cpu"
        maumau = arena.settings("maumau-2017")
        assert maumau["clock"] == "wall"
        assert maumau["move_timeout_s"] == MAUMAU_MOVE_TIMEOUT_S
    finally:
        arena.close()


def test_a_tables_posted_ranks_count_beyond_its_points() -> None:
    # the winner, then fewer cards left: the two losers (0 points each) are not tied
    result = table_result(seat_result(0, 3), seat_result(2, 1), seat_result(0, 2))
    assert ranks_of(result) == [3, 1, 2]


def test_without_posted_ranks_a_result_is_ranked_by_points() -> None:
    assert ranks_of(table_result(seat_result(2, None), seat_result(0, None))) == [1, 2]
    assert ranks_of(table_result(seat_result(1, None), seat_result(1, None))) == [1, 1]


@pytest.mark.parametrize("ranks", [(0, 1, 2), (1, 2, 4), (2, 2, 3)])
def test_ranks_that_are_no_ranks_of_the_table_are_refused(ranks: tuple[int, ...]) -> None:
    result = table_result(*(seat_result(0, rank) for rank in ranks))
    with pytest.raises(ArenaError, match="not ranks of 3 seats"):
        ranks_of(result)


def test_a_table_result_keeps_every_seats_rank_points_and_failure() -> None:
    seats = (LeaseSeat("a-v1", 1, "x"), LeaseSeat("b-v1", 2, "y"), LeaseSeat("c-v1", 3, "z"))
    record = GameRecord(
        index=7,
        seed=1234,
        slots=[
            SlotRecord(bot="a-v1", match_points=2, log="games/a.log"),
            SlotRecord(bot="b-v1", match_points=0, log="games/b.log"),
            SlotRecord(
                bot="c-v1", match_points=0, log="games/c.log", runner_note="exited with code 3"
            ),
        ],
        cause="bot c-v1 (seat 2): exited with code 3",
        moves=40,
        duration_s=2.0,
        ranks=[1, 3, 2],
        void=False,
        replay="games/transcript.jsonl.gz",
    )
    names = {"games/a.log": "la", "games/b.log": "lb", "games/c.log": "lc"}
    names["games/transcript.jsonl.gz"] = "tr"
    result = match_result(lease(*seats), record, names)
    assert [seat.rank for seat in result.seats] == [1, 3, 2]
    assert [seat.points for seat in result.seats] == [2, 0, 0]
    assert [seat.cause for seat in result.seats] == [REGULAR, REGULAR, "LEFT"]
    assert result.seats[2].reason == "exited with code 3"
    assert [seat.log for seat in result.seats] == ["la", "lb", "lc"]
    assert result.replay == "tr"
    assert not result.void
    assert ranks_of(MatchResult.from_json(json.loads(json.dumps(result.to_json())))) == [1, 3, 2]


def test_a_three_seat_draw_is_not_void() -> None:
    seats = tuple(LeaseSeat(f"s{i}", i, "x") for i in range(3))
    record = GameRecord(
        index=7,
        seed=1234,
        slots=[SlotRecord(bot=f"s{i}", match_points=1) for i in range(3)],
        cause=REGULAR,
        ranks=[1, 2, 3],
        void=False,
    )
    assert not match_result(lease(*seats), record, {}).void


def test_the_job_of_a_leased_table_seats_uploads_and_builtins(tmp_path: Path) -> None:
    start = tmp_path / "seat1" / "start.sh"
    job = table_job(
        lease(LeaseSeat("random", builtin="random"), LeaseSeat("t-v1", 5, "ab")),
        {1: start},
        NO_CONFINEMENT,
    )
    assert [entrant.builtin for entrant in job.seats] == ["random", None]
    assert job.seats[0].command == ()
    assert job.seats[1].command == (str(start),)
    assert job.limits.clock == "wall"
    assert job.limits.move_timeout_s == SETTINGS["move_timeout_s"]
    # the built-in player's seed comes from the match's seed, as for the SC games' bots
    assert job.bot_seed(0) == SeededRandom(1234).derive("bot-0").seed_value


def test_a_table_on_the_cpu_clock_or_of_five_seats_is_refused(tmp_path: Path) -> None:
    builtin = LeaseSeat("random", builtin="random")
    with pytest.raises(ValueError, match="wall clock"):
        table_job(
            lease(builtin, builtin, settings={**SETTINGS, "clock": "cpu"}), {}, NO_CONFINEMENT
        )
    with pytest.raises(ValueError, match="2 to 4 seats"):
        table_job(lease(*[builtin] * 5), {}, NO_CONFINEMENT)


def test_a_leased_table_is_played_with_the_leagues_table(tmp_path: Path) -> None:
    seats = tuple(LeaseSeat(f"p{i}", builtin="random") for i in range(3))

    async def no_blobs(sha: str) -> bytes:
        raise AssertionError(f"built-in players need no blob, asked for {sha}")

    record, files = asyncio.run(play_lease(lease(*seats), no_blobs, tmp_path, NO_CONFINEMENT))
    assert record.cause == REGULAR
    assert sorted(record.ranks or []) == [1, 2, 3]
    assert sorted(slot.match_points or 0 for slot in record.slots) in ([0, 0, 2], [1, 1, 1])
    assert record.replay is not None
    transcript = gzip.decompress(files[record.replay]).decode()
    assert transcript.count("\n") > 3
    result = match_result(lease(*seats), record, {record.replay: "r"})
    assert ranks_of(result) == record.ranks
