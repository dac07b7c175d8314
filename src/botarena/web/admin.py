"""Start-from-here: a new prepared game from a replay position, through the admin protocol.

The web server talks to the SC server like ``botarena test --server`` does: it connects,
authenticates with the admin password, sends ``<prepare>`` with the position as
``<loadGameInfo>``, and reads the ``<prepared>`` answer, all through the SC client core
(:mod:`botarena.protocol.sc_client`) in the requests of the season's server generation.
Seats given to a built-in player get a ``botarena bot`` process with its reservation code;
other seats are left open (their codes are returned for a bot or a person to connect with).
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from lxml import etree

from botarena.client.sc_connection import AsyncScConnection
from botarena.confine import start_bot
from botarena.games.registry import GameSpec, lookup
from botarena.protocol import sc_client
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_client import Received
from botarena.runner.launch import bot_environment
from botarena.web.human import time_limit_error
from botarena.web.limits import MAX_PREPARE_BYTES

ADMIN_REPLY_TIMEOUT_S = 10.0
"""How long the web server waits for the SC server's answer to ``prepare``."""
OPEN_SEAT = "open"
HUMAN_SEAT = "human"

_bot_processes: set[asyncio.subprocess.Process] = set()


class PrepareError(ValueError):
    """A start-from-here request that cannot be carried out (the text says why)."""


def read_start_state(game: str, state_xml: str) -> tuple[GameSpec, etree._Element]:
    """The season and the ``<state>`` of ``state_xml`` (checked with our engine)."""
    spec = lookup(game)
    if spec is None or not spec.protocol.xml_states:
        raise PrepareError(f"not a Software-Challenge game: {game!r}")
    if len(state_xml.encode("utf-8")) > MAX_PREPARE_BYTES:
        raise PrepareError(f"state larger than MAX_PREPARE_BYTES={MAX_PREPARE_BYTES}")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    try:
        state = etree.fromstring(state_xml.encode("utf-8"), parser)
        spec.part(spec.read_state)(state)
    except Exception as error:
        raise PrepareError(f"not a {spec.id} state: {error}") from None
    return spec, state


async def admin_prepare(
    host: str,
    port: int,
    password: str | None,
    spec: GameSpec,
    *,
    start: etree._Element | None,
    names: list[str],
    can_timeout: list[bool],
) -> tuple[str, tuple[str, ...]]:
    """Prepare a room of ``spec``'s season on the SC server, from ``start`` (a state) or
    the server's own start (``None``); (room id, reservation codes)."""
    if not password:
        raise PrepareError("the game server has no admin password: administration is off")
    profile = spec.load_plugin().profile
    try:
        connection = await AsyncScConnection.open(host, port)
    except OSError as error:
        raise PrepareError(f"cannot reach the game server {host}:{port}: {error}") from None
    try:
        slots = (
            msg.SlotDescriptor(name, timeout, False)
            for name, timeout in zip(names, can_timeout, strict=True)
        )
        connection.send(sc_client.authenticate(password, profile))
        connection.send(sc_client.prepare(spec.game_type, slots, profile, start=start))
        return await asyncio.wait_for(_answer(connection), ADMIN_REPLY_TIMEOUT_S)
    except TimeoutError:
        raise PrepareError("the game server did not answer prepare") from None
    finally:
        connection.abort()


async def _answer(connection: AsyncScConnection) -> tuple[str, tuple[str, ...]]:
    async for event in connection.events():
        if not isinstance(event, Received):
            continue
        message = event.message
        if isinstance(message, msg.ErrorPacket):
            raise PrepareError(f"the game server refused: {message.message}")
        if isinstance(message, msg.Prepared):
            return message.room_id, message.reservations
    raise PrepareError("the game server closed the admin connection (wrong password?)")


async def admin_cancel(
    host: str, port: int, password: str | None, spec: GameSpec, room_id: str
) -> None:
    """Cancel the room ``room_id`` of ``spec``'s season through the admin protocol (an
    expired prepared room)."""
    if not password:
        raise PrepareError("the game server has no admin password: administration is off")
    connection = await AsyncScConnection.open(host, port)
    try:
        connection.send(sc_client.authenticate(password, spec.load_plugin().profile))
        connection.send(msg.Cancel(room_id))
    finally:
        await connection.close()


def running_bots() -> int:
    """Bot processes started by :func:`launch_bot` still running."""
    return len(_bot_processes)


async def launch_bot(game: str, player: str, host: str, port: int, code: str) -> None:
    """A built-in player in its own process, taking the reserved seat ``code``."""
    argv = [sys.executable, "-m", "botarena", "bot", game, player]
    process = await start_bot(
        [*argv, "--host", host, "--port", str(port), "--reservation", code],
        stdin=None,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
        env=bot_environment(),
    )
    _bot_processes.add(process)
    task = asyncio.get_running_loop().create_task(process.wait())
    task.add_done_callback(lambda _: _bot_processes.discard(process))


async def prepare_from_state(
    host: str, port: int, password: str | None, body: Any
) -> dict[str, object]:
    """Carry out a start-from-here request ``{"game", "state", "seats": [seat, seat]}``; a seat
    is a built-in player's name, ``"human"`` (its code in ``humanCodes``, for the web server's
    :class:`~botarena.web.human.HumanSeat`) or ``"open"`` (left for any bot with the code).
    ``state`` null: a new game from the server's seed. ``timePerMove`` (optional, seconds or
    null) is the human seats' time per move, checked here and applied by the web server."""
    if not isinstance(body, dict):
        raise PrepareError("the request must be a JSON object")
    game, state, seats = body.get("game"), body.get("state"), body.get("seats", [OPEN_SEAT] * 2)
    if not isinstance(game, str) or not (state is None or isinstance(state, str)):
        raise PrepareError("game must be a string, state a string or null (a new game)")
    if not isinstance(seats, list) or len(seats) != 2 or not all(isinstance(s, str) for s in seats):
        raise PrepareError("seats must be two strings")
    limit_error = time_limit_error(body.get("timePerMove"))
    if limit_error is not None:
        raise PrepareError(limit_error)
    spec = lookup(game)
    players = spec.player_names if spec is not None else ()
    for seat in seats:
        if seat not in (*players, HUMAN_SEAT, OPEN_SEAT):
            raise PrepareError(f"unknown seat {seat!r}: a built-in player, human or open")
    start: etree._Element | None = None
    if state is not None:
        spec, start = read_start_state(game, state)
    elif spec is None or not spec.protocol.xml_states:
        raise PrepareError(f"not a Software-Challenge game: {game!r}")
    names = [
        seat if seat in players else ("Human" if seat == HUMAN_SEAT else f"seat {index + 1}")
        for index, seat in enumerate(seats)
    ]
    timeouts = [seat in players for seat in seats]  # no timeout for a person or an open seat
    room_id, codes = await admin_prepare(
        host, port, password, spec, start=start, names=names, can_timeout=timeouts
    )
    open_codes: dict[int, str] = {}
    human_codes: dict[int, str] = {}
    for index, (seat, code) in enumerate(zip(seats, codes, strict=False)):
        if seat in players:
            await launch_bot(game, seat, host, port, code)
        elif seat == HUMAN_SEAT:
            human_codes[index] = code
        else:
            open_codes[index] = code
    return {"roomId": room_id, "codes": open_codes, "humanCodes": human_codes}
