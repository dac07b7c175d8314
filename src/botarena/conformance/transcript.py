"""``python -m botarena.conformance transcript FILE [-v]``: replay a capture against our server.

Reads an ``sctranscript/1`` file (a proxy recording of clients talking to the official
19.2.1 server), starts our server in-process configured like the capture (passphrase
``examplepassword``, not paused, official 2 s / 10 s timeouts, finished players never
closed, every room starting from the first recorded state so that the obstacles are the
same), replays every client connection's bytes, and compares what our server sends on each
connection with the recorded stream (see :mod:`botarena.conformance.xml_compare`). Prints
``transcript FILE: N messages compared, M differ`` and exits 1 when M > 0 (2 on bad usage or
an unreadable file). ``-v`` prints each difference as a unified diff.

Replay schedule (causal order with the recorded delays). A client action (``OPEN``, ``C2S``
chunk, ``EOF-C2S``) happens only after

* the previous client action, plus the recorded gap between the two, and
* for every connection, our server having sent as much as the official server had sent
  there before the action (counted in complete messages, end of document and end of
  socket), plus the recorded gap since that point,

so a move that was sent 3 s after its MoveRequest is sent 3 s after ours. Gaps longer than
the hard timeout plus one second are shortened to that (no server timer can tell the
difference), and ``--time-scale`` shrinks all gaps *and* the server's timeouts together.
If our server falls behind (does not send what the official one sent), the driver waits at
most ``--patience`` seconds before going on; the comparison then shows the difference.

``--server HOST:PORT`` replays against an already running server instead (its obstacles are
random then, so states will differ; useful to check a foreign server's lobby behaviour).

Programmatic use (tests)::

    report = asyncio.run(replay_transcript(read_sctranscript(path), time_scale=0.5))
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import socket
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from botarena.conformance.sctranscript import (
    C2S,
    S2C,
    Transcript,
    TranscriptFormatError,
    read_sctranscript,
)
from botarena.conformance.xml_compare import (
    DEFAULT_DEVIATIONS,
    END_OF_STREAM,
    ComparisonReport,
    IdNormalizer,
    compare_connections,
)
from botarena.games.registry import load_plugin, sc_games
from botarena.protocol.sc_errors import ProtocolError
from botarena.protocol.sc_plugin import GameSetup
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded
from botarena.server.app import ScServer
from botarena.server.config import ServerConfig
from botarena.server.lobby import SlotDescriptor
from botarena.server.manual_clock import ManualClock

__all__ = [
    "CAPTURE_GAME_TYPES",
    "CAPTURE_PASSWORD",
    "DEFAULT_PATIENCE_S",
    "OFFICIAL_HARD_TIMEOUT_MS",
    "OFFICIAL_SOFT_TIMEOUT_MS",
    "ClientAction",
    "ReplayPlan",
    "ReplayResult",
    "ScriptedRoom",
    "capture_config",
    "main",
    "plan_replay",
    "replay_transcript",
]

CAPTURE_GAME_TYPES = ("swc_2019_piranhas",)
"""The plugins of the captured server: the 19.2.1 server ran with Piranhas only, so a
``join`` for another game type is refused there (``err_unknown_game_type``)."""
CAPTURE_PASSWORD = "examplepassword"
"""``password`` of the server.properties the captures were made with."""
OFFICIAL_SOFT_TIMEOUT_MS = 2000
OFFICIAL_HARD_TIMEOUT_MS = 10000
GAP_SLACK_S = 1.0
"""A recorded gap longer than the hard timeout plus this is shortened to that."""
DEFAULT_PATIENCE_S = 5.0
"""How long to wait beyond the recorded gap for our server to catch up before going on."""
SETTLE_S = 0.3
"""After the last expected message, how long to keep listening for surplus messages."""
READ_CHUNK = 65536

# -- the plan: what to do, after what ------------------------------------------------------

EOF_UNIT = "EOF"


@dataclass(frozen=True, slots=True)
class Progress:
    """How far one connection's server stream had got: ``units`` = messages + end + EOF."""

    units: int
    time: float  # recorded time the last of these units arrived


@dataclass(frozen=True, slots=True)
class ClientAction:
    """One recorded client action with what had to happen before it."""

    time: float
    conn: str
    kind: str  # OPEN, C2S or EOF-C2S
    data: bytes = b""
    after: dict[str, Progress] = field(default_factory=dict)


@dataclass(slots=True)
class ReplayPlan:
    actions: list[ClientAction]
    final: dict[str, Progress]  # everything each connection received in the recording
    expected: dict[str, list[etree._Element | str]]  # recorded messages (+ END_OF_STREAM)
    first_state: etree._Element | None
    end_time: float
    unit_times: dict[str, list[float]] = field(default_factory=dict)
    """Per connection, the recorded time at which each unit arrived."""


def plan_replay(transcript: Transcript) -> ReplayPlan:
    """Derive the causal schedule and the expected messages from a transcript."""
    parsers: dict[str, ScStreamParser] = {}
    progress: dict[str, Progress] = {}
    expected: dict[str, list[etree._Element | str]] = {}
    actions: list[ClientAction] = []
    first_state: etree._Element | None = None
    unit_times: dict[str, list[float]] = {}
    for record in transcript.records:
        conn = record.conn
        if record.kind == S2C:
            parser = parsers.setdefault(conn, ScStreamParser())
            received = expected.setdefault(conn, [])
            units = 0
            for event in parser.feed(record.data):
                units += 1
                if isinstance(event, MessageReceived):
                    received.append(event.element)
                    if first_state is None:
                        first_state = _state_of(event.element)
                else:
                    received.append(END_OF_STREAM)
            if units:
                before = progress.get(conn, Progress(0, 0.0)).units
                progress[conn] = Progress(before + units, record.time)
                unit_times.setdefault(conn, []).extend([record.time] * units)
        elif record.kind == "EOF-S2C":
            before = progress.get(conn, Progress(0, 0.0)).units
            progress[conn] = Progress(before + 1, record.time)
            unit_times.setdefault(conn, []).append(record.time)
            expected.setdefault(conn, [])
        elif record.kind in ("OPEN", C2S, "EOF-C2S"):
            expected.setdefault(conn, [])
            actions.append(
                ClientAction(record.time, conn, record.kind, record.data, dict(progress))
            )
    end_time = transcript.records[-1].time if transcript.records else 0.0
    return ReplayPlan(actions, dict(progress), expected, first_state, end_time, unit_times)


def _state_of(message: etree._Element) -> etree._Element | None:
    if message.tag != "room":
        return None
    data = message.find("data")
    if data is None or data.get("class") != "memento":
        return None
    return data.find("state")


_GAME_TYPE_REQUEST = re.compile(rb'<(?:join|prepare)\b[^>]*?\bgameType\s*=\s*"([^"]*)"')
_ACCEPTED_TAGS = frozenset({"joined", "prepared", "joinedGameRoom"})
_AVAILABLE = re.compile(r"\(available: ([^)]*)\)")
"""2021+ ``UnknownGameTypeException`` texts list the server's game types."""


def capture_game_types(plan: ReplayPlan) -> tuple[str, ...]:
    """The game types the captured server offered, read from the capture itself.

    A game type some client asked for with ``join``/``prepare`` on a connection the server
    answered with ``joined``/``prepared`` was offered. A capture whose every request was
    refused (``err_unknown_game_type``) offers what the server's refusal lists
    (``available: …``, 2021+), else every installed game except the refused ones. A
    capture without any game request (a wrong password) names none: ``()``.
    """
    requested: dict[str, list[str]] = {}
    sent: dict[str, bytearray] = {}
    for action in plan.actions:
        if action.kind == C2S:
            sent.setdefault(action.conn, bytearray()).extend(action.data)
    for conn, data in sent.items():
        types = [match.decode("utf-8", "replace") for match in _GAME_TYPE_REQUEST.findall(data)]
        if types:
            requested[conn] = types
    accepted: list[str] = []
    refused: set[str] = set()
    for conn, types in requested.items():
        answers = plan.expected.get(conn, [])
        ok = any(
            isinstance(message, etree._Element) and message.tag in _ACCEPTED_TAGS
            for message in answers
        )
        for game_type in types:
            if not ok:
                refused.add(game_type)
            elif game_type not in accepted:
                accepted.append(game_type)
    if accepted:
        return tuple(accepted)
    for answers in plan.expected.values():
        for message in answers:
            if isinstance(message, etree._Element) and message.tag == "errorpacket":
                listed = _AVAILABLE.search(message.get("message") or "")
                if listed:
                    return tuple(t.strip() for t in listed.group(1).split(",") if t.strip())
    if not refused:
        return ()
    offered = (spec.game_type for spec in sc_games())
    return tuple(game_type for game_type in offered if game_type not in refused)


# -- our side: connections to the server under test -----------------------------------------


class IdTranslator:
    """Learns which of our ids stands for which recorded id, and rewrites client bytes.

    The recorded clients send the official server's room ids and reservation codes; ours are
    different random values. Each message our server sends is paired with the next recorded
    message of the same kind on that connection, and the ids at the same places map. Client
    chunks are rewritten before sending; the tail of a chunk that may be the beginning of a
    recorded id is held back until the next chunk (it is inside an unfinished message, so the
    server could not have acted on it anyway).
    """

    def __init__(self, expected: dict[str, list[etree._Element | str]]) -> None:
        self._expected = expected
        self._cursor: dict[str, int] = {}
        self.mapping: dict[bytes, bytes] = {}
        self._carry: dict[str, bytes] = {}

    def learn(self, conn: str, ours: etree._Element) -> None:
        expected = self._expected.get(conn, [])
        start = self._cursor.get(conn, 0)
        for index in range(start, min(start + PAIRING_WINDOW, len(expected))):
            recorded = expected[index]
            if isinstance(recorded, str) or _kind(recorded) != _kind(ours):
                continue
            for official_id, our_id in zip(_ids_of(recorded), _ids_of(ours), strict=False):
                # Random UUIDs of the official server, or the fixed room ids of a scripted
                # one (``room-normal-1``): both are replaced in what the clients send.
                if _UUID.fullmatch(official_id) is not None or _SCRIPTED_ID.fullmatch(official_id):
                    self.mapping.setdefault(official_id.encode(), our_id.encode())
            self._cursor[conn] = index + 1
            return

    def rewrite(self, conn: str, data: bytes, final: bool = False) -> bytes:
        data = self._carry.pop(conn, b"") + data
        for official_id, our_id in self.mapping.items():
            if official_id in data:
                data = data.replace(official_id, our_id)
        if final:
            return data
        hold = _possible_id_prefix(data)
        if hold:
            self._carry[conn] = data[-hold:]
            data = data[:-hold]
        return data

    def flush(self, conn: str) -> bytes:
        return self.rewrite(conn, b"", final=True)


PAIRING_WINDOW = 4
"""How many recorded messages ahead to look for the counterpart of one of ours."""
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_SCRIPTED_ID = re.compile(r"room-[\w-]+")
"""Room ids of the scripted servers of the 2026/2027 socha captures."""
_ID_PREFIX = re.compile(rb"[0-9a-fA-F-]{1,35}\Z")
_ID_ATTRIBUTES = ("roomId", "reservationCode", "reservation")


def _possible_id_prefix(data: bytes) -> int:
    match = _ID_PREFIX.search(data)
    return 0 if match is None else len(match.group())


def _kind(element: etree._Element) -> tuple[str, str | None]:
    data = element.find("data") if element.tag == "room" else None
    return str(element.tag), None if data is None else data.get("class")


def _ids_of(element: etree._Element) -> list[str]:
    found: list[str] = []
    for node in element.iter():
        if not isinstance(node.tag, str):
            continue
        found.extend(str(node.get(name)) for name in _ID_ATTRIBUTES if node.get(name) is not None)
        if node.tag == "reservation" and node.text:
            found.append(node.text.strip())
    return found


class OurConnection:
    """A client socket to our server plus what it received, with our arrival times."""

    def __init__(self, conn: str, translator: IdTranslator) -> None:
        self.conn = conn
        self.translator = translator
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.received: list[etree._Element | str] = []
        self.unit_times: list[float] = []
        self.changed = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.problem: str | None = None
        self.fell_behind = False
        """A unit did not arrive within the patience: later units are not waited for (a
        server that sends something else would otherwise cost the patience per message)."""

    async def open(self, host: str, port: int) -> None:
        self.reader, self.writer = await asyncio.open_connection(host, port)
        sock = self.writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.task = asyncio.get_running_loop().create_task(self._read())

    def _unit(self, item: etree._Element | str | None) -> None:
        if item is not None:
            self.received.append(item)
        self.unit_times.append(asyncio.get_running_loop().time())
        self.changed.set()

    async def _read(self) -> None:
        assert self.reader is not None
        parser = ScStreamParser()
        try:
            while True:
                data = await self.reader.read(READ_CHUNK)
                if not data:
                    break
                for event in parser.feed(data):
                    if isinstance(event, MessageReceived):
                        self.translator.learn(self.conn, event.element)
                        self._unit(event.element)
                    elif isinstance(event, StreamEnded):
                        self._unit(END_OF_STREAM)
        except ProtocolError as error:
            self.problem = f"our server sent bad XML on {self.conn}: {error}"
        except (ConnectionError, OSError):
            pass
        self._unit(None)  # EOF

    async def wait_units(self, units: int, timeout: float) -> float | None:
        """Our time when ``units`` units had arrived, or ``None`` after ``timeout``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (0.0 if self.fell_behind else timeout)
        while len(self.unit_times) < units:
            remaining = deadline - loop.time()
            if remaining <= 0 or (self.task is not None and self.task.done()):
                self.fell_behind = self.fell_behind or remaining <= 0
                return None
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)
        return self.unit_times[units - 1]

    async def send(self, data: bytes) -> None:
        data = self.translator.rewrite(self.conn, data)
        if not data or self.writer is None or self.writer.is_closing():
            return
        with contextlib.suppress(ConnectionError, OSError):
            self.writer.write(data)
            await self.writer.drain()

    def send_eof(self) -> None:
        if self.writer is None or self.writer.is_closing():
            return
        with contextlib.suppress(ConnectionError, OSError):
            rest = self.translator.flush(self.conn)
            if rest:
                self.writer.write(rest)
            if self.writer.can_write_eof():
                self.writer.write_eof()

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await self.writer.wait_closed()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task


# -- the replay ------------------------------------------------------------------------------


@dataclass(slots=True)
class ReplayResult:
    report: ComparisonReport
    problems: list[str]


class _Schedule:
    def __init__(self, time_scale: float, max_gap_s: float) -> None:
        self.time_scale = time_scale
        self.max_gap_s = max_gap_s

    def gap(self, seconds: float) -> float:
        return min(max(seconds, 0.0), self.max_gap_s) * self.time_scale


async def _drive(
    plan: ReplayPlan,
    host: str,
    port: int,
    schedule: _Schedule,
    patience_s: float,
) -> dict[str, OurConnection]:
    loop = asyncio.get_running_loop()
    ours: dict[str, OurConnection] = {}
    translator = IdTranslator(plan.expected)
    previous: tuple[float, float] | None = None  # (recorded time, our time) of the last action
    for action in plan.actions:
        target = loop.time()
        if previous is not None:
            target = max(target, previous[1] + schedule.gap(action.time - previous[0]))
        for conn, progress in action.after.items():
            ours_conn = ours.get(conn)
            if ours_conn is None or progress.units == 0:
                continue
            wait = schedule.gap(action.time - progress.time) + patience_s
            reached = await ours_conn.wait_units(progress.units, wait)
            if reached is not None:
                target = max(target, reached + schedule.gap(action.time - progress.time))
        delay = target - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        previous = (action.time, loop.time())
        if action.kind == "OPEN":
            connection = OurConnection(action.conn, translator)
            ours[action.conn] = connection
            await connection.open(host, port)
        elif action.kind == C2S:
            await ours[action.conn].send(action.data)
        else:
            ours[action.conn].send_eof()
    # Let the server finish what it sent without further client input (timeouts, results).
    last_time = plan.actions[-1].time if plan.actions else 0.0
    for conn, progress in plan.final.items():
        waiting = ours.get(conn)
        if waiting is not None:
            await waiting.wait_units(
                progress.units, schedule.gap(progress.time - last_time) + patience_s
            )
    await asyncio.sleep(SETTLE_S)
    return ours


async def _drive_on_recorded_time(
    plan: ReplayPlan, port: int, clock: ManualClock, patience_s: float
) -> dict[str, OurConnection]:
    """Replay ``plan`` against our in-process server whose clock is ``clock``: the server
    lives on the recording's own timeline, so every move takes exactly its recorded time
    and every timeout fires at its recorded moment, however slow or busy this machine is.

    Before each client action, the units (messages, ends of stream) the action waited for are
    awaited one by one in recorded order: the clock moves to the moment the official server
    sent a unit (so timeouts due by then fire), then we wait (in real time, at most
    ``patience_s``) for our server to have sent it too. Then the clock moves to the action's
    own recorded time and the action happens.
    """
    ours: dict[str, OurConnection] = {}
    translator = IdTranslator(plan.expected)

    async def reach(after: dict[str, Progress]) -> None:
        due: list[tuple[float, str, int]] = []
        for conn, progress in after.items():
            connection = ours.get(conn)
            if connection is None:
                continue
            times = plan.unit_times.get(conn, [])
            for unit in range(len(connection.unit_times) + 1, progress.units + 1):
                due.append((times[unit - 1], conn, unit))
        for when, conn, unit in sorted(due):
            clock.advance_to(when)
            await ours[conn].wait_units(unit, patience_s)

    for action in plan.actions:
        await reach(action.after)
        clock.advance_to(action.time)
        if action.kind == "OPEN":
            connection = OurConnection(action.conn, translator)
            ours[action.conn] = connection
            await connection.open("127.0.0.1", port)
        elif action.kind == C2S:
            await ours[action.conn].send(action.data)
        else:
            ours[action.conn].send_eof()
    # Let the server finish what it sent without further client input (timeouts, results).
    await reach(plan.final)
    clock.advance_to(plan.end_time)
    await asyncio.sleep(SETTLE_S)  # a window for messages the official server did not send
    return ours


def capture_config(time_scale: float = 1.0, paused: bool = False) -> ServerConfig:
    """A server configured like the one of the captures (timeouts scaled by ``time_scale``).

    ``paused`` is the ``paused`` line of server.properties (a few captures were made with
    ``paused = true``; their README says so).
    """
    return ServerConfig(
        host="127.0.0.1",
        port=0,
        password=CAPTURE_PASSWORD,
        paused=paused,
        soft_timeout_ms=round(OFFICIAL_SOFT_TIMEOUT_MS * time_scale),
        hard_timeout_ms=round(OFFICIAL_HARD_TIMEOUT_MS * time_scale),
        finished_player_grace_s=0.0,  # the official server never closes finished players
    )


@dataclass(frozen=True, slots=True)
class ScriptedRoom:
    """A room the capture's scripted server had prepared before its clients connected
    (the 2026/2027 socha captures: reservations ``RES-ONE``/``RES-TWO`` for ``alpha``/``beta``)."""

    game_type: str
    codes: tuple[str, ...]
    names: tuple[str, ...]
    can_timeout: bool = True


async def replay_transcript(
    transcript: Transcript,
    *,
    server: tuple[str, int] | None = None,
    time_scale: float = 1.0,
    patience_s: float = DEFAULT_PATIENCE_S,
    game_types: Sequence[str] | None = None,
    paused: bool = False,
    prepared: Sequence[ScriptedRoom] = (),
) -> ReplayResult:
    """Replay ``transcript`` against our in-process server (or ``server``) and compare.

    In-process, our server runs on the recording's timeline (:func:`_drive_on_recorded_time`)
    and ``time_scale`` is not used; a running ``server`` is driven in real time, with the
    recorded delays multiplied by ``time_scale``.

    ``game_types``: what our server offers; by default the capture's own (see
    :func:`capture_game_types`), or ``CAPTURE_GAME_TYPES`` when it names none.

    ``prepared``: rooms to prepare before the first client connects (in-process only)."""
    if time_scale <= 0:
        raise ValueError("time_scale must be positive")
    plan = plan_replay(transcript)
    if game_types is None:
        game_types = capture_game_types(plan) or CAPTURE_GAME_TYPES
    schedule = _Schedule(time_scale, OFFICIAL_HARD_TIMEOUT_MS / 1000 + GAP_SLACK_S)
    ours: dict[str, OurConnection] = {}
    if server is not None:
        ours = await _drive(plan, server[0], server[1], schedule, patience_s)
        for connection in ours.values():
            await connection.close()
    else:
        first_state = plan.first_state

        def setup_for(game_type: str) -> GameSetup | None:
            if first_state is None:
                return None
            return GameSetup(initial_state=first_state)

        plugins = [load_plugin(game_type) for game_type in game_types]
        clock = ManualClock(start=plan.actions[0].time if plan.actions else 0.0)
        our_server = ScServer(
            capture_config(paused=paused), plugins, setup_provider=setup_for, clock=clock
        )
        await our_server.start()
        for room in prepared:
            slots = [
                SlotDescriptor(name, can_timeout=room.can_timeout, reserved=True)
                for name in room.names
            ]
            our_server.lobby.prepare_room(
                room.game_type, slots, setup_for(room.game_type), fixed_codes=room.codes
            )
        try:
            ours = await _drive_on_recorded_time(plan, our_server.port, clock, patience_s)
        finally:
            for connection in ours.values():
                await connection.close()
            await our_server.stop()
    return _compare(plan, ours)


def _compare(plan: ReplayPlan, ours: dict[str, OurConnection]) -> ReplayResult:
    official_ids, our_ids = IdNormalizer(), IdNormalizer()
    streams: dict[str, tuple[list[str], list[str]]] = {}
    problems: list[str] = []
    for conn, expected in plan.expected.items():
        connection = ours.get(conn)
        actual = connection.received if connection is not None else []
        if connection is None:
            problems.append(f"{conn} was never opened")
        elif connection.problem is not None:
            problems.append(connection.problem)
        streams[conn] = (_texts(expected, official_ids), _texts(actual, our_ids))
    return ReplayResult(compare_connections(streams, DEFAULT_DEVIATIONS), problems)


def _texts(items: Sequence[etree._Element | str], normalizer: IdNormalizer) -> list[str]:
    return [item if isinstance(item, str) else normalizer.message_text(item) for item in items]


# -- command line -------------------------------------------------------------------------------


def _address(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit():
        raise argparse.ArgumentTypeError(f"expected HOST:PORT, got {text!r}")
    return host or "127.0.0.1", int(port)


def _positive(text: str) -> float:
    value = float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError("must be positive")
    return value


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m botarena.conformance transcript",
        description="Replay an sctranscript/1 capture against our SC server and compare.",
    )
    parser.add_argument("file", type=Path, help="an sctranscript/1 file")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each difference")
    parser.add_argument(
        "--server", type=_address, help="replay against a running server at HOST:PORT"
    )
    parser.add_argument(
        "--time-scale",
        type=_positive,
        default=1.0,
        help="multiply recorded delays and the server's timeouts by this (default 1)",
    )
    parser.add_argument(
        "--patience",
        type=_positive,
        default=DEFAULT_PATIENCE_S,
        help="seconds to wait for a server that falls behind the recording",
    )
    parser.add_argument(
        "--game-type",
        action="append",
        dest="game_types",
        help="game types our server offers (repeatable; default: those the capture's own "
        "join/prepare requests name and the captured server accepted)",
    )
    parser.add_argument(
        "--paused",
        action="store_true",
        help="start rooms created by join paused (captures made with paused = true)",
    )
    args = parser.parse_args(argv)
    try:
        transcript = read_sctranscript(args.file)
    except (OSError, TranscriptFormatError) as error:
        print(f"transcript {args.file}: cannot read: {error}", file=sys.stderr)
        return 2
    if not args.game_types and not capture_game_types(plan_replay(transcript)):
        print(
            f"transcript {args.file}: the capture names no game type (no join/prepare); "
            f"replaying with {', '.join(CAPTURE_GAME_TYPES)} (choose with --game-type)",
            file=sys.stderr,
        )
    result = asyncio.run(
        replay_transcript(
            transcript,
            server=args.server,
            time_scale=args.time_scale,
            patience_s=args.patience,
            game_types=args.game_types or None,
            paused=args.paused,
        )
    )
    report = result.report
    for problem in result.problems:
        print(f"transcript {args.file}: {problem}", file=sys.stderr)
    if args.verbose and report.diffs:
        print(report.render())
    print(f"transcript {args.file}: {report.compared} messages compared, {report.differing} differ")
    return 1 if report.differing or result.problems else 0
