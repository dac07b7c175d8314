"""Playing strength of a season's ``strong`` player against ``search`` and ``greedy``, for
every season that has ``strong`` (Piranhas 2019 and 2026, Blokus 2021 and 2027).

Usage (from the repository root)::

    .venv/bin/python benchmarks/strength.py --game piranhas-2019 --results FILE.jsonl
        [--games 40] [--time-ms 2000] [--search-time-ms MS] [--opponents search,greedy]
        [--jobs 1] [--seed S] [--work DIR]

Paired games (same seed, sides swapped): each pair is ``botarena test -n 2`` with both
players as real bot processes (``botarena bot GAME NAME``) on the embedded server with the
game's own move timeouts. ``strong`` gets ``--time-ms`` (the move limit it budgets for,
default the official 2 s); a ``search`` that takes a time budget (Piranhas) gets
``--search-time-ms`` (default: the search budget ``strong`` uses, so both think about as
long); Blokus ``search`` and ``greedy`` play as they are. ``--jobs`` pairs run at once.

Resumable: every finished game is appended (one JSON line: season, opponent, time limits,
base seed, pair, strong's label, the runner's game record) to ``--results`` the moment its
pair ends; a rerun with the same settings plays only the pairs the file lacks (a pair is the
unit: an interrupted pair is played again), and the summary is always computed from the
file. So the real measurement (40 games per opponent at 2 s, hours) can run over several
sessions.

Prints ``# ...`` progress lines, a table (games, W/D/L, Elo with its 95 % interval from the
pentanomial model over complete pairs, ``strong``'s timeouts, irregular games, ``strong``'s
mean and worst move time) and, last, ``strength_<opponent>: ELO [LOW, HIGH]`` lines (after a
clean sweep, which has no finite estimate: ``>= LOW``, the exact one-sided 95 % bound).
Exit code 1 if a pair could not be played (e.g. a bot failed to start).
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from botarena.client.codecs import codec_for
from botarena.games.registry import resolve
from botarena.native.strong import DEFAULT_TIME_MS, engine_note, search_budget_ms
from botarena.runner.record import GameRecord
from botarena.runner.stats import Pentanomial, elo_estimate, sweep_elo_bound
from botarena.runner.store import (
    GAMES_NAME,
    SUMMARY_NAME,
    append_json_line,
    read_json_lines,
    rewrite_json_lines,
)

OPPONENTS = ("search", "greedy")
DEFAULT_GAMES = 40
STRONG = "strong"
MIN_PAIRS_FOR_CI = 2
"""Below this many complete pairs the spread is unknown: the Elo is printed without interval."""
PAIR_TIMEOUT_S = 4 * 3600.0
"""Wall-clock limit of one pair's ``botarena test`` (its own watchdogs end games far sooner)."""


@dataclass(frozen=True)
class Settings:
    """What identifies a game of this measurement in the results file."""

    game: str
    opponent: str
    time_ms: float
    search_time_ms: float | None
    seed: int

    def fields(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "opponent": self.opponent,
            "time_ms": self.time_ms,
            "search_time_ms": self.search_time_ms,
            "seed": self.seed,
        }

    def matches(self, line: dict[str, Any]) -> bool:
        return all(line.get(key) == value for key, value in self.fields().items())


@dataclass(frozen=True)
class Match:
    opponent: str
    games: int
    wins: int
    draws: int
    losses: int
    elo: float | None
    low: float | None
    high: float | None
    """The 95 % interval (may be infinite); ``None`` below :data:`MIN_PAIRS_FOR_CI` pairs."""
    timeouts: int
    """Games in which ``strong`` exceeded a move timeout."""
    irregular: int
    """Games that did not end regularly (timeouts, crashes, invalid moves) or count nothing."""
    strong_max_ms: float
    strong_avg_ms: float


def botarena_command() -> str:
    """The ``botarena`` script of this interpreter's environment."""
    return str(Path(sys.executable).with_name("botarena"))


def bot_spec(game: str, name: str, args: list[str]) -> str:
    return " ".join([botarena_command(), "bot", game, name, *args])


def pair_seed(seed: int, pair: int) -> int:
    """The base seed of pair ``pair``'s one-pair run (its game seeds derive from it)."""
    return seed * 1_000_003 + pair


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def match_of(opponent: str, lines: Iterable[dict[str, Any]]) -> Match:
    """The figures of ``opponent``'s games (results-file lines) from ``strong``'s side."""
    games: list[tuple[GameRecord, str, float | None]] = []
    by_pair: dict[int, list[float | None]] = {}
    for line in lines:
        record, label = GameRecord.from_json(line["record"]), line["strong"]
        share = record.share_of(label)
        games.append((record, label, share))
        by_pair.setdefault(line["pair"], []).append(share)
    pairs = [
        (shares[0], shares[1])
        for shares in by_pair.values()
        if len(shares) == 2 and shares[0] is not None and shares[1] is not None
    ]
    estimate = elo_estimate(Pentanomial.from_game_pairs(pairs))
    times = [
        ms
        for record, label, _ in games
        for ms, bot in zip(record.move_times_ms, record.move_bots, strict=False)
        if bot == label
    ]
    timeouts = sum(
        1
        for record, label, _ in games
        if any(slot.bot == label and "TIMEOUT" in slot.cause for slot in record.slots)
    )
    counted = [share for _, _, share in games if share is not None]
    return Match(
        opponent,
        len(games),
        counted.count(1),
        counted.count(0.5),
        counted.count(0),
        _finite(estimate.elo) if pairs else None,
        estimate.ci_low if len(pairs) >= MIN_PAIRS_FOR_CI else None,
        estimate.ci_high if len(pairs) >= MIN_PAIRS_FOR_CI else None,
        timeouts,
        sum(1 for record, _, share in games if not record.regular or share is None),
        max(times, default=0.0),
        sum(times) / len(times) if times else 0.0,
    )


def elo_text(match: Match) -> str:
    swept = match.games > 0 and match.games in (match.wins, match.losses)
    if match.elo is None and swept and match.irregular == 0:
        # no finite estimate: the exact one-sided bound of a clean sweep instead
        bound = sweep_elo_bound(match.games)
        return f">= {bound:+.0f}" if match.wins else f"<= {-bound:+.0f}"
    if match.elo is None:
        return "n/a (no pair, or no win or no loss)"
    if match.low is None or match.high is None:
        return f"{match.elo:+.0f}"
    return f"{match.elo:+.0f} [{match.low:+.0f}, {match.high:+.0f}]"


def well_formed(line: object) -> bool:
    """Whether a parsed results-file line is a game this script wrote."""
    if not isinstance(line, dict):
        return False
    if not (isinstance(line.get("pair"), int) and isinstance(line.get("strong"), str)):
        return False
    try:
        GameRecord.from_json(line.get("record"))
    except ValueError:
        return False
    return True


class Results:
    """The results file: lines read once, new games appended under a lock."""

    def __init__(self, path: Path) -> None:
        self.path = path
        every = list(read_json_lines(path))
        self.lines = [line for line in every if well_formed(line)]
        self.ignored = len(every) - len(self.lines)
        """Lines that are JSON but not a game of this script (kept in the file, not counted)."""
        if path.exists():  # drops a line torn by a kill, so appends start on a fresh line
            rewrite_json_lines(path, every, sync=True)
        self._lock = threading.Lock()

    def of(self, settings: Settings) -> list[dict[str, Any]]:
        return [line for line in self.lines if settings.matches(line)]

    def done_pairs(self, settings: Settings) -> set[int]:
        games: dict[int, int] = {}
        for line in self.of(settings):
            games[line["pair"]] = games.get(line["pair"], 0) + 1
        return {pair for pair, count in games.items() if count >= 2}

    def add(
        self, settings: Settings, pair: int, strong: str, records: list[dict[str, Any]]
    ) -> None:
        with self._lock:
            for record in records:
                line = {**settings.fields(), "pair": pair, "strong": strong, "record": record}
                append_json_line(self.path, line, sync=True)
                self.lines.append(line)


def settings_of(args: argparse.Namespace, opponent: str) -> Settings:
    return Settings(args.game, opponent, args.time_ms, args.search_time_ms, args.seed)


def opponent_spec(args: argparse.Namespace, opponent: str) -> str:
    options = codec_for(args.game).player_options.get(opponent, ())
    if opponent == "search" and "time_budget" in options:
        seconds = (args.search_time_ms or search_budget_ms(args.time_ms)) / 1000
        return bot_spec(args.game, opponent, ["--time-budget", f"{seconds:g}"])
    return bot_spec(args.game, opponent, [])


def play_pair(
    args: argparse.Namespace, results: Results, settings: Settings, pair: int
) -> str | None:
    """Play one pair and append its games; ``None``, or why it could not be played."""
    strong = bot_spec(args.game, STRONG, ["--time-ms", f"{args.time_ms:g}"])
    out = args.work / f"{settings.opponent}-{settings.time_ms:g}ms-seed{settings.seed}-pair{pair}"
    shutil.rmtree(out, ignore_errors=True)  # an interrupted attempt: the pair starts afresh
    command = [
        botarena_command(), "test", "--game", args.game, "-n", "2",
        "--concurrency", "1", "--seed", str(pair_seed(args.seed, pair)), "--out", str(out),
        strong, opponent_spec(args, settings.opponent),
    ]  # fmt: skip
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, check=False, timeout=PAIR_TIMEOUT_S
        )
    except subprocess.TimeoutExpired:
        return f"pair {pair} against {settings.opponent}: no result in {PAIR_TIMEOUT_S:g} s"
    failed = f"pair {pair} against {settings.opponent} failed: {done.stderr.strip()[-400:]}"
    records = [line for line in read_json_lines(out / GAMES_NAME) if isinstance(line, dict)]
    try:
        summary = json.loads((out / SUMMARY_NAME).read_text(encoding="utf-8"))
        strong_label = summary["settings"]["bots"][0]["label"]
        parsed = [GameRecord.from_json(line) for line in records]
    except (OSError, ValueError, KeyError, IndexError, TypeError):
        return failed
    if len(parsed) != 2:
        return failed
    if all(record.regular for record in parsed):  # keep the logs of irregular games only
        shutil.rmtree(out, ignore_errors=True)
    results.add(settings, pair, strong_label, records)
    shares = [record.share_of(strong_label) for record in parsed]
    print(f"# {settings.opponent} pair {pair}: strong scores {shares}", flush=True)
    return None


def summary_lines(matches: list[Match]) -> list[str]:
    lines = [
        "opponent  games   W   D   L  Elo [95% CI]            timeouts irregular  strong avg/max ms"
    ]
    lines += [
        f"{m.opponent:<9} {m.games:>5} {m.wins:>3} {m.draws:>3} {m.losses:>3}  "
        f"{elo_text(m):<22} {m.timeouts:>8} {m.irregular:>9}  "
        f"{m.strong_avg_ms:.0f}/{m.strong_max_ms:.0f}"
        for m in matches
    ]
    lines += [f"strength_{m.opponent}: {elo_text(m)}" for m in matches]
    return lines


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--game", required=True, help="season id, e.g. piranhas-2019")
    parser.add_argument("--results", type=Path, required=True, help="JSONL file (appended)")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="per opponent (even)")
    parser.add_argument("--time-ms", type=float, default=DEFAULT_TIME_MS)
    parser.add_argument("--search-time-ms", type=float, default=None)
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    parser.add_argument("--jobs", type=int, default=1, help="pairs played at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--work",
        type=Path,
        default=None,
        help="folder of the pairs' runs (kept when a game was irregular: the bots' logs) "
        "[default: beside --results, RESULTS-runs]",
    )
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even (pairs with sides swapped) and at least 2")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if not (math.isfinite(args.time_ms) and args.time_ms > 0):
        parser.error("--time-ms must be a positive number")
    try:
        season = resolve(args.game)
    except ValueError as error:
        parser.error(str(error))
    args.game = season.id
    if args.work is None:
        args.work = args.results.with_name(f"{args.results.stem}-runs")
    options = codec_for(args.game).player_options
    if STRONG not in options:
        parser.error(f"{season.id} has no {STRONG} player")
    args.opponents = [name.strip() for name in args.opponents.split(",") if name.strip()]
    unknown = [name for name in args.opponents if name not in options]
    if unknown or not args.opponents:
        parser.error(f"unknown opponents {unknown}; {season.id} has {sorted(options)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    try:
        args.results.parent.mkdir(parents=True, exist_ok=True)
        results = Results(args.results)
    except (OSError, UnicodeDecodeError) as error:
        print(f"cannot use --results {args.results}: {error}", file=sys.stderr)
        return 2
    plan = []
    for opponent in args.opponents:
        settings = settings_of(args, opponent)
        done = results.done_pairs(settings)
        plan += [(settings, pair) for pair in range(args.games // 2) if pair not in done]
    if results.ignored:
        print(f"# {results.ignored} lines of {args.results} are not games of this script: ignored")
    print(
        f"# {args.game}: strong --time-ms {args.time_ms:g}; {engine_note()}; "
        f"{len(plan)} pairs to play, {args.jobs} at once; results in {args.results}",
        flush=True,
    )
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        failures = [
            failure
            for failure in pool.map(lambda job: play_pair(args, results, *job), plan)
            if failure is not None
        ]
    for failure in failures:
        print(f"# {failure}", file=sys.stderr)
    matches = [
        match_of(opponent, results.of(settings_of(args, opponent))) for opponent in args.opponents
    ]
    for line in summary_lines(matches):
        print(line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
