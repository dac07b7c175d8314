"""Errors of the Software-Challenge protocol core.

Every problem with a peer's bytes or messages is a :class:`ProtocolError`; its ``kind``
says which class of failure it is, so a server can pick the official reaction
(spec §1.6) without parsing messages:

* ``malformed``  (:class:`MalformedXmlError`)   -- the stream is not well-formed XML;
* ``forbidden``  (:class:`ForbiddenXmlError`)   -- a DTD, entity declaration or similar construct
  that we never process (XML bombs, external entities);
* ``limit``      (:class:`LimitExceededError`)  -- a named limit of ``StreamLimits`` was exceeded;
* ``unknown``    (:class:`UnknownMessageError`) -- a well-formed message with an unknown name;
* ``invalid``    (:class:`InvalidMessageError`) -- a known message with an unknown child element,
  a missing ``class`` on ``data`` or an unparsable attribute value.

The official 2019 server hard-closes the connection (``</protocol>`` without a close
element) for all of them.
"""

from __future__ import annotations


class ProtocolError(Exception):
    """A peer broke the Software-Challenge protocol; the message says how."""

    kind: str = "protocol"
    # Events completed in the same ``feed`` call before the error (see ``ScStreamParser``).
    events: tuple[object, ...] = ()


class MalformedXmlError(ProtocolError):
    """The byte stream is not well-formed XML."""

    kind = "malformed"


class ForbiddenXmlError(ProtocolError):
    """The stream contains a construct we refuse on principle (DOCTYPE, ENTITY declarations)."""

    kind = "forbidden"


class LimitExceededError(ProtocolError):
    """A named limit of the stream parser was exceeded.

    ``limit`` is the field name in ``StreamLimits`` (e.g. ``"max_message_bytes"``),
    ``allowed`` its value and ``actual`` the value seen (at the moment of detection).
    """

    kind = "limit"

    def __init__(self, limit: str, allowed: int, actual: int, what: str) -> None:
        super().__init__(f"{what}: {actual} exceeds the limit {limit}={allowed}")
        self.limit = limit
        self.allowed = allowed
        self.actual = actual


class UnknownMessageError(ProtocolError):
    """A top-level element (or room payload class) that the protocol does not define."""

    kind = "unknown"


class InvalidMessageError(ProtocolError):
    """A known message whose content cannot be decoded (unknown child, bad number, no class)."""

    kind = "invalid"
