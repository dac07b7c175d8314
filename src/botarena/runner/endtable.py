"""The short table printed at the end of ``botarena test``: W/D/L and move times per bot
(the charged times, the largest raw (wall) time beside them, the CPU times of the bot's
processes where they were metered, and the near misses: moves charged within the soft limit
that took longer raw), the games the machine spoiled (infra errors, apart: not rated), the
causes of irregular games with counts, and the average game length."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from botarena.runner.record import INFRA_ERROR, REGULAR, GameRecord


@dataclass(slots=True)
class BotTotals:
    """One bot's row of the table: its games by result (``void``: games that gave it no score)
    and the times of its moves."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    void: int = 0
    move_times_ms: list[float] = field(default_factory=list)
    """Charged times."""
    move_raw_ms: list[float] = field(default_factory=list)
    move_cpu_ms: list[float] = field(default_factory=list)
    """The metered moves' CPU times."""
    near_misses: int = 0

    def add_score(self, score: float | None) -> None:
        if score is None:
            self.void += 1
        elif score == 1.0:
            self.wins += 1
        elif score == 0.5:
            self.draws += 1
        else:
            self.losses += 1


def _ms(values: list[float], pick: str) -> str:
    if not values:
        return "n/a"
    value = max(values) if pick == "max" else sum(values) / len(values)
    return f"{value:.1f}"


def bot_totals(records: Iterable[GameRecord], labels: tuple[str, str]) -> dict[str, BotTotals]:
    totals = {label: BotTotals() for label in labels}
    for record in records:
        for label in labels:
            totals[label].add_score(record.share_of(label))
        movers = record.move_bots
        times = record.move_times_ms
        raw = record.move_raw_ms
        cpu = record.move_cpu_ms
        near = set(record.near_misses)
        if len(movers) == len(times):
            for index, (label, ms) in enumerate(zip(movers, times, strict=True)):
                if label not in totals:
                    continue
                totals[label].move_times_ms.append(ms)
                if index < len(raw):
                    totals[label].move_raw_ms.append(raw[index])
                if index < len(cpu) and (cpu_ms := cpu[index]) is not None:
                    totals[label].move_cpu_ms.append(cpu_ms)
                totals[label].near_misses += index in near
    return totals


def _irregular_slots(records: Iterable[GameRecord]) -> Iterator[tuple[str, str | None]]:
    """Per irregular seat: ``BOT: CAUSE`` and the last line of the bot's log (if recorded)."""
    for record in records:
        for slot in record.slots:
            if slot.cause == REGULAR:
                continue
            text = f"{slot.bot}: {slot.cause}"
            if slot.startup_failure:
                text += " (could not start or connect)"
            elif record.winner is None and record.share_of(slot.bot) is None:
                text += " (void game)"
            yield text, slot.log_line


def cause_lines(records: Iterable[GameRecord]) -> list[str]:
    """``COUNT × BOT: CAUSE``, most frequent first, each with the most frequent last line of
    the bot's log in those games (a crashing bot's exception), as the record keeps it
    (trimmed to ``bot_logs.LOG_LINE_WIDTH``)."""
    causes: Counter[str] = Counter()
    log_lines: dict[str, Counter[str]] = {}
    for text, line in _irregular_slots(records):
        causes[text] += 1
        if line:
            log_lines.setdefault(text, Counter())[line] += 1
    lines = []
    for text, count in causes.most_common():
        said = log_lines.get(text)
        log = f"; log: {said.most_common(1)[0][0]}" if said else ""
        lines.append(f"  {count:>4} × {text}{log}")
    return lines


def infra_lines(games: list[GameRecord]) -> list[str]:
    """The games the machine spoiled (``--clock cpu``), apart from the bots' own failures."""
    replays = sum(g.infra_replays for g in games)
    left = [g for g in games if g.infra_error]
    if not replays and not left:
        return []
    lines = [
        f"infra errors (a move reached the wall cap with little CPU: the machine, not the "
        f"bot): {replays} games played again with the same seed"
    ]
    if left:  # a bot that stalls itself on purpose shows here, game after game
        stalled = ", ".join(
            f"{g.index} (stalled: {', '.join(s.bot for s in g.slots if s.cause == INFRA_ERROR)})"
            for g in left
        )
        lines.append(f"  still infra errors after the replays, not rated: game {stalled}")
    return lines


def end_table(records: dict[int, GameRecord], labels: tuple[str, str]) -> list[str]:
    """The lines of the end-of-run table."""
    games = [records[index] for index in sorted(records)]
    totals = bot_totals(games, labels)
    width = max(len("bot"), *(len(label) for label in labels))
    lines = [
        f"{'bot':<{width}}  {'W':>4} {'D':>4} {'L':>4} {'void':>4}  "
        f"{'avg move ms':>11} {'max move ms':>11} {'max raw ms':>10} {'avg cpu ms':>10} "
        f"{'max cpu ms':>10} {'near misses':>11}"
    ]
    for label in labels:
        t = totals[label]
        lines.append(
            f"{label:<{width}}  {t.wins:>4} {t.draws:>4} {t.losses:>4} {t.void:>4}  "
            f"{_ms(t.move_times_ms, 'avg'):>11} {_ms(t.move_times_ms, 'max'):>11} "
            f"{_ms(t.move_raw_ms, 'max'):>10} {_ms(t.move_cpu_ms, 'avg'):>10} "
            f"{_ms(t.move_cpu_ms, 'max'):>10} {t.near_misses:>11}"
        )
    if games:
        average = sum(g.moves for g in games) / len(games)
        lines.append(f"games: {len(games)}, average length {average:.1f} moves")
    else:
        lines.append("games: 0")
    near = sum(t.near_misses for t in totals.values())
    if near:
        lines.append(
            f"near misses: {near} moves were within the soft limit only thanks to the move "
            "grace (their raw time exceeded it; see near_misses in games.jsonl)"
        )
    lines.extend(infra_lines(games))
    irregular = [g for g in games if not g.regular and not g.infra_error]
    if irregular:
        lines.append(f"irregular games: {len(irregular)}")
        lines.extend(cause_lines(irregular))
    return lines
