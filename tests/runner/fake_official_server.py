"""A fake official 26.x server: our own server behind a TCP proxy that reads the client's
requests the way the official 26.x server does where ours is more lenient.

* ``<authenticate>``: only ``password`` is read (XStream skips the 2018/2019 attribute
  ``passphrase``), so a client that sends ``passphrase`` alone is a wrong password;
* ``<prepare>`` with a ``loadGameInfo`` child: the official 26.x request has no such field, so
  XStream fails and the server drops the connection.

Everything else passes unchanged: the client's messages one by one, the server's bytes as
they come.
"""

from __future__ import annotations

import asyncio
import contextlib

from lxml import etree

from botarena.protocol.sc_errors import ProtocolError
from botarena.protocol.sc_xml import MessageReceived, ScStreamParser, StreamEnded
from botarena.protocol.xstream import STREAM_END, STREAM_START

READ_BYTES = 65536


class Official26Proxy:
    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.port = 0
        self.passwords_read: list[str | None] = []
        """What each ``<authenticate>`` gave the official way (``None``: no password)."""
        self.dropped: list[str] = []
        """Why the proxy dropped a connection, one entry per drop."""
        self._server: asyncio.Server | None = None

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        pump = asyncio.create_task(_copy(up_reader, writer))
        parser = ScStreamParser()
        opened = False
        try:
            while data := await reader.read(READ_BYTES):
                for event in parser.feed(data):
                    if isinstance(event, StreamEnded):
                        up_writer.write(STREAM_END)
                        await pump
                        return
                    assert isinstance(event, MessageReceived)
                    element = self._official(event.element)
                    if element is None:
                        return  # dropped
                    if not opened:
                        opened = True
                        up_writer.write(STREAM_START)
                    up_writer.write(etree.tostring(element))
        except (OSError, ProtocolError):
            pass
        finally:
            pump.cancel()
            for end in (writer, up_writer):
                with contextlib.suppress(Exception):
                    end.close()

    def _official(self, element: etree._Element) -> etree._Element | None:
        """The request as the official 26.x server reads it; ``None``: it drops the client."""
        if element.tag == "authenticate":
            password = element.get("password")
            self.passwords_read.append(password)
            read = etree.Element("authenticate")
            if password is not None:
                read.set("password", password)
            return read
        if element.tag == "prepare" and element.find("loadGameInfo") is not None:
            self.dropped.append("prepare with loadGameInfo")
            return None
        return element


async def _copy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(OSError):
        while data := await reader.read(READ_BYTES):
            writer.write(data)
            await writer.drain()
    with contextlib.suppress(Exception):
        writer.close()
