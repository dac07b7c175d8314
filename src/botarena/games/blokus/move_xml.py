"""The Blokus move XML that the 2021 and 2027 seasons share, as lxml elements.

``<data class="…SetMove"><piece color kind rotation isFlipped><position x y/></piece>`` and
``<data class="…SkipMove"><color>C</color>``. A :class:`MoveXml` holds what a season
changes: its class names (and aliases), whether enum names may carry white space, and its
incomplete-move error (a rule violation of the season). Reading follows XStream:
``isFlipped`` is true only for a case-insensitive ``true``, a missing ``x``/``y`` is 0, a
missing colour is ``None`` (the rules reject it as WRONG_COLOR), ``<hint>`` children are
ignored (at most :data:`MAX_HINTS`); unknown classes, enum constants or elements raise
:class:`MoveFormatError`, a SetMove without ``rotation`` or ``<position>`` the season's
incomplete-move error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from lxml import etree

from botarena.games.blokus.colors import Color
from botarena.games.blokus.moves import Move, SetMove, SkipMove
from botarena.games.blokus.shapes import Rotation, Shape
from botarena.protocol.xstream import parse_xstream_int

MAX_HINTS = 1000
"""More debug hints than this in one move are refused."""

Element = etree._Element
EnumT = TypeVar("EnumT", bound=Enum)


class XmlFormatError(ValueError):
    """An element that is not a valid Blokus state or move (the message says why)."""


class MoveFormatError(XmlFormatError):
    """A move element the official server could not read (2021 drops the client: ``LEFT``)."""


def bool_text(value: bool) -> str:
    return "true" if value else "false"


def children(element: Element) -> list[Element]:
    """Child elements; comments and processing instructions carry nothing."""
    return [child for child in element if isinstance(child.tag, str)]


@dataclass(frozen=True, slots=True)
class MoveXml:
    """One season's move codec."""

    season: str
    """The name in error messages, e.g. ``Blokus 2021``."""
    set_classes: tuple[str, ...]
    """Accepted ``class`` values of a SetMove; the first is written."""
    skip_classes: tuple[str, ...]
    """Accepted ``class`` values of a SkipMove; the first is written."""
    incomplete_error: Callable[[str], Exception]
    """The error for a SetMove without rotation or position (given what is missing)."""
    strip_names: bool = False
    """Whether the shape, rotation and ``isFlipped`` texts are read with white space
    stripped (colours always are)."""

    def to_element(self, move: Move, tag: str = "data") -> Element:
        """``<data class="…SetMove|…SkipMove">…`` (or ``<lastMove …>``), as received."""
        element = etree.Element(tag)
        if isinstance(move, SkipMove):
            element.set("class", self.skip_classes[0])
            if move.color is not None:
                etree.SubElement(element, "color").text = move.color.name
            return element
        element.set("class", self.set_classes[0])
        piece = etree.SubElement(element, "piece")
        if move.color is not None:
            piece.set("color", move.color.name)
        piece.set("kind", move.kind.name)
        piece.set("rotation", move.rotation.name)
        piece.set("isFlipped", bool_text(move.flipped))
        etree.SubElement(piece, "position", {"x": str(move.x), "y": str(move.y)})
        return element

    def from_element(self, element: Element) -> Move:
        """Read a client's ``<data class=…>`` move or a state's ``<lastMove class=…>``."""
        hints = sum(1 for child in element if child.tag == "hint")
        if hints > MAX_HINTS:
            raise MoveFormatError(f"more than {MAX_HINTS} hints in one move")
        move_class = element.get("class")
        if move_class in self.set_classes:
            return self._set_move(element)
        if move_class in self.skip_classes:
            return self._skip_move(element)
        raise MoveFormatError(f"class {move_class!r} is not a {self.season} move")

    def _name(self, text: str) -> str:
        return text.strip() if self.strip_names else text

    def _enum(self, kind: str, enum: type[EnumT], text: str | None) -> EnumT:
        """An enum constant by its exact name, as XStream reads it (case-sensitive)."""
        member = None if text is None else enum.__members__.get(self._name(text))
        if member is None:
            raise MoveFormatError(f"unknown {kind} {text!r}")
        return member

    def _color(self, text: str | None) -> Color | None:
        if text is None:
            return None
        return self._enum("colour", Color, text if self.strip_names else text.strip())

    def _coordinate(self, position: Element, name: str) -> int:
        text = position.get(name)
        if text is None:
            return 0  # XStream leaves a missing int field at its (Kotlin) default 0
        try:
            return parse_xstream_int(text)
        except ValueError as error:
            raise MoveFormatError(
                f"position attribute {name}={text!r} is not an integer"
            ) from error

    def _skip_move(self, element: Element) -> SkipMove:
        color: Color | None = None
        for child in children(element):
            if child.tag == "color":
                color = self._color(child.text or "")
            elif child.tag != "hint":
                raise MoveFormatError(f"unknown element <{child.tag}> in a SkipMove")
        return SkipMove(color)

    def _set_move(self, element: Element) -> SetMove:
        piece: Element | None = None
        for child in children(element):
            if child.tag == "piece":
                piece = child
            elif child.tag != "hint":
                raise MoveFormatError(f"unknown element <{child.tag}> in a SetMove")
        if piece is None:
            raise MoveFormatError("a SetMove needs a <piece> element")
        color = self._color(piece.get("color"))
        kind = self._enum("shape", Shape, piece.get("kind"))
        position: Element | None = None
        for child in children(piece):
            if child.tag != "position":
                raise MoveFormatError(f"unknown element <{child.tag}> in <piece>")
            position = child
        rotation_text = piece.get("rotation")
        if rotation_text is None:
            raise self.incomplete_error("rotation attribute")
        rotation = self._enum("rotation", Rotation, rotation_text)
        if position is None:
            raise self.incomplete_error("<position> element")
        flipped = self._name(piece.get("isFlipped") or "").lower() == "true"
        x, y = self._coordinate(position, "x"), self._coordinate(position, "y")
        return SetMove(color, kind, rotation, flipped, x, y)
