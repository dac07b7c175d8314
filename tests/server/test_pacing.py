"""``--pace-ms``: the paced writer on a work clock, and the unpaced write path."""

from __future__ import annotations

import asyncio
from typing import Any

from botarena.server.events import FinishedGame, LobbyListener
from botarena.server.lobby import SlotDescriptor
from botarena.server.manual_clock import ManualClock
from botarena.server.move_clock import MoveTime
from botarena.server.pacing import PacedWriter
from botarena.server.room import Room
from tests.event_loop import until
from tests.server.scclient import GAME, Client, play_side, run, running_server, seat_two


class FakeTransport:
    def __init__(self, clock: ManualClock) -> None:
        self.clock = clock
        self.writes: list[tuple[float, bytes]] = []
        self.closed_at: float | None = None

    def write(self, data: bytes) -> None:
        self.writes.append((self.clock.time(), data))

    def close(self) -> None:
        self.closed_at = self.clock.time()

    def is_closing(self) -> bool:
        return self.closed_at is not None

    def get_write_buffer_size(self) -> int:
        return 0


def paced(clock: ManualClock, max_buffered: int = 1 << 20) -> tuple[PacedWriter, Any, list[int]]:
    transport = FakeTransport(clock)
    overflows: list[int] = []
    writer = PacedWriter(transport, clock, 0.05, lambda: overflows.append(1), max_buffered)  # type: ignore[arg-type]
    return writer, transport, overflows


def test_messages_to_one_connection_are_written_pace_apart_then_closed():
    clock = ManualClock()
    writer, transport, _ = paced(clock)
    writer.write(b"a")
    writer.write(b"b")
    writer.write(b"c")
    writer.close_after_queue(b"</protocol>")
    assert transport.writes == [(0.0, b"a")]  # the first goes out at once
    clock.advance(0.05)
    clock.advance(0.05)
    assert transport.writes == [(0.0, b"a"), (0.05, b"b"), (0.1, b"c"), (0.1, b"</protocol>")]
    assert transport.closed_at == 0.1
    assert writer.idle


def test_a_message_after_a_pause_goes_out_at_once_and_connections_do_not_wait_for_each_other():
    clock = ManualClock()
    first, first_transport, _ = paced(clock)
    second, second_transport, _ = paced(clock)
    first.write(b"a")
    first.write(b"b")
    second.write(b"x")  # another connection: not delayed by the first one's queue
    assert second_transport.writes == [(0.0, b"x")]
    clock.advance(1.0)
    assert first_transport.writes == [(0.0, b"a"), (0.05, b"b")]
    first.write(b"c")  # long after the previous one: at once
    assert first_transport.writes[-1] == (1.0, b"c")


def test_a_queue_past_the_outbound_limit_drops_the_connection():
    clock = ManualClock()
    writer, _, overflows = paced(clock, max_buffered=9)
    writer.write(b"12345")  # written at once
    writer.write(b"12345")  # queued: 5 bytes
    assert overflows == []
    writer.write(b"12345")
    assert overflows == [1]


@run
async def test_without_pacing_the_write_path_reads_no_clock():
    async with running_server() as server:
        client = await Client.connect(server.port)
        await client.send(f'<join gameType="{GAME}"/>')
        await client.expect("joined")
        (connection,) = server.connections.values()
        reads = 0
        clock = server.lobby.clock

        class CountingClock:
            def time(self) -> float:
                nonlocal reads
                reads += 1
                return float(clock.time())

            def call_later(self, delay: float, callback: Any) -> Any:
                return clock.call_later(delay, callback)

        counting = CountingClock()
        server.lobby.clock = counting
        connection._time = counting.time
        for _ in range(10):
            connection.send(b"<ping/>")
        assert reads == 0
        for _ in range(10):
            assert await client.expect("ping") is not None
        await client.close()


@run
async def test_only_the_client_that_needs_it_is_paced_and_its_pace_is_never_charged():
    """A client that reads one message per read (it drops what follows ``</room>`` in a read,
    as the 2019 C++ client does) is paced by its name (``--pace-client cpp``) and completes
    its game against an unpaced opponent; a game of two other clients on the same server is
    not paced at all. The pace runs on a fake clock that moves only once ``cpp`` has read
    every message written to it and the server has read every move it sent, so each of its
    moves took no time on that clock: a clock started when the request was queued would
    charge it the pace."""
    from tests.server.one_message_client import OneMessagePerRead  # noqa: PLC0415
    from tests.server.test_bad_input import (  # noqa: PLC0415
        bad_input_server,
        finish_bystander,
        start_bystander,
    )

    clock = ManualClock(start=1000.0)
    finished: list[FinishedGame] = []
    answered: list[MoveTime] = []

    class Listener(LobbyListener):
        def move_answered(self, room: Room, move: MoveTime) -> None:
            answered.append(move)

        def game_finished(self, game: FinishedGame) -> None:
            finished.append(game)

    config = {"no_timeout": True, "pace_ms": 1, "pace_clients": ("cpp",), "clock": clock}
    async with bad_input_server(**config) as server:
        server.lobby.add_listener(Listener())
        cpp = await OneMessagePerRead.join(server.port, "cpp", display_name="cpp")
        await until(lambda: bool(server.lobby.rooms))
        fast = await Client.connect(server.port, "fast")
        await fast.send(f'<join gameType="{GAME}"/>')
        room_id = (await fast.expect("joined")).get("roomId")
        room = server.lobby.rooms[room_id]
        cpp_slot = next(s for s in room.slots if s.display_name == "cpp")
        cpp_connection = cpp_slot.client
        fast_game = asyncio.ensure_future(play_side(fast, room_id))
        bystander = await start_bystander(server.port)
        connections = list(server.connections.values())
        paced = [c for c in connections if c._paced is not None]
        assert paced == [cpp_connection]

        def cpp_idle() -> bool:
            assert cpp_connection is not None and cpp_connection._paced is not None
            read = len(cpp.kept) + len(cpp.lost)
            mine = sum(1 for move in answered if move.slot == cpp_slot.index)
            return read >= cpp_connection._paced.messages_written and mine == cpp.moves_sent

        while not cpp.done.done():
            await until(cpp_idle)
            clock.advance(0.001)
            await asyncio.sleep(0)
        result = await fast_game
        await finish_bystander(*bystander)  # the other game on the same server, unpaced
        cpp.close()
        await fast.close()
    assert cpp.lost == [] and cpp.result is not None
    assert [s.get("cause") for s in result.findall("score")] == ["REGULAR", "REGULAR"]
    [game] = [g for g in finished if g.room_id == room_id]
    cpp_moves = [move for move in game.moves if move.slot == cpp_slot.index]
    assert len(cpp_moves) == cpp.moves_sent >= 3
    assert {move.raw_ms for move in cpp_moves} == {0.0}


@run
async def test_a_prepared_slot_with_a_pace_paces_only_the_client_seated_there():
    async with running_server() as server:
        prepared = server.lobby.prepare_room(
            GAME, [SlotDescriptor("slow", pace_ms=5), SlotDescriptor("quick")]
        )
        red, blue = await seat_two(server.port, list(prepared.reservations))
        room = server.lobby.rooms[prepared.room_id]
        await until(room.is_full)
        slow, quick = (slot.client for slot in room.slots)
        assert slow is not None and slow._paced is not None and slow._paced.pace_s == 0.005
        assert quick is not None and quick._paced is None
        await red.close()
        await blue.close()
