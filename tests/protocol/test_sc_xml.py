"""The sans-I/O SC stream parser: framing, accepted shapes, limits and XML attacks."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from botarena.conformance.sctranscript import C2S, S2C, read_sctranscript
from botarena.protocol.sc_errors import (
    ForbiddenXmlError,
    LimitExceededError,
    MalformedXmlError,
    ProtocolError,
)
from botarena.protocol.sc_xml import (
    DEFAULT_LIMITS,
    MAX_ATTRIBUTE_VALUE_CHARS,
    MAX_ATTRIBUTES,
    MAX_DEPTH,
    MAX_ELEMENTS_PER_MESSAGE,
    MAX_MESSAGE_BYTES,
    MessageReceived,
    ScStreamParser,
    StreamEnded,
    StreamEvent,
    StreamLimits,
)
from tests.conftest import fixture_file, fixture_files, plain_name


def only_messages(events) -> list[etree._Element]:
    elements = []
    for event in events:
        assert isinstance(event, MessageReceived)
        elements.append(event.element)
    return elements


def messages(events) -> list[bytes]:
    return [etree.tostring(e.element) for e in events if isinstance(e, MessageReceived)]


def feed_all(parser: ScStreamParser, *chunks: bytes) -> list[StreamEvent]:
    events: list[StreamEvent] = []
    for chunk in chunks:
        events.extend(parser.feed(chunk))
    return events


JOIN = b'<join gameType="swc_2019_piranhas"/>'


# -- framing ------------------------------------------------------------------------------


def test_one_message_in_one_segment_is_dispatched_at_once():
    parser = ScStreamParser()
    events = parser.feed(b"<protocol>" + JOIN)
    assert messages(events) == [JOIN]
    assert parser.root_tag == "protocol"
    assert not parser.ended


def test_protocol_start_tag_in_its_own_packet():
    parser = ScStreamParser()
    assert parser.feed(b"<protocol>") == []
    assert messages(parser.feed(JOIN)) == [JOIN]


def test_element_split_in_its_name_is_dispatched_when_complete():
    parser = ScStreamParser()
    assert parser.feed(b"<protocol><jo") == []
    assert messages(parser.feed(b'in gameType="swc_2019_piranhas"/>')) == [JOIN]


def test_every_split_point_gives_the_same_messages():
    stream = (
        b'<?xml version="1.0" encoding="UTF-8"?>\n<protocol>\n  '
        + JOIN
        + b'<room roomId="r1">\n\t<data class="move" x="0" y="1" direction="UP">'
        b'<hint content="h &amp; \xc3\xa4"/></data>\n</room></protocol>'
    )
    expected = messages(ScStreamParser().feed(stream))
    assert len(expected) == 2
    for cut in range(1, len(stream)):
        parser = ScStreamParser()
        events = feed_all(parser, stream[:cut], stream[cut:])
        assert messages(events) == expected, cut
        assert isinstance(events[-1], StreamEnded)


def test_byte_by_byte_feeding():
    stream = b"<protocol>" + JOIN + b'<observe roomId="x"/>'
    parser = ScStreamParser()
    events = feed_all(parser, *(stream[i : i + 1] for i in range(len(stream))))
    assert messages(events) == [JOIN, b'<observe roomId="x"/>']


@settings(max_examples=40, deadline=None)
@given(cuts=st.lists(st.integers(min_value=0, max_value=7000), max_size=12))
def test_random_splits_of_a_recorded_server_stream(fixtures_dir: Path, cuts: list[int]):
    transcript = read_sctranscript(
        fixture_file(fixtures_dir / "piranhas-2019", "err_move_not_your_turn.txt")
    )
    stream = transcript.stream("c1", S2C)
    whole = messages(ScStreamParser().feed(stream))
    points = sorted({c % len(stream) for c in cuts} | {0, len(stream)})
    parser = ScStreamParser()
    events = feed_all(parser, *(stream[a:b] for a, b in itertools.pairwise(points)))
    assert messages(events) == whole


def test_messages_are_detached_from_the_root():
    parser = ScStreamParser()
    events = parser.feed(b"<protocol>" + JOIN * 3 + b"  text  ")
    for element in only_messages(events):
        assert element.getparent() is None
        assert element.tail is None


def test_many_messages_keep_the_root_empty():
    parser = ScStreamParser()
    parser.feed(b"<protocol>")
    for _ in range(2000):
        assert len(parser.feed(b"\n  " + JOIN)) == 1
    root = parser._root  # the partial document must not grow with the stream
    assert root is not None
    assert len(root) == 0


def test_end_of_stream():
    parser = ScStreamParser()
    events = parser.feed(b"<protocol>" + JOIN + b"</protocol>")
    assert messages(events) == [JOIN]
    assert isinstance(events[-1], StreamEnded)
    assert parser.ended
    assert parser.feed(b"<join/>") == []  # bytes after the end are ignored


def test_bytes_after_the_end_in_the_same_chunk_are_ignored():
    parser = ScStreamParser()
    events = parser.feed(b"<protocol>" + JOIN + b"</protocol>garbage<x/>")
    assert messages(events) == [JOIN]
    assert isinstance(events[-1], StreamEnded)
    assert parser.failed is None


def test_end_of_stream_without_messages():
    events = ScStreamParser().feed(b"<protocol></protocol>")
    assert events == [StreamEnded()]


def test_missing_root_makes_the_first_message_the_root():
    # Official behaviour (captures, case J): the join becomes the root, nothing is dispatched.
    parser = ScStreamParser()
    events = parser.feed(JOIN)
    assert events == [StreamEnded()]
    assert parser.root_tag is None or parser.ended


def test_any_root_name_is_accepted():
    parser = ScStreamParser()
    assert messages(parser.feed(b"<whatever>" + JOIN)) == [JOIN]
    assert parser.root_tag == "whatever"


# -- accepted client shapes (real-clients-2019.md item 13) ----------------------------------


@pytest.mark.parametrize(
    ("raw", "tag", "attrib"),
    [
        (b"<join gameType='swc_2019_piranhas'/>", "join", {"gameType": "swc_2019_piranhas"}),
        (b'<join gameType="swc_2019_piranhas" />', "join", {"gameType": "swc_2019_piranhas"}),
        (b'<join gameType="swc_2019_piranhas"></join>', "join", {"gameType": "swc_2019_piranhas"}),
        (b'<join foo="bar" gameType="g"/>', "join", {"foo": "bar", "gameType": "g"}),
    ],
)
def test_client_shapes(raw, tag, attrib):
    (element,) = only_messages(ScStreamParser().feed(b"<protocol>" + raw))
    assert element.tag == tag
    assert {str(k): str(v) for k, v in element.attrib.items()} == attrib


def test_move_with_whitespace_hints_and_explicit_end_tag():
    raw = (
        b'<room roomId="r">\n\t<data class="move" x="1" y="2" direction="UP">\n    '
        b'<hint content="a"/>\n    <hint content="b"/>\n  </data>\n</room>'
    )
    (element,) = only_messages(ScStreamParser().feed(b"<protocol>\n" + raw))
    (data,) = list(element)
    assert data.get("class") == "move"
    assert [h.get("content") for h in data] == ["a", "b"]


def test_xml_declaration_comments_and_processing_instructions_are_skipped():
    stream = (
        b'<?xml version="1.0" encoding="UTF-8"?>\n<protocol>  <!-- hello -->\n'
        b"<?pi data?>stray text" + JOIN
    )
    assert messages(ScStreamParser().feed(stream)) == [JOIN]


def test_predefined_entities_and_character_references_are_decoded():
    (element,) = only_messages(ScStreamParser().feed(b'<protocol><x a="&apos;&#xa;&amp;&#228;"/>'))
    assert element.get("a") == "'\n&ä"


# -- malformed input ----------------------------------------------------------------------


def test_mismatched_end_tag_is_malformed_and_the_parser_stays_failed():
    parser = ScStreamParser()
    with pytest.raises(MalformedXmlError) as caught:
        parser.feed(b'<protocol><join gameType="x"></joinX>')
    assert "malformed XML" in str(caught.value)
    assert caught.value.kind == "malformed"
    assert parser.failed is caught.value
    with pytest.raises(MalformedXmlError):
        parser.feed(JOIN)


def test_messages_before_the_error_in_the_same_chunk_are_on_the_error():
    parser = ScStreamParser()
    with pytest.raises(ProtocolError) as caught:
        parser.feed(b"<protocol>" + JOIN + b"<a></b>")
    assert messages(caught.value.events) == [JOIN]


def test_garbage_before_the_root_is_malformed():
    with pytest.raises(MalformedXmlError):
        ScStreamParser().feed(b"hello<protocol>")


def test_undefined_entity_is_malformed():
    with pytest.raises(MalformedXmlError):
        ScStreamParser().feed(b'<protocol><join gameType="&foo;"/>')


# -- XML attacks ----------------------------------------------------------------------------

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<protocol><join gameType="&lol9;"/>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE protocol [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<protocol><join gameType="&xxe;"/>"""

QUADRATIC_BLOWUP = (
    b'<!DOCTYPE protocol [<!ENTITY a "'
    + b"x" * 50_000
    + b'">]><protocol><join gameType="'
    + b"&a;" * 10_000
    + b'"/>'
)

EXTERNAL_DTD = b'<!DOCTYPE protocol SYSTEM "http://example.invalid/evil.dtd"><protocol>'


@pytest.mark.parametrize(
    "attack",
    [BILLION_LAUGHS, EXTERNAL_ENTITY, QUADRATIC_BLOWUP, EXTERNAL_DTD],
    ids=["billion-laughs", "external-entity", "quadratic-blowup", "external-dtd"],
)
def test_dtd_based_attacks_are_refused(attack):
    parser = ScStreamParser()
    with pytest.raises(ForbiddenXmlError) as caught:
        for start in range(0, len(attack), 4096):
            parser.feed(attack[start : start + 4096])
    assert "DOCTYPE" in str(caught.value)
    assert caught.value.kind == "forbidden"


def test_entity_declaration_split_across_chunks_is_refused():
    parser = ScStreamParser()
    parser.feed(b"<protocol><!-- x --><!DOC")
    with pytest.raises(ForbiddenXmlError):
        parser.feed(b"TYPE a>")


def test_entity_declaration_outside_a_doctype_is_refused():
    with pytest.raises(ForbiddenXmlError) as caught:
        ScStreamParser().feed(b'<protocol><!ENTITY a "b">')
    assert "ENTITY" in str(caught.value)


def _rss_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096


def test_a_100_mb_message_fed_in_chunks_stops_at_the_limit():
    parser = ScStreamParser()
    parser.feed(b'<protocol><join gameType="')
    chunk = b"x" * 65536
    fed = 0
    before = _rss_bytes()
    with pytest.raises(LimitExceededError) as caught:
        while fed < 100 * 1024 * 1024:
            parser.feed(chunk)
            fed += len(chunk)
    assert caught.value.limit == "max_message_bytes"
    assert fed <= MAX_MESSAGE_BYTES  # rejected long before the 100 MB were there
    assert _rss_bytes() - before < 32 * 1024 * 1024
    with pytest.raises(LimitExceededError):
        parser.feed(chunk)


def test_a_huge_single_chunk_is_not_buffered_beyond_the_limit():
    parser = ScStreamParser(StreamLimits(max_message_bytes=4096))
    with pytest.raises(LimitExceededError) as caught:
        parser.feed(b'<protocol><join gameType="' + b"y" * 10_000_000)
    assert caught.value.actual == 4097


def test_deep_nesting_is_refused():
    depth = 100_000
    bomb = b"<protocol>" + b"<a>" * depth
    with pytest.raises(LimitExceededError) as caught:
        ScStreamParser().feed(bomb)
    assert caught.value.limit == "max_depth"


# -- every limit, at and above its value -----------------------------------------------------


def _message_of_size(size: int) -> bytes:
    head, tail = b"<text>", b"</text>"
    return head + b"g" * (size - len(head) - len(tail)) + tail


def test_default_limits_are_the_module_constants():
    assert (
        StreamLimits(
            max_message_bytes=MAX_MESSAGE_BYTES,
            max_depth=MAX_DEPTH,
            max_attributes=MAX_ATTRIBUTES,
            max_attribute_value_chars=MAX_ATTRIBUTE_VALUE_CHARS,
            max_elements_per_message=MAX_ELEMENTS_PER_MESSAGE,
        )
        == DEFAULT_LIMITS
    )


def test_limits_must_be_positive():
    with pytest.raises(ValueError, match="max_depth"):
        StreamLimits(max_depth=0)


@pytest.mark.parametrize("size", [100, 101])
def test_max_message_bytes_exact(size):
    parser = ScStreamParser(StreamLimits(max_message_bytes=100))
    parser.feed(b"<protocol>")
    message = _message_of_size(size)
    assert len(message) == size
    if size <= 100:
        assert len(parser.feed(message)) == 1
        assert len(parser.feed(message)) == 1  # the count starts again after each message
    else:
        with pytest.raises(LimitExceededError) as caught:
            parser.feed(message)
        assert caught.value.limit == "max_message_bytes"
        assert caught.value.allowed == 100


def test_max_message_bytes_default_allows_a_large_message():
    message = _message_of_size(MAX_MESSAGE_BYTES)
    parser = ScStreamParser()
    parser.feed(b"<protocol>")
    assert len(parser.feed(message)) == 1
    with pytest.raises(LimitExceededError):
        parser.feed(_message_of_size(MAX_MESSAGE_BYTES + 1))


def test_whitespace_flood_between_messages_counts_against_the_limit():
    parser = ScStreamParser(StreamLimits(max_message_bytes=1000))
    parser.feed(b"<protocol>")
    with pytest.raises(LimitExceededError):
        for _ in range(100):
            parser.feed(b" " * 100)


@pytest.mark.parametrize("depth", [MAX_DEPTH, MAX_DEPTH + 1])
def test_max_depth(depth):
    message = b"<a>" * depth + b"</a>" * depth
    parser = ScStreamParser()
    if depth <= MAX_DEPTH:
        assert len(parser.feed(b"<protocol>" + message)) == 1
    else:
        with pytest.raises(LimitExceededError) as caught:
            parser.feed(b"<protocol>" + message)
        assert caught.value.limit == "max_depth"


@pytest.mark.parametrize("count", [MAX_ATTRIBUTES, MAX_ATTRIBUTES + 1])
def test_max_attributes(count):
    attributes = b" ".join(b'a%d="1"' % i for i in range(count))
    parser = ScStreamParser()
    if count <= MAX_ATTRIBUTES:
        assert len(parser.feed(b"<protocol><x " + attributes + b"/>")) == 1
    else:
        with pytest.raises(LimitExceededError) as caught:
            parser.feed(b"<protocol><x " + attributes + b"/>")
        assert caught.value.limit == "max_attributes"


@pytest.mark.parametrize("length", [MAX_ATTRIBUTE_VALUE_CHARS, MAX_ATTRIBUTE_VALUE_CHARS + 1])
def test_max_attribute_value_chars(length):
    # counted in characters, not bytes: a 2-byte UTF-8 character counts once
    message = (
        b'<room><data class="move"><hint content="' + "ä".encode() * length + b'"/></data></room>'
    )
    parser = ScStreamParser()
    if length <= MAX_ATTRIBUTE_VALUE_CHARS:
        assert len(parser.feed(b"<protocol>" + message)) == 1
    else:
        with pytest.raises(LimitExceededError) as caught:
            parser.feed(b"<protocol>" + message)
        assert caught.value.limit == "max_attribute_value_chars"


@pytest.mark.parametrize("count", [MAX_ELEMENTS_PER_MESSAGE, MAX_ELEMENTS_PER_MESSAGE + 1])
def test_max_elements_per_message(count):
    message = b"<m>" + b"<f/>" * (count - 1) + b"</m>"
    parser = ScStreamParser()
    if count <= MAX_ELEMENTS_PER_MESSAGE:
        assert len(parser.feed(b"<protocol>" + message)) == 1
        assert len(parser.feed(message)) == 1  # counted per message
    else:
        with pytest.raises(LimitExceededError) as caught:
            parser.feed(b"<protocol>" + message)
        assert caught.value.limit == "max_elements_per_message"


# -- the recorded streams --------------------------------------------------------------------


def test_every_recorded_piranhas_stream_parses(fixtures_dir: Path):
    checked = 0
    for path in fixture_files(fixtures_dir / "piranhas-2019", ".txt"):
        transcript = read_sctranscript(path)
        for conn in transcript.connections:
            for direction in (C2S, S2C):
                stream = transcript.stream(conn, direction)
                parser = ScStreamParser()
                if (
                    plain_name(path) == "err_malformed_xml.txt"
                    and direction == C2S
                    and conn == "c1"
                ):
                    with pytest.raises(MalformedXmlError):
                        parser.feed(stream)
                    continue
                events = parser.feed(stream)
                checked += 1
                if direction == S2C and stream:
                    # the official server always ends its document
                    assert isinstance(events[-1], StreamEnded), (plain_name(path), conn)
    assert checked > 40


@settings(max_examples=60, deadline=None)
@given(
    cuts=st.lists(st.integers(min_value=0, max_value=400), max_size=8),
    size=st.integers(min_value=101, max_value=180),
)
def test_an_oversize_message_is_rejected_under_any_split(cuts, size):
    stream = b"<protocol>" + _message_of_size(60) + b"\n " + _message_of_size(size)
    points = sorted({c % len(stream) for c in cuts} | {0, len(stream)})
    parser = ScStreamParser(StreamLimits(max_message_bytes=100))
    with pytest.raises(LimitExceededError):
        feed_all(parser, *(stream[a:b] for a, b in itertools.pairwise(points)))


def test_messages_in_separate_writes_are_counted_exactly():
    parser = ScStreamParser(StreamLimits(max_message_bytes=100))
    parser.feed(b"<protocol>")
    for _ in range(3):
        assert len(parser.feed(_message_of_size(100))) == 1


@pytest.mark.parametrize(
    ("prefix", "body"),
    [
        (b"\n  ", "ä".encode()),
        (b"\xef\xbb\xbf", "ä".encode()),  # a UTF-8 byte order mark
        (b'<?xml version="1.0" encoding="UTF-8"?>', "ä".encode()),
        (b'<?xml version="1.0" encoding="ISO-8859-1"?>', "ä".encode("latin-1")),
    ],
)
def test_bytes_before_the_root(prefix, body):
    # Spec §1.2/§1.5: an XML declaration is honoured (also its encoding), default UTF-8.
    (element,) = only_messages(
        ScStreamParser().feed(prefix + b'<protocol><join gameType="' + body + b'"/>')
    )
    assert element.get("gameType") == "ä"


def test_a_second_xml_declaration_is_malformed():
    parser = ScStreamParser()
    parser.feed(b"<protocol>")
    with pytest.raises(MalformedXmlError):
        parser.feed(b'<?xml version="1.0"?><join/>')


def test_a_bare_ampersand_is_refused_at_once_instead_of_stalling():
    # libxml2 would wait silently for the ';' of "&amp"; the parser refuses it right away.
    parser = ScStreamParser()
    with pytest.raises(MalformedXmlError) as caught:
        parser.feed(b"<protocol><a>&amp</a>" + b"<b/>" * 5)
    assert "&amp;" in str(caught.value)
    split = ScStreamParser()
    assert split.feed(b'<protocol><x a="&am') == []
    assert len(split.feed(b'p;"/>')) == 1


# -- independence of TCP segmentation -----------------------------------------------------


def test_refused_markup_after_a_message_in_the_same_read_hands_out_the_message_first():
    stream = b"<protocol>" + JOIN + b"<!DOCTYPE x>"
    for chunks in ([stream], [b"<protocol>" + JOIN, b"<!DOCTYPE x>"]):
        parser = ScStreamParser()
        events: list[StreamEvent] = []
        with pytest.raises(ForbiddenXmlError) as caught:
            for chunk in chunks:
                events.extend(parser.feed(chunk))
        assert messages([*events, *caught.value.events]) == [JOIN]


def test_undefined_entity_after_a_message_in_the_same_read_hands_out_the_message_first():
    with pytest.raises(MalformedXmlError) as caught:
        ScStreamParser().feed(b"<protocol>" + JOIN + b'<join gameType="&foo;"/>')
    assert messages(caught.value.events) == [JOIN]


def test_refused_markup_after_the_end_of_the_stream_is_ignored():
    events = ScStreamParser().feed(b"<protocol>" + JOIN + b"</protocol><!DOCTYPE x>")
    assert messages(events) == [JOIN] and isinstance(events[-1], StreamEnded)


_PIECES = [
    JOIN,
    b"<room roomId='r'><data class='move' x='1'/></room>",
    b'<a v="&amp;&lt;&#65;&#x42;"/>',
    b"<a>&quot;&apos;&gt;</a>",
    b"\n  ",
    b"<!-- c -->",
    b"<?pi x?>",
    b"text",
    b"<!DOCTYPE x>",
    b'<!ENTITY e "v">',
    b"&foo;",
    b"&am",
    b"&",
    b"<!DOC",
    b"<!",
    b"<",
    b">",
    b"</a>",
    b"</protocol>",
]


def _outcome(chunks: list[bytes]) -> tuple[list[bytes], bool, str | None]:
    parser = ScStreamParser()
    events: list[StreamEvent] = []
    error: str | None = None
    try:
        for chunk in chunks:
            events.extend(parser.feed(chunk))
    except ProtocolError as caught:
        events.extend(caught.events)  # type: ignore[arg-type]
        # libxml2's own texts carry line/column; compare the kind and our own texts
        error = caught.kind if isinstance(caught, MalformedXmlError) else str(caught)
        if "is not a predefined entity" in str(caught):
            error = str(caught)
    ended = any(isinstance(event, StreamEnded) for event in events)
    return messages(events), ended, error


@settings(max_examples=300, deadline=None)
@given(
    pieces=st.lists(st.sampled_from(_PIECES), max_size=12),
    cuts=st.lists(st.integers(min_value=0, max_value=600), max_size=10),
)
def test_one_chunk_and_random_chunks_give_the_same_result(pieces, cuts):
    stream = b"<protocol>" + b"".join(pieces)
    points = sorted({c % (len(stream) + 1) for c in cuts} | {0, len(stream)})
    chunks = [stream[a:b] for a, b in itertools.pairwise(points)]
    assert _outcome(chunks) == _outcome([stream])
