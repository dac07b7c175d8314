"""Human play: a seat of a prepared room held by the web server for a person in a browser.

:class:`HumanSeat` is an ordinary SC client (``joinPrepared`` over TCP, like any bot): it
keeps the last state it was sent, and on each move request computes the legal moves with
our engine (the season's state reader, ``legal_moves()``, ``move_to_element``) and offers
them to the browser; the browser answers with the index of the chosen move. The seat never
times out unless the room was prepared so.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets

from lxml import etree

from botarena.games.registry import GameSpec
from botarena.protocol import sc_messages as msg
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded
from botarena.web.hub import Viewer

log = logging.getLogger(__name__)

MAX_HUMAN_SEATS = 32
"""Human seats the web server holds at once; more are refused."""


class HumanSeat:
    """One seat played from the browser."""

    def __init__(self, spec: GameSpec, host: str, port: int, code: str) -> None:
        self.spec = spec
        self.host, self.port, self.code = host, port, code
        self.token = secrets.token_urlsafe(16)
        """What the browser names the seat by (only who created it knows it)."""
        self.room_id: str | None = None
        self.state_xml: str | None = None
        self.moves: list[str] = []
        self.over = False
        self.viewers: set[Viewer] = set()
        self._writer: asyncio.StreamWriter | None = None
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    def turn_message(self) -> str:
        return json.dumps(
            {
                "type": "turn",
                "seat": self.token,
                "room": self.room_id,
                "state": self.state_xml if self.moves else None,
                "moves": self.moves,
                "over": self.over,
            }
        )

    def subscribe(self, viewer: Viewer) -> None:
        if viewer not in self.viewers:
            self.viewers.add(viewer)
            viewer.extra_snapshots.append(self.turn_message)
        viewer.push(self.turn_message())

    def _publish(self) -> None:
        text = self.turn_message()
        for viewer in list(self.viewers):
            if viewer.closed:
                self.viewers.discard(viewer)
            else:
                viewer.push(text)

    def play(self, index: object) -> str | None:
        """Send the move number ``index`` of the offered ones; an error text if impossible."""
        if not self.moves:
            return "it is not your turn"
        if (
            not isinstance(index, int)
            or isinstance(index, bool)
            or not 0 <= index < len(self.moves)
        ):
            return f"move must be a number from 0 to {len(self.moves) - 1}"
        move = self.moves[index]
        self.moves = []
        if self._writer is not None and self.room_id is not None:
            room = etree.Element("room", roomId=self.room_id)
            room.append(etree.fromstring(move))
            self._writer.write(etree.tostring(room))
        self._publish()
        return None

    async def _run(self) -> None:
        try:
            reader, self._writer = await asyncio.open_connection(self.host, self.port)
            self._writer.write(b"<protocol>")
            self._writer.write(etree.tostring(msg.JoinPrepared(self.code).to_element()))
            parser = ScStreamParser()
            while data := await reader.read(1 << 16):
                for event in parser.feed(data):
                    if isinstance(event, StreamEnded):
                        return
                    if isinstance(event, MessageReceived):
                        self._on_message(event.element)
        except (OSError, ValueError) as error:
            log.info("human seat %s: %s", self.room_id, error)
        finally:
            self.over = True
            self.moves = []
            self._publish()
            if self._writer is not None:
                with contextlib.suppress(Exception):
                    self._writer.close()

    def _on_message(self, element: etree._Element) -> None:
        if element.tag != "room":
            return
        self.room_id = element.get("roomId")
        data = element.find("data")
        kind = data.get("class", "") if data is not None else ""
        if kind == "memento" and data is not None:
            state = data.find("state")
            if state is not None:
                self.state_xml = etree.tostring(state, encoding="unicode")
        elif kind.endswith("MoveRequest") and self.state_xml is not None:
            self.moves = self.legal_moves(self.state_xml)
            self._publish()
        elif kind == "result":
            self.over = True
            self._publish()

    def legal_moves(self, state_xml: str) -> list[str]:
        """The legal moves of the state, from our engine, as the ``<data>`` to send."""
        state = self.spec.part(self.spec.read_state)(etree.fromstring(state_xml))
        to_element = self.spec.part("xml:move_to_element")
        return [
            etree.tostring(to_element(move), encoding="unicode") for move in state.legal_moves()
        ]

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
