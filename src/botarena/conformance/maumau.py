"""``python -m botarena.conformance maumau FILE...``: replay a recorded Mau-Mau scenario.

The recording (``fixtures/maumau/NAME.jsonl``, or its readable twin ``NAME.txt``) holds every
line the original server and the bots exchanged. We start our server in-process with the
deck forced to what the recording reveals (initial top card, each seat's first ``hand``,
every card a seat drew), connect one replay client per recorded connection, send the bots'
recorded lines in the recorded order, and compare every line our server sends with the
recorded one, byte for byte, per connection.

The server runs with the compatibility switches that exist for replaying old transcripts
(spec §13.2: original exhaustion winner, out-of-range card = card 1, jack without wish =
penalty, json-simple's lenient JSON); ``--fixed`` runs our default rules instead. Fixes that
have no switch (no crash or hang on bad handshakes, disconnects noticed on read, timeouts,
unique names, ...) are logged by the server when they apply; a difference that appears after
a logged fix is reported as an *expected deviation*, any other difference as a failure.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import difflib
import json
import re
import sys
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from botarena.games.maumau.rules import HAND_SIZE, DeckScript, RuleOptions
from botarena.server.maumau import FixApplied, MauMauServer, ServerOptions

EXPECTED_LINE_TIMEOUT = 5.0
"""Seconds to wait for a line the recording says comes next before calling it missing."""
DIVERGED_LINE_TIMEOUT = 0.5
"""The same once a documented fix has applied: the game may legitimately have gone another
way, so a missing line is likely and waiting long for it only slows the replay down."""
TRAILING_LINE_TIMEOUT = 0.3
"""After a connection's recording ends: how long to listen for extra lines before closing."""
REPLAY_RULES = RuleOptions(
    exhaustion_winner="highest_seat",
    out_of_range_card_is_card_one=True,
    jack_without_wish_penalty=True,
    win_before_exhaustion=False,
    draw_two_uses_last_card=False,
)
"""The switches that reproduce the original for old transcripts (spec §13.2)."""
TEXT_MODE_FIX = "no_text_mode"


@dataclass
class Record:
    kind: str  # open | c2s | s2c | eof_c2s | eof_s2c
    conn: int
    data: bytes = b""


@dataclass
class Scenario:
    name: str
    players: int
    json_contest: bool
    records: list[Record]


# ----------------------------------------------------------------------------- loading


def _players_from_args(args: list[str], default: int) -> int:
    if "ContestN" in args:
        return int(args[args.index("ContestN") + 1])
    for arg in args:
        if "-players=" in arg.lower():
            with contextlib.suppress(ValueError):
                return int(arg.split("=", 1)[1])
    return default


def _is_json_contest(args: list[str]) -> bool:
    """Everything but the original's plain-text ``-isNetworkGame`` mode is the JSON protocol
    (botarena's own transcripts have no ``server_args``)."""
    return not any(arg.lower() == "-isnetworkgame" for arg in args)


def load_jsonl(path: Path) -> Scenario:
    meta: dict[str, Any] = {}
    records: list[Record] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not raw.strip():
            continue
        item = json.loads(raw)
        kind = item.get("type")
        if kind == "meta":
            meta = item
        elif kind == "open":
            records.append(Record("open", item["conn"]))
        elif kind in ("line", "partial_line"):
            data = base64.b64decode(item["b64"]) if "b64" in item else item["text"].encode()
            records.append(Record(item["dir"], item["conn"], data))
        elif kind == "eof":
            records.append(Record(f"eof_{item['dir']}", item["conn"]))
    args = [str(arg) for arg in meta.get("server_args", [])]
    players = int(meta.get("game_players", 2))
    return Scenario(
        name=meta.get("scenario", path.stem),
        players=_players_from_args(args, players) if "ContestN" in args else players,
        json_contest=_is_json_contest(args),
        records=records,
    )


_TXT_RECORD = re.compile(r"^\[\s*[0-9.]+\] C(?P<conn>\d+) (?P<what>S->C|C->S|----) (?P<rest>.*)$")
_VISIBLE_END = re.compile(r"((?:\\r|\\n)+)$")


def load_txt(path: Path) -> Scenario:
    """The readable twin: ``[t] C<conn> S->C|C->S <line>`` with ``\\r``/``\\n`` visible."""
    args: list[str] = []
    records: list[Record] = []
    name = path.stem
    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.startswith("# scenario:"):
            name = raw.split(":", 1)[1].strip()
        elif raw.startswith("# server command:"):
            args = raw.split(":", 1)[1].split()
        match = _TXT_RECORD.match(raw)
        if match is None:
            continue
        conn, what, rest = int(match["conn"]), match["what"], match["rest"]
        if what == "----":
            if rest.startswith("OPEN"):
                records.append(Record("open", conn))
            elif rest.startswith("EOF client"):
                records.append(Record("eof_c2s", conn))
            elif rest.startswith("EOF server"):
                records.append(Record("eof_s2c", conn))
            continue
        end = _VISIBLE_END.search(rest)
        body, terminator = (rest[: end.start()], end.group(1)) if end else (rest, "")
        data = (body + terminator.replace("\\r", "\r").replace("\\n", "\n")).encode()
        records.append(Record("s2c" if what == "S->C" else "c2s", conn, data))
    return Scenario(
        name=name,
        players=_players_from_args(args, 2) if "ContestN" in args else 2,
        json_contest=_is_json_contest(args),
        records=records,
    )


def load(path: Path) -> Scenario:
    return load_txt(path) if path.suffix == ".txt" else load_jsonl(path)


# ----------------------------------------------------------------------------- deck script


def seat_of_connections(scenario: Scenario) -> dict[int, int]:
    """Our server seats every connection that sends a name line, in that order."""
    seats: dict[int, int] = {}
    for record in scenario.records:
        if record.kind == "c2s" and record.conn not in seats:
            seats[record.conn] = len(seats)
    return seats


def deck_script(scenario: Scenario, seats: dict[int, int], game: int) -> DeckScript | None:
    """What the recording reveals about the deal of our game ``game``."""
    players = scenario.players
    members = {conn: seat % players for conn, seat in seats.items() if seat // players == game}
    top: int | None = None
    hands: list[list[int] | None] = [None] * players
    draws: list[deque[int]] = [deque() for _ in range(players)]
    for record in scenario.records:
        if record.kind != "s2c" or record.conn not in members:
            continue
        try:
            message = json.loads(record.data)
        except ValueError:
            continue
        if not isinstance(message, dict):
            continue
        seat = members[record.conn]
        if top is None and "topCard" in message:
            top = message["topCard"]
        if "topcard" in message:
            if top is None:
                top = message["topcard"]
            if "hand" in message and hands[seat] is None:
                hands[seat] = list(message["hand"])[:HAND_SIZE]
            if isinstance(message.get("drawedCards"), list):
                draws[seat].extend(message["drawedCards"])
        elif isinstance(message.get("drawedCards"), int) and message["drawedCards"] >= 0:
            draws[seat].append(message["drawedCards"])
    if top is None:
        return None
    return DeckScript(top=top, hands=hands, draws=draws)


# ----------------------------------------------------------------------------- replay


@dataclass
class ConnectionLog:
    expected: list[bytes] = field(default_factory=list)
    received: list[bytes] = field(default_factory=list)
    fixes_at_receipt: list[int] = field(default_factory=list)
    fixes_at_end: int = 0


class Replay:
    def __init__(self, scenario: Scenario, server: MauMauServer) -> None:
        self.scenario = scenario
        self.server = server
        self.actions = [i for i, r in enumerate(scenario.records) if r.kind != "s2c"]
        self.done: set[int] = set()
        self.progress = asyncio.Condition()
        self.logs: dict[int, ConnectionLog] = {}

    async def _wait_turn(self, index: int) -> None:
        async with self.progress:
            await self.progress.wait_for(
                lambda: all(a in self.done for a in self.actions if a < index)
            )

    async def _mark(self, indices: list[int]) -> None:
        async with self.progress:
            self.done.update(indices)
            self.progress.notify_all()

    async def run_connection(self, conn: int) -> None:
        indexed = [(i, r) for i, r in enumerate(self.scenario.records) if r.conn == conn]
        log = self.logs.setdefault(conn, ConnectionLog())
        log.expected = [r.data for _, r in indexed if r.kind == "s2c"]
        mine = [i for i, r in indexed if r.kind != "s2c"]
        reader: asyncio.StreamReader | None = None
        writer: asyncio.StreamWriter | None = None
        try:
            for index, record in indexed:
                if record.kind == "s2c":
                    if reader is None or not await self._receive(reader, log):
                        break
                    continue
                await self._wait_turn(index)
                if record.kind == "open":
                    reader, writer = await asyncio.open_connection("127.0.0.1", self.server.port)
                elif writer is not None and record.kind == "c2s":
                    writer.write(record.data)
                    await writer.drain()
                elif writer is not None and record.kind == "eof_c2s":
                    writer.write_eof()
                await self._mark([index])
            await self._mark(mine)
            if reader is not None:
                while await self._receive(reader, log, TRAILING_LINE_TIMEOUT):
                    pass
        except (ConnectionError, OSError):
            pass
        finally:
            await self._mark(mine)
            log.fixes_at_end = len(self.server.fixes)
            if writer is not None:
                writer.close()
                with contextlib.suppress(Exception):
                    await writer.wait_closed()

    async def _receive(
        self, reader: asyncio.StreamReader, log: ConnectionLog, timeout: float = 0.0
    ) -> bool:
        if not timeout:
            timeout = DIVERGED_LINE_TIMEOUT if self.server.fixes else EXPECTED_LINE_TIMEOUT
        try:
            line = await asyncio.wait_for(reader.readline(), timeout)
        except (TimeoutError, ConnectionError, OSError):
            return False
        if not line:
            return False
        log.received.append(line)
        log.fixes_at_receipt.append(len(self.server.fixes))
        return True


@dataclass
class Difference:
    conn: int
    expected: list[bytes]
    received: list[bytes]
    lines: int
    fixes: list[str]


@dataclass
class Report:
    name: str
    compared: int = 0
    differ: int = 0
    expected_deviations: int = 0
    differences: list[Difference] = field(default_factory=list)
    fixes: list[FixApplied] = field(default_factory=list)
    note: str = ""


def compare(log: ConnectionLog, conn: int, fixes: list[FixApplied], report: Report) -> None:
    expected, received = log.expected, log.received
    matcher = difflib.SequenceMatcher(a=expected, b=received, autojunk=False)
    report.compared += max(len(expected), len(received))
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        lines = max(i2 - i1, j2 - j1)
        fixes_then = log.fixes_at_receipt[j1] if j1 < len(received) else log.fixes_at_end
        applied = sorted({fix.fix for fix in fixes[:fixes_then]})
        difference = Difference(conn, expected[i1:i2], received[j1:j2], lines, applied)
        report.differences.append(difference)
        if applied:
            report.expected_deviations += lines
        else:
            report.differ += lines


async def replay(scenario: Scenario, fixed: bool = False) -> Report:
    report = Report(scenario.name)
    if not scenario.json_contest:
        # botarena offers only the JSON contest protocol, not the human plain-text mode
        # (spec §9: "for reference only"); documented in docs/compatibility.md.
        server_lines = sum(1 for r in scenario.records if r.kind == "s2c")
        report.compared = server_lines
        report.expected_deviations = server_lines
        report.note = f"{TEXT_MODE_FIX}: plain-text network mode is not offered"
        return report
    seats = seat_of_connections(scenario)
    options = ServerOptions(
        port=0,
        players=scenario.players,
        rules=RuleOptions() if fixed else REPLAY_RULES,
        lenient_json=not fixed,
        seed=0,
        handshake_timeout=EXPECTED_LINE_TIMEOUT * 2,
        move_timeout=EXPECTED_LINE_TIMEOUT * 2,  # the replay closes idle clients sooner
        script_for_game=lambda game: deck_script(scenario, seats, game),
    )
    server = MauMauServer(options)
    await server.start()
    try:
        player = Replay(scenario, server)
        connections = sorted({r.conn for r in scenario.records})
        await asyncio.gather(*(player.run_connection(conn) for conn in connections))
        # Let finished games log their end before we read the fix log.
        await asyncio.sleep(0)
        report.fixes = list(server.fixes)
        for conn in connections:
            compare(player.logs[conn], conn, server.fixes, report)
    finally:
        await server.stop()
    return report


def summary(path: str, report: Report) -> str:
    return (
        f"maumau {path}: {report.compared} lines compared, {report.differ} differ, "
        f"{report.expected_deviations} expected deviations"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m botarena.conformance maumau",
        description="Replay recorded Mau-Mau scenarios against botarena's server.",
    )
    parser.add_argument("files", nargs="+", type=Path, help="scenario .jsonl (or .txt) files")
    parser.add_argument("--fixed", action="store_true", help="use botarena's default (fixed) rules")
    parser.add_argument("-v", "--verbose", action="store_true", help="show every difference")
    args = parser.parse_args(argv)
    failed = False
    for path in args.files:
        try:
            scenario = load(path)
        except (OSError, ValueError, KeyError) as error:
            print(f"maumau {path}: cannot read scenario: {error}", file=sys.stderr)
            failed = True
            continue
        report = asyncio.run(replay(scenario, args.fixed))
        if args.verbose:
            if report.note:
                print(f"  note: {report.note}")
            for difference in report.differences:
                fixes = ", ".join(difference.fixes)
                label = f"expected ({fixes})" if fixes else "UNEXPECTED"
                print(f"  C{difference.conn} {label}:")
                for line in difference.expected:
                    print(f"    - {line!r}")
                for line in difference.received:
                    print(f"    + {line!r}")
        print(summary(str(path), report))
        failed = failed or report.differ > 0
    return 1 if failed else 0
