"""Compare what two SC servers sent, connection by connection, as sequences of XML messages.

Used by the transcript conformance command: the *expected* side is a recorded official
stream, the *actual* side what our server sent for the same client bytes. Comparison rules:

* Messages are compared as XML, not bytes: each message is re-written with the XStream
  pretty-printer, so whitespace between elements does not matter (attribute order does, as
  real clients depend on it).
* Room ids and reservation codes are random: every ``roomId``/``reservationCode``/
  ``reservation`` value and ``<reservation>`` text, and every UUID anywhere, is replaced by
  ``ID1``, ``ID2``, … in order of first appearance, separately per side but shared by all
  connections of that side (so a room id must be the *same* room on every connection).
* The end of a server document (``</protocol>``) is the pseudo-message ``END_OF_STREAM``, so
  a missing or extra close counts as a difference.
* Documented deliberate differences (``docs/compatibility.md``) are applied first by
  *deviation hooks*: ``Deviation = (conn, expected, actual) -> (expected, actual)`` on the
  normalised message texts of one connection. ``DEFAULT_DEVIATIONS`` holds
  :func:`drop_board_line` (we send no ``<line>`` in a Piranhas board) and
  :func:`observer_catch_up` (our ``observe`` sends the current state at once) and
  :func:`sort_last_move_mono` (Blokus ``lastMoveMono`` entries: official order unspecified)
  :func:`blokus_winners_and_hard_timeout` (two 21.4.0 result bugs we do not copy) and
  :func:`java_identity_hash` (Java identity hashes in 2021 exception texts),
  :func:`blokus_incomplete_move` (a Blokus move without rotation/position is a rule
  violation for us, a silent drop officially).

API::

    normalizer = IdNormalizer()                      # one per side
    texts = [normalizer.message_text(e) for e in elements]   # + END_OF_STREAM if closed
    report = compare_connections({"c1": (expected_texts, actual_texts), ...})
    report.compared, report.differing, report.diffs  # MessageDiff.render() -> unified diff
"""

from __future__ import annotations

import copy
import difflib
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from lxml import etree

from botarena.protocol.xstream import to_xstream

__all__ = [
    "DEFAULT_DEVIATIONS",
    "END_OF_STREAM",
    "ComparisonReport",
    "Deviation",
    "IdNormalizer",
    "MessageDiff",
    "blokus_incomplete_move",
    "blokus_winners_and_hard_timeout",
    "compare_connections",
    "compare_messages",
    "drop_board_line",
    "java_identity_hash",
    "observer_catch_up",
    "sort_last_move_mono",
]

END_OF_STREAM = "</protocol>"
"""Pseudo-message for the end of a server document."""

ID_ATTRIBUTES = frozenset({"roomId", "reservationCode", "reservation"})
ID_TEXT_ELEMENTS = frozenset({"reservation"})
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


class IdNormalizer:
    """Replaces random ids by ``ID<n>`` in order of first appearance (one instance per side)."""

    def __init__(self) -> None:
        self._ids: dict[str, str] = {}

    def id_for(self, value: str) -> str:
        mapped = self._ids.get(value)
        if mapped is None:
            mapped = f"ID{len(self._ids) + 1}"
            self._ids[value] = mapped
        return mapped

    def _in_text(self, value: str) -> str:
        return _UUID.sub(lambda match: self.id_for(match.group()), value)

    def normalize(self, element: etree._Element) -> etree._Element:
        """A normalised deep copy of ``element``."""
        result = copy.deepcopy(element)
        for node in result.iter():
            if not isinstance(node.tag, str):
                continue
            for name, value in node.attrib.items():
                text = str(value)
                node.set(name, self.id_for(text) if name in ID_ATTRIBUTES else self._in_text(text))
            if node.text is not None and len(node) == 0:
                if node.tag in ID_TEXT_ELEMENTS:
                    node.text = self.id_for(node.text)
                else:
                    node.text = self._in_text(node.text)
        return result

    def message_text(self, element: etree._Element) -> str:
        """The normalised message, pretty-printed at top level without its leading newline."""
        return to_xstream(self.normalize(element), 1).lstrip("\n")


Deviation = Callable[[str, list[str], list[str]], tuple[list[str], list[str]]]

_LINE_ELEMENT = re.compile(r"\n *<line>[^<]*</line>")


def drop_board_line(
    conn: str, expected: list[str], actual: list[str]
) -> tuple[list[str], list[str]]:
    """Deliberate: no stray ``<line>------------</line>`` in a Piranhas 2019 board."""
    return [_LINE_ELEMENT.sub("", text) for text in expected], actual


_OBSERVED = re.compile(r'<observed roomId="([^"]*)"/>')


def _is_memento_of(text: str, room_id: str) -> bool:
    return text.startswith(f'  <room roomId="{room_id}">') and '<data class="memento">' in text


def observer_catch_up(
    conn: str, expected: list[str], actual: list[str]
) -> tuple[list[str], list[str]]:
    """Deliberate: after ``observed`` our server sends the room's current state at once.

    The official server does not. A memento right after ``observed`` on the actual side is
    dropped when the actual side holds more copies of that exact memento than the recorded
    side (a running room: a state the official observer never got; a paused room: the same
    turn-0 state again when the game is resumed).
    """
    surplus = Counter(actual)
    surplus.subtract(Counter(expected))
    result: list[str] = []
    catch_up_room: str | None = None
    for text in actual:
        if catch_up_room is not None:
            room_id, catch_up_room = catch_up_room, None
            if _is_memento_of(text, room_id) and surplus[text] > 0:
                surplus[text] -= 1
                continue
        match = _OBSERVED.search(text)
        if match is not None:
            catch_up_room = match.group(1)
        result.append(text)
    return expected, result


_MONO_BLOCK = re.compile(r"(<lastMoveMono>)(.*?)(\n *</lastMoveMono>)", re.DOTALL)
_MONO_ENTRY = re.compile(r"\n *<entry>.*?</entry>", re.DOTALL)
_COLOUR_ORDER = {"BLUE": 0, "YELLOW": 1, "RED": 2, "GREEN": 3}


def _mono_entry_key(entry: str) -> int:
    found = re.search(r"<color>(\w+)</color>", entry)
    return _COLOUR_ORDER.get(found.group(1), len(_COLOUR_ORDER)) if found else len(_COLOUR_ORDER)


def _sort_mono(match: re.Match[str]) -> str:
    entries = sorted(_MONO_ENTRY.findall(match.group(2)), key=_mono_entry_key)
    return match.group(1) + "".join(entries) + match.group(3)


def sort_last_move_mono(
    conn: str, expected: list[str], actual: list[str]
) -> tuple[list[str], list[str]]:
    """Deliberate: Blokus 2021 ``lastMoveMono`` entries in colour order on both sides.

    The official server prints a Java ``HashMap`` keyed by enum constants, so its entry order
    is unspecified and varies between runs (spec blokus-2021 §7, open question 8); we emit
    colour order (BLUE, YELLOW, RED, GREEN). Only the order is normalised, never the entries.
    """
    return (
        [_MONO_BLOCK.sub(_sort_mono, text) for text in expected],
        [_MONO_BLOCK.sub(_sort_mono, text) for text in actual],
    )


_SCORE_CAUSE = re.compile(r'<score cause="(\w+)"')
_WINNER_BLOCK = re.compile(r'\n *<winner [^>]*>\n *<color class="team">(\w+)</color>\n *</winner>')
_TEAM_SLOTS = {"ONE": 0, "TWO": 1}
_HARD_TIMEOUT_AS_SOFT = re.compile(
    r'cause="SOFT_TIMEOUT"( reason="Der Spieler hat innerhalb von 10 Sekunden )'
)


def _our_winner_list(text: str) -> str:
    winners = _WINNER_BLOCK.findall(text)
    if len(winners) < 2 or 'class="result"' not in text:
        return text
    causes = _SCORE_CAUSE.findall(text)
    compliant = {slot for slot, cause in enumerate(causes) if cause == "REGULAR"}
    if len(compliant) == len(causes):
        compliant = set()  # a draw: no winner
    return _WINNER_BLOCK.sub(
        lambda m: m.group(0) if _TEAM_SLOTS.get(m.group(1)) in compliant else "", text
    )


def blokus_winners_and_hard_timeout(
    conn: str, expected: list[str], actual: list[str]
) -> tuple[list[str], list[str]]:
    """Deliberate (issue 7, spec server-protocol §4.6 and §10 item 13): two official 21.4.0
    result bugs are not copied.

    * A hard timeout is reported as ``SOFT_TIMEOUT`` (with the 10-second text); we send
      ``HARD_TIMEOUT``.
    * The winner list ignores timeouts and lists **both** teams on equal points; we list the
      compliant player after any violation and nobody on a draw.

    The recorded result is rewritten to what our documented rule gives; results with at most
    one ``<winner>`` (team ``ONE``/``TWO``, i.e. 2021) are left alone.
    """
    rewritten = []
    for text in expected:
        if 'class="result"' in text and '<color class="team">' in text:
            ours = _HARD_TIMEOUT_AS_SOFT.sub(r'cause="HARD_TIMEOUT"\1', text)
            rewritten.append(_our_winner_list(ours))
        else:
            rewritten.append(text)
    return rewritten, actual


_JAVA_IDENTITY = re.compile(r'(<errorpacket message="[^"]*?[\w.]+)@[0-9a-f]+')


def java_identity_hash(
    conn: str, expected: list[str], actual: list[str]
) -> tuple[list[str], list[str]]:
    """Deliberate: a 2021 ``errorpacket`` text that prints a Java object (``Class@1a2b3c``)
    carries its identity hash, random per JVM run; both sides are compared with ``@0``."""
    return (
        [_JAVA_IDENTITY.sub(r"\1@0", text) for text in expected],
        [_JAVA_IDENTITY.sub(r"\1@0", text) for text in actual],
    )


INCOMPLETE_MOVE_MISTAKE = "Der Zug konnte nicht erkannt werden"
_INCOMPLETE_MOVE_ERROR = f"InvalidMoveException(mistake={INCOMPLETE_MOVE_MISTAKE}"
_INCOMPLETE_MOVE_SCORE = re.compile(
    rf'cause="RULE_VIOLATION" reason="{INCOMPLETE_MOVE_MISTAKE}[^"]*"'
)
_LEFT_SCORE = 'cause="LEFT" reason="Der Spieler hat das Spiel verlassen"'


def blokus_incomplete_move(
    conn: str, expected: list[str], actual: list[str]
) -> tuple[list[str], list[str]]:
    """Deliberate (issue 7): a Blokus SetMove without ``rotation`` or ``<position>`` is a rule
    violation with a clear message for us; 21.4.0 crashes on it and drops the sender
    silently, which the others see as ``LEFT``.

    Our side is mapped to the official one: on the sender's connection everything from our
    error (``… mistake=Der Zug konnte nicht erkannt werden …``) on is dropped (officially it
    receives nothing more), and in the other connections' results our ``RULE_VIOLATION``
    score with that reason becomes the official ``LEFT`` score. The parts stay compared.
    """
    mapped: list[str] = []
    for text in actual:
        if _INCOMPLETE_MOVE_ERROR in text and '<data class="error"' in text:
            break
        mapped.append(_INCOMPLETE_MOVE_SCORE.sub(_LEFT_SCORE, text))
    return expected, mapped


DEFAULT_DEVIATIONS: tuple[Deviation, ...] = (
    drop_board_line,
    observer_catch_up,
    sort_last_move_mono,
    blokus_winners_and_hard_timeout,
    java_identity_hash,
    blokus_incomplete_move,
)


@dataclass(frozen=True, slots=True)
class MessageDiff:
    """One differing message: ``expected``/``actual`` is ``None`` for a missing/extra one."""

    conn: str
    index: int
    expected: str | None
    actual: str | None

    @property
    def kind(self) -> str:
        if self.expected is None:
            return "extra"
        if self.actual is None:
            return "missing"
        return "different"

    def render(self) -> str:
        title = f"{self.conn} message {self.index + 1}: {self.kind}"
        diff = difflib.unified_diff(
            (self.expected or "").splitlines(),
            (self.actual or "").splitlines(),
            fromfile="official",
            tofile="botarena",
            lineterm="",
        )
        return title + "\n" + "\n".join(diff)


SUMMARY_LINES = 40
"""Lines of the first difference a :meth:`ComparisonReport.summary` shows."""


@dataclass(slots=True)
class ComparisonReport:
    compared: int = 0
    diffs: list[MessageDiff] = field(default_factory=list)

    @property
    def differing(self) -> int:
        return len(self.diffs)

    def render(self) -> str:
        return "\n\n".join(diff.render() for diff in self.diffs)

    def summary(self, max_lines: int = SUMMARY_LINES) -> str:
        """How many messages differ and the first difference, cut to ``max_lines`` lines
        (what a failing test prints: enough to see the cause, never megabytes of XML)."""
        head = f"{self.differing} of {self.compared} messages differ"
        if not self.diffs:
            return head
        lines = self.diffs[0].render().splitlines()
        if len(lines) > max_lines:
            lines = [*lines[:max_lines], f"... ({len(lines) - max_lines} more lines)"]
        return "\n".join([head + "; the first:", *lines])


def compare_messages(
    conn: str, expected: Sequence[str], actual: Sequence[str], report: ComparisonReport
) -> None:
    """Align two message lists (so one missing message does not shift all later ones)."""
    matcher = difflib.SequenceMatcher(a=list(expected), b=list(actual), autojunk=False)
    for tag, a_start, a_end, b_start, b_end in matcher.get_opcodes():
        report.compared += max(a_end - a_start, b_end - b_start)
        if tag == "equal":
            continue
        for offset in range(max(a_end - a_start, b_end - b_start)):
            a_index, b_index = a_start + offset, b_start + offset
            report.diffs.append(
                MessageDiff(
                    conn,
                    a_index if a_index < a_end else b_index,
                    expected[a_index] if a_index < a_end else None,
                    actual[b_index] if b_index < b_end else None,
                )
            )


def compare_connections(
    streams: Mapping[str, tuple[Sequence[str], Sequence[str]]],
    deviations: Sequence[Deviation] = DEFAULT_DEVIATIONS,
) -> ComparisonReport:
    """Compare ``{conn: (expected texts, actual texts)}`` after applying ``deviations``."""
    report = ComparisonReport()
    for conn, (expected, actual) in streams.items():
        left, right = list(expected), list(actual)
        for deviation in deviations:
            left, right = deviation(conn, left, right)
        compare_messages(conn, left, right, report)
    return report
