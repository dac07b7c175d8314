"""Measure, from the official servers' wire captures, the gap between the state a player gets
and its move request, and from the request to the player's move.

The captures (``tests/fixtures``, copies of the official ground truth) carry a timestamp per
TCP chunk. For every move request sent to a player, the gap is the time of the chunk holding
the request's first byte minus the time of the chunk holding the end of the state (memento)
before it on the same connection (0 when both arrived in one chunk); the answer time is the
chunk holding the player's next move minus the request's chunk. The chunk times were taken by
the recording proxy or harness, so they include the loopback delivery, which is tens of
microseconds.

    python -m benchmarks.official_request_gaps [FIXTURES_DIR]
"""

from __future__ import annotations

import re
import statistics
import sys
from bisect import bisect_right
from pathlib import Path

from botarena.conformance.sctranscript import C2S, S2C, Transcript, read_transcript

DEFAULT_FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
"""The repository's copy of the official captures (give another folder as the argument)."""
SOURCES = {
    "2018 (18.2.6)": "hase-und-igel-2018/*.txt*",
    "2019 (19.2.1)": "piranhas-2019/*.txt*",
    "2019 (19.2.1, protocol captures)": "server-protocol-19.2.1/[A-Z]*_*.txt*",
    "2021 (21.4.0)": "blokus-2021/*.txt*",
}
"""Captures of official servers only (the 2026/2027 captures were made with a fake server)."""
STATE = re.compile(rb'class="memento"')
REQUEST = re.compile(rb'class="(?:sc\.framework\.plugins\.protocol\.MoveRequest|moveRequest)"')
MOVE = re.compile(rb"<room [^>]*>\s*<data class=\"(?!sc\.framework|memento)")


def _chunk_times(transcript: Transcript, conn: str, kind: str) -> tuple[list[int], list[float]]:
    """Stream offsets where each chunk of ``conn``/``kind`` starts, and its time."""
    starts, times, offset = [], [], 0
    for record in transcript.records:
        if record.conn == conn and record.kind == kind:
            starts.append(offset)
            times.append(record.time)
            offset += len(record.data)
    return starts, times


def _time_at(starts: list[int], times: list[float], offset: int) -> float:
    return times[bisect_right(starts, offset) - 1]


def gaps(transcript: Transcript) -> tuple[list[float], list[float]]:
    """(state → request gaps, request → move times) in ms, over every player connection."""
    state_gaps: list[float] = []
    answers: list[float] = []
    for conn in sorted({record.conn for record in transcript.records}):
        stream = transcript.stream(conn, S2C)
        starts, times = _chunk_times(transcript, conn, S2C)
        moves = transcript.stream(conn, C2S)
        move_starts, move_times = _chunk_times(transcript, conn, C2S)
        move_offsets = [m.start() for m in MOVE.finditer(moves)]
        move_at = [_time_at(move_starts, move_times, offset) for offset in move_offsets]
        for request in REQUEST.finditer(stream):
            states = [m for m in STATE.finditer(stream, 0, request.start())]
            if not states:
                continue
            state_end = stream.find(b"</room>", states[-1].end())
            if state_end < 0 or state_end > request.start():
                continue
            sent = _time_at(starts, times, request.start())
            state_gaps.append((sent - _time_at(starts, times, state_end)) * 1000.0)
            later = [t for t in move_at if t >= sent]
            if later:
                answers.append((later[0] - sent) * 1000.0)
    return state_gaps, answers


def _describe(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    share_zero = sum(1 for v in ordered if v == 0.0) / len(ordered)
    return (
        f"n={len(ordered)} median {statistics.median(ordered):.1f} ms, "
        f"min {ordered[0]:.1f}, p90 {ordered[int(0.9 * (len(ordered) - 1))]:.1f}, "
        f"max {ordered[-1]:.1f} ms; in the same chunk: {share_zero:.0%}"
    )


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else DEFAULT_FIXTURES
    for season, pattern in SOURCES.items():
        state_gaps: list[float] = []
        answers: list[float] = []
        for path in sorted(root.glob(pattern)):
            try:
                transcript = read_transcript(path)
            except ValueError:
                continue
            found_gaps, found_answers = gaps(transcript)
            state_gaps += found_gaps
            answers += found_answers
        print(f"{season}: state → move request: {_describe(state_gaps)}")
        print(f"{' ' * len(season)}  move request → move:  {_describe(answers)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
