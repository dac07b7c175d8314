"""``copy_capped``: the first and last part of a bot's output, and all of a short one."""

from __future__ import annotations

import asyncio
from pathlib import Path

from botarena.confine.log_cap import copy_capped


def copied(tmp_path: Path, data: bytes, head: int, tail: int) -> bytes:
    async def main() -> None:
        source = asyncio.StreamReader()
        source.feed_data(data)
        source.feed_eof()
        await copy_capped(source, tmp_path / "bot.log", head=head, tail=tail)

    asyncio.run(main())
    return (tmp_path / "bot.log").read_bytes()


def test_output_within_both_parts_is_kept_whole(tmp_path):
    assert copied(tmp_path, b"0123456789", head=4, tail=6) == b"0123456789"


def test_output_beyond_the_cap_keeps_head_and_tail_and_says_what_was_left_out(tmp_path):
    log = copied(tmp_path, b"0123456789", head=3, tail=2)
    assert log == b"012\n[botarena: 5 bytes of output left out here]\n89"
