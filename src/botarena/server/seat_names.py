"""Readable names for seats whose client sent none (issue 21).

The socha clients (the official Python clients of the 2026/2027 seasons) never send a
display name. The official server then leaves the seat's name blank, so logs, results,
replays and the web showed ``''``. Our server names such a seat by the client's kind and its
team instead, e.g. ``socha (ONE)``: unique within a room, and the same everywhere, because it
becomes the seat's display name. Which kind a season's nameless clients are is data of its
profile (:attr:`~botarena.protocol.sc_profiles.ProtocolProfile.unnamed_seat_kind`).
"""

from __future__ import annotations


def unnamed_seat_name(kind: str, team: str) -> str:
    """The name of a seat whose client sent no name: its kind and team, ``socha (ONE)``."""
    return f"{kind} ({team})"


def seat_name(
    current: str,
    requested: str | None,
    *,
    unnamed: frozenset[str],
    kind: str | None,
    team: str,
) -> str:
    """The name a seat has once its client sat down.

    ``current``: the seat's name so far (an admin's for a prepared slot, else one of
    ``unnamed``, the names that mean "no name given"); ``requested``: the name the client
    sent, already cleaned (``None``: none). An admin's name wins, then the client's; a seat
    still unnamed gets :func:`unnamed_seat_name` when the season has a ``kind`` for its
    nameless clients, else keeps the official name."""
    if current not in unnamed:
        return current
    if requested:
        return requested
    if kind is not None:
        return unnamed_seat_name(kind, team)
    return current
