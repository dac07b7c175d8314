"""Message-sequence comparison of two server streams (xml_compare)."""

from __future__ import annotations

from lxml import etree

from botarena.conformance.xml_compare import (
    END_OF_STREAM,
    IdNormalizer,
    compare_connections,
    drop_board_line,
    observer_catch_up,
)

ROOM_A = "66fe782f-812f-4e82-a8ca-231771cd7102"
ROOM_B = "0b5e2a0c-1111-4222-8333-944455556666"


def texts(normalizer: IdNormalizer, *xml: str) -> list[str]:
    return [normalizer.message_text(etree.fromstring(x)) for x in xml]


def test_ids_are_mapped_by_first_appearance_across_connections():
    official, ours = IdNormalizer(), IdNormalizer()
    expected_c1 = texts(official, f'<joined roomId="{ROOM_A}"/>')
    actual_c1 = texts(ours, f'<joined roomId="{ROOM_B}"/>')
    expected_c2 = texts(official, f'<left roomId="{ROOM_A}"/>')
    actual_c2 = texts(ours, f'<left roomId="{ROOM_B}"/>')
    report = compare_connections({"c1": (expected_c1, actual_c1), "c2": (expected_c2, actual_c2)})
    assert (report.compared, report.differing) == (2, 0)


def test_a_different_room_on_another_connection_is_a_difference():
    official, ours = IdNormalizer(), IdNormalizer()
    expected = texts(official, f'<joined roomId="{ROOM_A}"/>', f'<left roomId="{ROOM_A}"/>')
    actual = texts(ours, f'<joined roomId="{ROOM_A}"/>', f'<left roomId="{ROOM_B}"/>')
    report = compare_connections({"c1": (expected, actual)})
    assert report.differing == 1


def test_reservation_codes_and_uuids_in_text_are_mapped():
    normalizer = IdNormalizer()
    (text,) = texts(
        normalizer,
        f'<prepared roomId="{ROOM_A}"><reservation>abc</reservation>'
        f"<reservation>{ROOM_B}</reservation></prepared>",
    )
    assert text == (
        '  <prepared roomId="ID1">\n'
        "    <reservation>ID2</reservation>\n"
        "    <reservation>ID3</reservation>\n"
        "  </prepared>"
    )


def test_whitespace_between_elements_is_ignored_but_attribute_order_is_not():
    official, ours = IdNormalizer(), IdNormalizer()
    expected = texts(official, '<room roomId="r">\n    <data class="x" a="1" b="2"/>\n  </room>')
    same = texts(ours, '<room roomId="r"><data class="x" a="1" b="2"/></room>')
    assert compare_connections({"c": (expected, same)}).differing == 0
    swapped = texts(IdNormalizer(), '<room roomId="r"><data class="x" b="2" a="1"/></room>')
    assert compare_connections({"c": (expected, swapped)}).differing == 1


def test_missing_and_extra_messages_do_not_shift_the_rest():
    official, ours = IdNormalizer(), IdNormalizer()
    expected = [*texts(official, "<a/>", "<b/>", "<c/>", "<d/>"), END_OF_STREAM]
    actual = texts(ours, "<a/>", "<c/>", "<x/>", "<d/>")
    report = compare_connections({"c1": (expected, actual)})
    kinds = sorted(diff.kind for diff in report.diffs)
    assert kinds == ["extra", "missing", "missing"]
    assert report.differing == 3
    assert report.compared == 6
    rendered = report.render()
    assert "c1 message" in rendered
    assert "--- official" in rendered and "+++ botarena" in rendered
    assert "-</protocol>" in rendered


def test_a_changed_message_renders_as_a_unified_diff():
    official, ours = IdNormalizer(), IdNormalizer()
    expected = texts(official, '<room roomId="r"><data class="welcomeMessage" color="red"/></room>')
    actual = texts(ours, '<room roomId="r"><data class="welcomeMessage" color="RED"/></room>')
    report = compare_connections({"c1": (expected, actual)})
    (diff,) = report.diffs
    assert diff.kind == "different"
    assert '-    <data class="welcomeMessage" color="red"/>' in diff.render()
    assert '+    <data class="welcomeMessage" color="RED"/>' in diff.render()


BOARD = (
    '<room roomId="r"><data class="memento"><state turn="0"><board>'
    '<fields><field x="0" y="0" state="EMPTY"/></fields>{line}</board></state></data></room>'
)


def test_board_line_deviation():
    official, ours = IdNormalizer(), IdNormalizer()
    expected = texts(official, BOARD.format(line="<line>------------</line>"))
    actual = texts(ours, BOARD.format(line=""))
    assert compare_connections({"c": (expected, actual)}, deviations=()).differing == 1
    assert compare_connections({"c": (expected, actual)}).differing == 0
    left, right = drop_board_line("c", expected, actual)
    assert "<line>" not in left[0]
    assert right == actual


def test_observer_catch_up_deviation():
    official, ours = IdNormalizer(), IdNormalizer()
    memento = BOARD.format(line="")
    expected = texts(official, '<observed roomId="r"/>', "<next/>")
    actual = texts(ours, '<observed roomId="r"/>', memento, "<next/>")
    assert compare_connections({"c": (expected, actual)}).differing == 0
    assert compare_connections({"c": (expected, actual)}, deviations=()).differing == 1
    # a memento the official server sent there too is kept
    both = texts(IdNormalizer(), '<observed roomId="r"/>', memento, "<next/>")
    assert observer_catch_up("c", both, actual) == (both, actual)


def test_observer_catch_up_of_a_paused_room_repeats_the_first_state():
    # Hase und Igel admin_server_paused_plain_join: observing a paused room sends turn 0 at
    # once, and turn 0 again when the admin resumes the game.
    official, ours = IdNormalizer(), IdNormalizer()
    memento = BOARD.format(line="")
    expected = texts(official, '<observed roomId="r"/>', memento, "<next/>")
    actual = texts(ours, '<observed roomId="r"/>', memento, memento, "<next/>")
    assert compare_connections({"c": (expected, actual)}).differing == 0
    assert compare_connections({"c": (expected, actual)}, deviations=()).differing == 1


def test_the_summary_of_a_failed_comparison_is_short_and_names_the_first_difference():
    expected = ["<a>" + "\n".join(f"<line n='{i}'/>" for i in range(500)) + "</a>"]
    actual = ["<b/>"]
    report = compare_connections({"c": (expected, actual)}, deviations=())
    summary = report.summary(max_lines=10)
    assert summary.startswith("1 of 1 messages differ; the first:\nc message 1: different")
    assert len(summary.splitlines()) == 12  # head + 10 lines + the cut marker
    assert summary.endswith("more lines)")
