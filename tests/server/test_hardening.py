"""Findings of the independent tester (real TCP on 127.0.0.1): each case holds now."""

from __future__ import annotations

from tests.server.scclient import GAME, Client, running_server, run


@run
async def test_refused_markup_after_a_join_in_the_same_write_is_handled_like_two_writes():
    # The tester's case: one write got only the close, two writes got `joined` first.
    async with running_server() as server:
        results = []
        for writes in (
            [f'<protocol><join gameType="{GAME}"/><!DOCTYPE x>'],
            [f'<protocol><join gameType="{GAME}"/>', "<!DOCTYPE x>"],
        ):
            client = await Client.connect(server.port, opening=False)
            for index, data in enumerate(writes):
                await client.send(data)
                if index == 0 and len(writes) > 1:
                    await client.expect("joined")
            await client.until_eof()
            results.append([item.tag for item in client.messages])
        assert results[0] == results[1] == ["joined"]
