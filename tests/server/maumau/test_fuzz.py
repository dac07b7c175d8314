"""Random input never crashes or stalls the server (spec §13.2), over real TCP."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.maumau.helpers import Client, is_request, run

LINES = st.one_of(
    st.binary(max_size=200).map(lambda b: b.replace(b"\n", b" ").replace(b"\r", b" ")),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
        max_leaves=8,
    ).map(lambda value: json.dumps(value).encode()),
    st.fixed_dictionaries(
        {"status": st.sampled_from(["turn", "skip", "okay", 5]), "selectedCard": st.integers()},
        optional={"wishedColor": st.integers() | st.text()},
    ).map(lambda value: json.dumps(value).encode()),
)
FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(line=LINES)
def test_any_name_line_gets_an_answer_and_a_seat(line):
    async def scenario(server):
        bot = await Client.connect(server)
        await bot.line()
        bot.send(line + b"\n")
        reply = json.loads(await bot.line())
        other = await Client.connect(server)
        await other.handshake("Other")
        start = await bot.message()
        bot.close()
        other.close()
        return reply, start

    reply, start = run(scenario)
    assert set(reply) == {"setName", "name", "status"}
    assert reply["name"] == "Bot 0" or reply["setName"] is True
    assert start == {"gameStart": True, "status": "okay"}


@FUZZ
@given(line=LINES)
def test_any_move_line_is_answered_by_the_rules_and_the_game_goes_on(line):
    async def scenario(server):
        alice, bob = await Client.connect(server), await Client.connect(server)
        await alice.handshake("Alice")
        await bob.handshake("Bob")
        await alice.until(is_request)
        alice.send(line + b"\n")
        nxt = await bob.until(lambda m: "turnOf" in m and m["turnOf"] == "Bob")
        alice.close()
        bob.close()
        return nxt

    nxt = run(scenario, seed=1)
    assert nxt["status"] == "okay"
