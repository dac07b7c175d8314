"""``--pace-ms``: the paced writer on a work clock, and the unpaced write path."""

from __future__ import annotations

from typing import Any

from botarena.server.manual_clock import ManualClock
from botarena.server.pacing import PacedWriter
from tests.server.scclient import GAME, Client, run, running_server


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
