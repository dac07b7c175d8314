"""Statistics of a run from its game records, and the live display.

Everything is from BOT_A's point of view and attributed per bot (never per colour or slot):
a record's ``bot_scores`` maps each bot's label to 1 / 0.5 / 0 (``None``: void game).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from botarena.runner.record import GameRecord
from botarena.runner.stats import (
    WDL,
    Pentanomial,
    Sprt,
    SprtDecision,
    elo_estimate,
)


def wdl_of(records: Iterable[GameRecord], label: str) -> WDL:
    """``label``'s wins, draws and losses (games without a score for it left out)."""
    scores = [r.share_of(label) for r in records]
    return WDL.from_scores([score for score in scores if score is not None])


def pentanomial_of(records: dict[int, GameRecord], label: str) -> Pentanomial:
    """Complete pairs (both games finished and not void) by BOT_A's pair points."""
    pairs = []
    for index, first in records.items():
        if index % 2:
            continue
        second = records.get(index + 1)
        if second is None:
            continue
        a, b = first.share_of(label), second.share_of(label)
        if a is not None and b is not None:
            pairs.append((a, b))
    return Pentanomial.from_game_pairs(pairs)


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def statistics(
    records: dict[int, GameRecord], labels: tuple[str, str], sprt: Sprt | None
) -> dict[str, Any]:
    """The ``statistics`` block of the summary."""
    wdl = wdl_of(records.values(), labels[0])
    penta = pentanomial_of(records, labels[0])
    results: WDL | Pentanomial = penta if penta.pairs > 0 else wdl
    estimate = elo_estimate(results)
    block: dict[str, Any] = {
        "perspective": labels[0],
        "games": len(records),
        "void_games": sum(1 for r in records.values() if r.share_of(labels[0]) is None),
        "irregular_games": sum(1 for r in records.values() if not r.regular),
        "infra_errors": sum(1 for r in records.values() if r.infra_error),
        "infra_replays": sum(r.infra_replays for r in records.values()),
        "wins": wdl.wins,
        "draws": wdl.draws,
        "losses": wdl.losses,
        "points": {labels[0]: wdl.points, labels[1]: wdl.games - wdl.points},
        "pentanomial": list(penta.counts),
        "elo_model": "pentanomial" if penta.pairs > 0 else "trinomial",
        "elo": _finite(estimate.elo),
        "elo_ci95": [_finite(estimate.ci_low), _finite(estimate.ci_high)],
        "elo_margin": _finite(estimate.margin),
        "los": estimate.los,
        "score": estimate.score,
    }
    if sprt is not None:
        outcome = sprt.test(results)
        block["sprt"] = {
            "elo0": sprt.elo0,
            "elo1": sprt.elo1,
            "alpha": sprt.alpha,
            "beta": sprt.beta,
            "model": sprt.model.value,
            "llr": outcome.llr,
            "bounds": [outcome.lower, outcome.upper],
            "decision": outcome.decision.value,
        }
    return block


def sprt_decided(block: dict[str, Any]) -> bool:
    sprt = block.get("sprt")
    return sprt is not None and sprt["decision"] != SprtDecision.CONTINUE.value


def _signed(value: float | None, score: float) -> str:
    if value is None:  # infinite: all wins or all losses
        return "+inf" if score > 0.5 else "-inf"
    return f"{value + 0.0:+.1f}"  # + 0.0: no "-0.0"


def elo_text(block: dict[str, Any]) -> str:
    """``Elo +12.3 ± 45.6 (pentanomial)``, or ``Elo n/a`` without a finite estimate (no
    counted game, or every counted game won or every one lost)."""
    elo, margin = block["elo"], block["elo_margin"]
    counted = block["wins"] + block["draws"] + block["losses"]
    if counted == 0 or elo is None or margin is None:
        return "Elo n/a"
    return f"Elo {_signed(elo, block['score'])} ± {margin:.1f} ({block['elo_model']})"


def status_line(block: dict[str, Any], planned: int, labels: tuple[str, str]) -> str:
    counted = block["wins"] + block["draws"] + block["losses"]
    los = f"LOS {100 * block['los']:.1f}%" if counted else "LOS n/a"
    text = (
        f"{block['games']}/{planned} games  {labels[0]} vs {labels[1]}: "
        f"W {block['wins']}  D {block['draws']}  L {block['losses']}  "
        f"{elo_text(block)}  {los}"
    )
    if block["irregular_games"]:
        text += f"  irregular {block['irregular_games']}"
    sprt = block.get("sprt")
    if sprt is not None:
        low, high = sprt["bounds"]
        text += f"  LLR {sprt['llr']:.2f} [{low:.2f}, {high:.2f}] {sprt['decision']}"
    return text


class Reporter:
    """A live progress bar with W/D/L, Elo and SPRT on a terminal (rich), one plain line per
    game otherwise; problems always printed in full, naming the bot and its log."""

    def __init__(self, planned: int, labels: tuple[str, str], console: Console | None = None):
        self.console = console or Console()
        self.planned = planned
        self.labels = labels
        self._progress: Progress | None = None
        self._task: TaskID | None = None

    def __enter__(self) -> Reporter:
        if self.console.is_terminal:
            self._progress = Progress(
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("{task.fields[status]}"),
                console=self.console,
            )
            self._progress.__enter__()
            self._task = self._progress.add_task("games", total=self.planned, status="")
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._progress is not None:
            self._progress.__exit__(None, None, None)
            self._progress = None

    def game_finished(self, record: GameRecord, block: dict[str, Any]) -> None:
        if not record.regular:
            self.console.print(
                Text(f"game {record.index} (seed {record.seed}): {record.cause}"),
                style="yellow",
            )
        line = status_line(block, self.planned, self.labels)
        if self._progress is not None and self._task is not None:
            status = line.split(": ", 1)[1]  # the bar shows the count already
            self._progress.update(self._task, completed=block["games"], status=status)
        else:
            self.console.print(Text(line))

    def message(self, text: str) -> None:
        self.console.print(Text(text))
