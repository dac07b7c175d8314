"""A connection without a socket, for lobby and room tests: it keeps what it was sent."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class FakePeer:
    peer_id: int
    is_admin: bool = False
    sent: list[bytes] = field(default_factory=list)
    closed: bool = False

    def send(self, message: bytes) -> None:
        self.sent.append(message)

    def close(self, close_element: bytes | None = None, *, end_document: bool = True) -> None:
        self.closed = True
