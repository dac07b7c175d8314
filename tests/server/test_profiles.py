"""Which protocol profile answers a connection, and the 2021 texts built from requests."""

from __future__ import annotations

from lxml import etree

from botarena.games.blokus.plugin import PLUGIN as BLOKUS
from botarena.games.hase_und_igel.plugin import PLUGIN as HUI
from botarena.games.piranhas.plugin import PLUGIN as PIRANHAS
from botarena.protocol import sc_messages
from botarena.protocol.sc_profiles import PROFILE_2018, PROFILE_2019, lobby_profile
from botarena.server.lobby import prepare_request_text


def test_the_lobby_speaks_the_served_season_and_2019_on_a_mixed_server():
    assert lobby_profile([BLOKUS]) is BLOKUS.profile
    assert lobby_profile([HUI]) is PROFILE_2018
    assert lobby_profile([PIRANHAS]) is PROFILE_2019
    assert lobby_profile([PIRANHAS, BLOKUS]) is PROFILE_2019
    assert lobby_profile([]) is PROFILE_2019


def test_2021_flags_are_set_only_for_blokus():
    profile = BLOKUS.profile
    assert profile.join_display_name == ""
    assert profile.error_packets and profile.empty_compliant_reason
    assert not profile.end_document_on_drop
    assert PROFILE_2019.join_display_name == "Unknown"
    assert not PROFILE_2019.error_packets and PROFILE_2019.end_document_on_drop
    assert PROFILE_2018.keep_raw_tabs_in_attributes
    assert not PROFILE_2019.keep_raw_tabs_in_attributes


def test_prepare_request_text_is_the_kotlin_to_string_with_java_defaults():
    element = etree.fromstring(
        '<prepare gameType="swc_2021_blokus"><slot displayName="a" canTimeout="true"'
        ' reserved="true"/><slot canTimeout="TRUE"/></prepare>'
    )
    request = sc_messages.decode_request(element)
    assert isinstance(request, sc_messages.Prepare)
    assert prepare_request_text(request) == (
        "PrepareGameRequest(gameType=swc_2021_blokus, slotDescriptors=["
        "SlotDescriptor(displayName=a, canTimeout=true, reserved=true), "
        "SlotDescriptor(displayName=null, canTimeout=true, reserved=false)], pause=false)"
    )


def test_error_packet_echoes_the_request_under_its_alias():
    request = etree.fromstring('<joinPrepared reservationCode="abc"/>')
    packet = sc_messages.error_packet("X: y", request)
    assert etree.tostring(packet) == (
        b'<errorpacket message="X: y">'
        b'<originalRequest class="joinPrepared" reservationCode="abc"/></errorpacket>'
    )
    assert etree.tostring(sc_messages.error_packet("X")) == b'<errorpacket message="X"/>'
