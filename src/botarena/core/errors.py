"""Errors raised by game rules."""

from __future__ import annotations

from typing import Any


class InvalidMove(Exception):  # noqa: N818 - the name mirrors the official InvalidMoveException
    """A move that the rules reject.

    ``reason`` is the text the official server sends for this violation (data, kept verbatim,
    often German); ``move`` is the rejected move when there is one.
    """

    def __init__(self, reason: str, move: Any = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.move = move
