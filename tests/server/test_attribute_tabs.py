"""The 2018 raw-tab quirk: tabs inside attribute values survive, nothing else changes."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from botarena.server.attribute_tabs import AttributeTabEscaper

MOVE = b'<data class="move">\t<hint content="raw\ttab"/>\t<hint\tcontent=\'a\tb\'/>text\t</data>'


def test_tabs_inside_attribute_values_become_references_and_others_stay():
    out = AttributeTabEscaper().feed(MOVE, escape=True)
    assert out == (
        b'<data class="move">\t<hint content="raw&#9;tab"/>\t<hint\tcontent=\'a&#9;b\'/>'
        b"text\t</data>"
    )
    hints = etree.fromstring(out).findall("hint")
    assert [h.get("content") for h in hints] == ["raw\ttab", "a\tb"]


def test_without_escape_the_bytes_are_unchanged_but_the_state_is_followed():
    escaper = AttributeTabEscaper()
    assert escaper.feed(b'<a x="1\t', escape=False) == b'<a x="1\t'
    assert escaper.feed(b'2\t">\t', escape=True) == b'2&#9;">\t'


def test_a_quote_in_text_or_a_gt_in_a_value_does_not_confuse_it():
    data = b"<a>it's\t</a><b v=\"x>y\tz\" w='\"\t'/>"
    out = AttributeTabEscaper().feed(data, escape=True)
    assert out == b"<a>it's\t</a><b v=\"x>y&#9;z\" w='\"&#9;'/>"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(MOVE)), max_size=6))
def test_any_split_gives_the_same_bytes(cuts: list[int]):
    whole = AttributeTabEscaper().feed(MOVE, escape=True)
    escaper = AttributeTabEscaper()
    bounds = [0, *sorted(cuts), len(MOVE)]
    pieces = [escaper.feed(MOVE[a:b], escape=True) for a, b in itertools.pairwise(bounds)]
    assert b"".join(pieces) == whole
