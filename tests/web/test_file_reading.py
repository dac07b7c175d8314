"""Issue 23, findings 6 and 7: replays and reports read bounded, in pages, in their own pool;
a bad file or record is HTTP 422 with the reason (real sockets, no browser)."""

from __future__ import annotations

import asyncio
import gzip
import json
import threading
import tracemalloc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from lxml import etree

from botarena.runner.record import GameRecord
from botarena.runner.report import wdl_of
from botarena.runner.stats import elo_estimate
from botarena.server import app as server_app
from botarena.server.app import load_state
from botarena.web import replay_pages, reports
from botarena.web.app import WebConfig, WebServer
from botarena.web.heavy import BusyError, HeavyPool
from botarena.web.replays import read_replay
from tests.conftest import FIXTURES
from tests.event_loop import until
from tests.server.scclient import join_two, run, running_server

OFFICIAL_REPLAY = FIXTURES / "server-protocol-19.2.1" / "R_replay_file.xml"


@asynccontextmanager
async def web_server(root: Path) -> AsyncIterator[tuple[WebServer, aiohttp.ClientSession]]:
    server = WebServer(WebConfig(port=0, roots=[root]))
    await server.start()
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{server.port}") as session:
            yield server, session
    finally:
        await server.stop()


def long_replay(repeats: int) -> bytes:
    """The official replay's state messages ``repeats`` times: valid states, compressing
    well (finding 6 used 63 MB of them in a 417 KB ``.xml.gz``; scaled down here)."""
    root = etree.fromstring(OFFICIAL_REPLAY.read_bytes())
    rooms = [
        etree.tostring(room) for room in root if room.find("data[@class='memento']") is not None
    ]
    return b"<protocol>" + b"".join(rooms * repeats) + b"</protocol>"


def records(count: int) -> list[dict[str, Any]]:
    return [
        {
            "index": index,
            "slots": [{"bot": "a"}, {"bot": "b"}],
            "bot_scores": {"a": index % 3 / 2, "b": 1 - index % 3 / 2},
            "regular": True,
            "winner": "a" if index % 3 == 2 else None,
            "move_bots": ["a", "b"],
            "move_times_ms": [1.5, 2.5],
        }
        for index in range(count)
    ]


def write_run(folder: Path, lines: list[str]) -> None:
    folder.mkdir(parents=True)
    (folder / "summary.json").write_text("{}")
    (folder / "games.jsonl").write_text("\n".join(lines) + "\n")


def test_a_long_replay_comes_in_pages(tmp_path: Path) -> None:
    """Finding 6: the 417 KB ``.xml.gz`` of 63 MB states was one 74 MB JSON document; now the
    viewer gets pages of at most ``REPLAY_PAGE_BYTES`` of states (set low here)."""
    (tmp_path / "long.xml.gz").write_bytes(gzip.compress(long_replay(200)))
    expected = read_replay(tmp_path / "long.xml.gz")

    @run
    async def scenario() -> tuple[list[dict[str, Any]], list[int]]:
        async with web_server(tmp_path) as (server, session):
            server.replay_pages.page_bytes = 32 * 1024
            pages: list[dict[str, Any]] = []
            sizes: list[int] = []
            start: int | None = 0
            while start is not None and len(pages) < 100:
                query = {"root": "0", "path": "long.xml.gz", "from": str(start)}
                async with session.get("/api/replay", params=query) as response:
                    assert response.status == 200
                    body = await response.read()
                sizes.append(len(body))
                pages.append(json.loads(body))
                start = pages[-1]["next"]
            return pages, sizes

    pages, sizes = scenario()
    assert len(pages) > 10
    assert all(page["stateCount"] == len(expected["states"]) for page in pages)
    assert [state for page in pages for state in page["states"]] == expected["states"]
    assert [ms for page in pages for ms in page["moveMs"]] == expected["moveMs"]
    assert pages[0]["game"] == expected["game"] and pages[0]["names"] == expected["names"]
    assert max(sizes) < 2 * 32 * 1024  # a page, not the whole replay


def test_bad_replay_files_are_422_with_the_reason(tmp_path: Path) -> None:
    """Finding 7: a corrupt ``.xml.gz`` and a replay with an internal entity gave HTTP 500."""
    good = OFFICIAL_REPLAY.read_bytes()
    damaged = bytearray(gzip.compress(good))
    damaged[20] ^= 0xFF  # inside the deflate data: zlib.error (was HTTP 500)
    (tmp_path / "corrupt.xml.gz").write_bytes(bytes(damaged))
    entity = good.replace(b"<protocol>", b'<!DOCTYPE protocol [<!ENTITY a "x">]>\n<protocol>', 1)
    name_at = entity.index(b'displayName="') + len(b'displayName="')
    (tmp_path / "entity.xml").write_bytes(entity[:name_at] + b"&a;" + entity[name_at:])

    @run
    async def scenario() -> dict[str, tuple[int, str]]:
        answers = {}
        async with web_server(tmp_path) as (_, session):
            for name in ("corrupt.xml.gz", "entity.xml"):
                async with session.get("/api/replay", params={"path": name}) as response:
                    answers[name] = (response.status, await response.text())
        return answers

    answers = scenario()
    assert answers["corrupt.xml.gz"][0] == 422
    assert "damaged gzip data" in answers["corrupt.xml.gz"][1]
    assert answers["entity.xml"] == (422, "the file declares a DTD (replays declare no entities)")


def test_one_bad_record_leaves_the_rest_of_the_report(tmp_path: Path) -> None:
    """Finding 7: one bad ``index`` made the whole report 422; now that record is named in
    ``skipped`` with the reason and the others are reported."""
    lines = [json.dumps(record) for record in records(5)]
    bad = {**records(1)[0], "index": "seven"}
    lines.insert(2, json.dumps(bad))
    write_run(tmp_path / "run", lines)

    @run
    async def scenario() -> tuple[int, Any]:
        async with web_server(tmp_path) as (_, session):
            query = {"path": "run/summary.json"}
            async with session.get("/api/report", params=query) as response:
                return response.status, await response.json()

    status, report = scenario()
    assert status == 200
    assert [game["index"] for game in report["games"]] == [0, 1, 2, 3, 4]
    assert report["skipped"] == [{"record": 3, "reason": "index is not a whole number: 'seven'"}]


class CountingRecord(GameRecord):
    reads = 0

    def share_of(self, bot: str) -> float | None:
        CountingRecord.reads += 1
        return GameRecord.share_of(self, bot)


def game_records(count: int) -> list[GameRecord]:
    return [GameRecord.from_json(line) for line in records(count)]


def test_the_elo_curve_is_one_pass_over_the_records() -> None:
    """Finding 6: a report was O(n²) in its records (10k records 9 s): the Elo after each
    game counted the games before it again."""
    counted: list[GameRecord] = [
        CountingRecord(**{name: getattr(record, name) for name in GameRecord.__slots__})
        for record in game_records(2000)
    ]
    CountingRecord.reads = 0
    points = reports.elo_curve(counted, "a")
    assert len(points) == 2000
    assert CountingRecord.reads <= 2 * 2000
    wdl = wdl_of(counted, "a")
    assert points[-1][1] == pytest.approx(max(-800.0, min(800.0, elo_estimate(wdl).elo)))


def test_load_game_file_checks_the_size_while_decompressing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 7: a 2 MB gzip bomb was decompressed to 4.2 GB before the 64 MiB check. Scaled
    down: a 1 MiB limit and a bomb of 64 MiB; at most about the limit is ever held."""
    monkeypatch.setattr(server_app, "MAX_LOAD_FILE_BYTES", 1024 * 1024)
    bomb = tmp_path / "bomb.xml.gz"
    bomb.write_bytes(gzip.compress(b"<protocol>" + b" " * (64 * 1024 * 1024), 9))
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match="larger than 1048576 bytes"):
            load_state(bomb)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024


def test_abandoned_report_requests_never_hold_back_replays_or_the_file_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 6: six abandoned report requests used up the default executor: the file list
    timed out and 0 of 4 finished games' replays were written. Now reports run in the web's
    own pool (MAX_HEAVY_REQUESTS held, more refused with 503) and the replay writer has its
    own thread; stopping waits for neither."""
    release = threading.Event()
    started: list[int] = []

    def stuck_report(*args: Any) -> dict[str, Any]:
        started.append(1)
        release.wait(60)
        return {}

    monkeypatch.setattr(reports, "build_report", stuck_report)
    write_run(tmp_path / "runs" / "run", [json.dumps(record) for record in records(3)])
    replays = tmp_path / "replays"

    @run
    async def scenario() -> tuple[list[int], int, list[Path]]:
        async with (
            running_server(save_replay=True, replay_dir=replays) as sc_server,
            web_server(tmp_path / "runs") as (web, session),
        ):
            statuses = []
            request = (
                "GET /api/report?root=0&path=run/summary.json HTTP/1.1\r\n"
                f"Host: 127.0.0.1:{web.port}\r\n\r\n"  # its own Host: the UI answers only that
            ).encode()
            for count in range(1, 7):
                reader, writer = await asyncio.open_connection("127.0.0.1", web.port)
                writer.write(request)
                if count <= web.heavy.max_requests:  # taken: the browser goes away
                    await until(lambda: web.heavy.held == count)  # noqa: B023
                    statuses.append(0)
                else:  # refused at once
                    statuses.append(int((await reader.readline()).split()[1]))
                writer.close()
            for _ in range(4):  # four games end (one player leaves)
                red, blue, _ = await join_two(sc_server.port)
                await blue.close()
                while (await red.expect("room")).find("data").get("class") != "result":
                    pass
                await red.close()
            async with session.get("/api/files") as response:
                files_status = response.status
            files = sc_server._replay_files
            assert files is not None
            await files.written()
            written = sorted(replays.iterdir())
            return statuses, files_status, written

    try:
        statuses, files_status, written = scenario()
    finally:
        release.set()
    assert statuses == [0, 0, 0, 0, 503, 503]  # four held, two refused at once
    assert files_status == 200
    assert len(written) == 4


def test_the_plot_draws_at_most_elo_plot_points() -> None:
    points = reports.elo_curve(game_records(2000), "a", reports.ELO_PLOT_POINTS)
    assert len(points) == reports.ELO_PLOT_POINTS == 500
    assert points[-1] == reports.elo_curve(game_records(2000), "a")[-1]


def test_read_replays_are_kept_up_to_replay_cache_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """REPLAY_CACHE_BYTES (set to hold one replay here): the next page of the replay read
    last needs no new read; the least recently used one is read again."""
    for name in ("a.xml", "b.xml"):
        (tmp_path / name).write_bytes(OFFICIAL_REPLAY.read_bytes())
    reads: list[str] = []

    def counted(path: Path, game: str | None = None) -> dict[str, Any]:
        reads.append(path.name)
        return read_replay(path, game)

    monkeypatch.setattr(replay_pages, "read_replay", counted)
    size = sum(len(state) for state in read_replay(OFFICIAL_REPLAY)["states"])
    pages = replay_pages.ReplayPages(page_bytes=1, cache_bytes=size)
    assert pages.page(tmp_path / "a.xml", None, 0)["next"] == 1
    assert pages.page(tmp_path / "a.xml", None, 1)["from"] == 1
    pages.page(tmp_path / "b.xml", None, 0)
    pages.page(tmp_path / "a.xml", None, 2)
    assert reads == ["a.xml", "b.xml", "a.xml"]


def test_the_pool_runs_at_most_heavy_workers_threads() -> None:
    """HEAVY_WORKERS: four jobs at once run two at a time; MAX_HEAVY_REQUESTS: a fifth is
    refused until one ends."""
    pool = HeavyPool(workers=2, max_requests=4)
    release = threading.Event()
    started = threading.Semaphore(0)
    running: list[str] = []

    def job() -> str:
        running.append(threading.current_thread().name)
        started.release()
        release.wait(30)
        return "done"

    futures = [pool.submit(job) for _ in range(4)]
    with pytest.raises(BusyError, match="MAX_HEAVY_REQUESTS=4"):
        pool.submit(job)
    assert started.acquire(timeout=30) and started.acquire(timeout=30)  # two jobs run at once
    assert len(set(running)) == 2 and len(running) == 2  # in two threads; the others wait
    release.set()
    assert [future.result(30) for future in futures] == ["done"] * 4
    assert len(set(running)) == 2
    assert pool.held == 0
    pool.close()
