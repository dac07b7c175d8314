"""Accept the seed document's ``</move>`` end tag for ``<data class="move">`` (2018).

The German protocol description of Hase und Igel 2018 shows a move as
``<data class="move">…</move>`` (spec hase-und-igel-2018 §7 item 1), so a client written from
it sends that typo, which no XML parser accepts. For connections whose profile asks for it,
:class:`MoveEndTagRepair` rewrites ``</move>`` to ``</data>`` before the bytes reach the
parser. Clients of the 2018 protocol send no element named ``move``, so the rewrite cannot
change a well-formed message. Both tags have 7 bytes; a chunk that ends inside the tag keeps
that tail back until the next chunk (an incomplete tag, so no complete message waits).
"""

from __future__ import annotations

SEED_END_TAG = b"</move>"
FIXED_END_TAG = b"</data>"


class MoveEndTagRepair:
    """Stateful byte filter: ``</move>`` becomes ``</data>``, also across chunk borders."""

    __slots__ = ("_held",)

    def __init__(self) -> None:
        self._held = b""

    def feed(self, data: bytes, repair: bool) -> bytes:
        """``data`` with the seed's end tag repaired when ``repair``; may hold back up to
        6 bytes that could begin the tag (returned with the next call)."""
        if not repair:
            data, self._held = self._held + data, b""
            return data
        data = (self._held + data).replace(SEED_END_TAG, FIXED_END_TAG)
        self._held = b""
        for length in range(min(len(SEED_END_TAG) - 1, len(data)), 0, -1):
            if SEED_END_TAG.startswith(data[-length:]):
                self._held = data[-length:]
                return data[:-length]
        return data
