"""200 concurrent games over real TCP (issue 3 item 5).

The games start from a position at turn 50 (forced through the setup provider) and the
scripted clients answer at once, following the game with the rules engine and reading only
the board and ``lastMove`` out of the mementos, so the whole test takes a few seconds.
"""

from __future__ import annotations

import asyncio
import re

from botarena.core import SeededRandom
from botarena.games.piranhas import Direction, Move, PiranhasState
from botarena.protocol.sc_plugin import GameSetup
from tests.event_loop import until
from tests.server.scclient import GAME, run, running_server

CONCURRENT_GAMES = 200
MOVE_REQUEST = b'class="sc.framework.plugins.protocol.MoveRequest"/>\n  </room>'
FIELD = re.compile(rb'<field x="\d" y="\d" state="(\w+)"/>')
TURN = re.compile(rb' turn="(\d+)"')
LAST_MOVE = re.compile(rb'<lastMove class="move" x="(\d)" y="(\d)" direction="(\w+)"')
ROOM = re.compile(rb'roomId="([^"]+)"')
CHAR = {b"RED": "R", b"BLUE": "B", b"OBSTRUCTED": "O", b"EMPTY": "."}


def late_position() -> PiranhasState:
    state = PiranhasState.start(obstacles=[(2, 6), (7, 7)])
    rng = SeededRandom(5)
    while state.turn < 50:
        state.apply(rng.choice(state.legal_moves()))
    return state


LATE = late_position()


async def fast_player(port: int, rng: SeededRandom) -> tuple[set[bytes], bytes, int]:
    """Plays one game; returns (room ids seen, the stream after the last request, moves)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f'<protocol><join gameType="{GAME}"/>'.encode())
    buffer = b""
    seen = b""
    state: PiranhasState | None = None
    moves = 0
    room_id = b""
    while b"<left " not in buffer:
        chunk = await asyncio.wait_for(reader.read(1 << 16), 30)
        assert chunk, "server closed the connection"
        buffer += chunk
        seen += chunk
        if not room_id and ROOM.search(buffer):
            room_id = ROOM.search(buffer).group(1)  # type: ignore[union-attr]
        end = buffer.rfind(MOVE_REQUEST)
        if end < 0:
            continue
        head, buffer = buffer[: end + len(MOVE_REQUEST)], buffer[end + len(MOVE_REQUEST) :]
        turn = int(TURN.findall(head)[-1])
        if state is None:
            fields = [CHAR[f] for f in FIELD.findall(head)[-100:]]
            columns = ["".join(fields[10 * x : 10 * x + 10]) for x in range(10)]
            state = PiranhasState.from_fields_by_x(columns, turn)
        elif state.turn < turn:
            x, y, direction = LAST_MOVE.findall(head)[-1]
            state.apply(Move(int(x), int(y), Direction[direction.decode()]))
        move = rng.choice(state.legal_moves())
        state.apply(move)
        moves += 1
        writer.write(
            b'<room roomId="%s"><data class="move" x="%d" y="%d" direction="%s"/></room>'
            % (room_id, move.x, move.y, move.direction.value.encode())
        )
    writer.write(b"</protocol>")
    assert await asyncio.wait_for(reader.read(), 10) == b"\n</protocol>"
    writer.close()
    return set(ROOM.findall(seen)), buffer, moves


@run
async def test_200_concurrent_games_all_end_regularly():
    async with running_server(
        setup_provider=lambda game_type: GameSetup(initial_state=LATE)
    ) as server:
        rng = SeededRandom(2019)
        players = [
            fast_player(server.port, rng.derive(str(i))) for i in range(2 * CONCURRENT_GAMES)
        ]
        outcomes = await asyncio.gather(*players)
        rooms: dict[bytes, int] = {}
        total_moves = 0
        for room_ids, tail, moves in outcomes:
            assert len(room_ids) == 1  # never a message of another room
            (room_id,) = room_ids
            rooms[room_id] = rooms.get(room_id, 0) + 1
            total_moves += moves
            causes = re.findall(rb'<score cause="(\w+)"', tail)
            assert causes == [b"REGULAR", b"REGULAR"], tail[-600:]
            assert tail.endswith(b'\n  <left roomId="' + room_id + b'"/>')
        assert len(rooms) == CONCURRENT_GAMES and set(rooms.values()) == {2}
        assert total_moves >= CONCURRENT_GAMES  # every game went on from turn 50
        await until(lambda: not server.lobby.rooms and not server.connections)
