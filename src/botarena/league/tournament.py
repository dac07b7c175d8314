"""The coordinator: schedule rounds, hand games to an executor, store every finished game
once, and write the standings, ratings, cross-table and report.

Output folder::

    settings.json       game, format, entrants (command lines), seed, limits
    games.jsonl         one line per finished game (what --resume reads)
    standings.json      standings with tie-breaks, ratings, K.O. bracket, Swiss byes
    crosstable.csv      points scored / possible per pair of bots
    report.html         static page: standings, cross-table, rating plot, links to games
    games/game-000017/  replay.xml.gz (SC) or transcript.jsonl.gz (Mau-Mau), bot logs

A game record: ``index``, ``round``, ``pairing``, ``seed``, ``game``, ``seats`` (labels in
seat order), ``points`` (label → 2/1/0), ``ranks`` (per seat), ``winner``, ``void``,
``regular``, ``cause`` ("REGULAR" or which bot failed how, with its log), ``moves``,
``duration_s``, ``slots`` (per seat: bot, exit code, log, runner note), ``replay``, ``host``.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from botarena.confine import NO_CONFINEMENT, Confinement, tiers_in_use
from botarena.core import new_seed
from botarena.games import registry
from botarena.interruption import interrupt_exit_code, resume_hint, terminate_as_interrupt
from botarena.league import formats
from botarena.league.entrants import Entrant, parse_entrants
from botarena.league.executors import DaskExecutor, Executor, LocalExecutor
from botarena.league.jobs import GameJob, JobLimits
from botarena.league.ratings import ratings
from botarena.league.report import write_report
from botarena.league.standings import crosstable, crosstable_csv, standings
from botarena.league.store import TournamentStore, TournamentStoreError
from botarena.runner.infra import replaying_infra_errors
from botarena.runner.record import GameRecord
from botarena.runner.store import refuse_other_settings
from botarena.runner.tasks import run_together

DEFAULT_OUT_ROOT = Path("botarena-tournaments")


@dataclass(slots=True)
class TournamentConfig:
    game: str | None
    """``None`` only with ``resume``: the game of the saved settings."""
    format: str
    bots: list[str] = field(default_factory=list)
    table_size: int = 2
    games_per_pairing: int | None = None
    """Default: the table size (one seed group: every bot plays the deal from every seat)."""
    rounds: int | None = None
    challenger: str | None = None
    best_of: int = 3
    seed: int | None = None
    concurrency: int = 1
    out_dir: Path | None = None
    resume: bool = False
    cluster: str | None = None
    limits: JobLimits = field(default_factory=JobLimits)
    pace_ms: dict[str, int] = field(default_factory=dict)
    """Bot label → pace of its connection in ms (``--pace LABEL=MS``; SC games only)."""
    confinement: Confinement = NO_CONFINEMENT
    """How bots are confined (``--sandbox``, ``--memory-mb``, ``--max-processes``; given
    anew on ``--resume``, not saved)."""

    def __post_init__(self) -> None:
        if self.game is None:
            if not self.resume:
                raise formats.FormatError("a tournament needs a GAME (botarena games)")
            return
        try:  # any name of the registry: the season's id from here on
            self.game = registry.resolve(self.game).id
        except ValueError as error:
            raise formats.FormatError(str(error)) from None


@dataclass(slots=True)
class TournamentOutcome:
    out_dir: Path
    complete: bool
    games_played: int
    standings: list[dict[str, Any]]
    failed: int = 0


def default_out_dir() -> Path:
    return DEFAULT_OUT_ROOT / datetime.now().strftime("%Y%m%d-%H%M%S")


def _new_settings(config: TournamentConfig) -> dict[str, Any]:
    assert config.game is not None  # checked by TournamentConfig
    specs = list(config.bots)
    challenger_label = None
    if config.format == "gauntlet":
        if config.challenger is None:
            raise formats.FormatError("a gauntlet needs --challenger BOT")
        specs = [config.challenger, *specs]
    seats = registry.resolve(config.game).protocol.fixed_seats
    if seats is not None and config.table_size != seats:
        raise formats.FormatError(
            f"{config.game} is played by {seats}; --table-size is for games like maumau"
        )
    entrants = paced(parse_entrants(config.game, specs), config.pace_ms, config.game)
    if config.format == "gauntlet":
        challenger_label = entrants[0].label
    fmt = formats.FormatSettings(
        config.format,
        config.table_size,
        config.games_per_pairing or config.table_size,
        config.rounds,
        challenger_label,
        config.best_of,
    )
    formats.validate(fmt, [entrant.label for entrant in entrants])
    seed = config.seed if config.seed is not None else new_seed()
    return {
        "game": config.game,
        "format": fmt.to_json(),
        "entrants": [entrant.to_json() for entrant in entrants],
        "seed": seed,
        "arguments": list(config.bots),
        "limits": config.limits.to_json(),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def paced(entrants: list[Entrant], pace_ms: dict[str, int], game: str) -> list[Entrant]:
    """``entrants`` with the pace of ``--pace LABEL=MS``; an unknown label or a pace for a
    Mau-Mau tournament (its server has no pacing) is refused."""
    if not pace_ms:
        return entrants
    if not registry.resolve(game).protocol.xml_states:  # only the SC server paces
        raise formats.FormatError(f"--pace is for Software-Challenge games, not {game}")
    labels = {entrant.label for entrant in entrants}
    unknown = sorted(set(pace_ms) - labels)
    if unknown:
        raise formats.FormatError(
            f"--pace names no bot of this tournament: {', '.join(unknown)} "
            f"(bots: {', '.join(sorted(labels))})"
        )
    return [replace(entrant, pace_ms=pace_ms.get(entrant.label, 0)) for entrant in entrants]


def open_store(config: TournamentConfig) -> TournamentStore:
    out_dir = config.out_dir or default_out_dir()
    if not config.resume:
        return TournamentStore.create(out_dir, _new_settings(config))
    store = TournamentStore.resume(out_dir)
    saved = store.settings
    refuse_other_settings(
        out_dir,
        {"game": saved["game"], "bots": saved.get("arguments"), "seed": saved["seed"]},
        {"game": config.game, "bots": config.bots or None, "seed": config.seed},
        TournamentStoreError,
    )
    return store


def format_settings(settings: dict[str, Any]) -> formats.FormatSettings:
    data = settings["format"]
    return formats.FormatSettings(
        data["format"],
        int(data["table_size"]),
        int(data["games_per_pairing"]),
        data["rounds"],
        data["challenger"],
        int(data["best_of"]),
    )


def write_results(store: TournamentStore, plan: formats.Plan) -> list[dict[str, Any]]:
    settings = store.settings
    labels = [entrant["label"] for entrant in settings["entrants"]]
    fmt = format_settings(settings)
    rows = standings(
        labels,
        store.games,
        swiss=fmt.format == "swiss",
        byes=plan.byes,
        ko_rounds=plan.ko_rounds if fmt.format == "ko" else None,
    )
    rating = ratings(labels, store.games)
    document = {
        "game": settings["game"],
        "format": settings["format"],
        "seed": settings["seed"],
        "complete": plan.complete,
        "games_played": len(store.games),
        "games_scheduled": len(plan.games),
        "standings": rows,
        "ratings": rating,
        "byes": [{"round": r, "bot": label} for r, label in plan.byes],
    }
    if fmt.format == "ko":
        document["ko"] = {"rounds": plan.ko_rounds, "champion": plan.champion}
    store.write_json("standings.json", document)
    order = [row["bot"] for row in rows]
    table = crosstable(labels, store.games)
    (store.out_dir / "crosstable.csv").write_text(crosstable_csv(order, table), encoding="utf-8")
    write_report(store.out_dir / "report.html", document, table, store.games)
    return rows


def _describe(record: GameRecord) -> str:
    seats = " vs ".join(record.labels)
    result = f"{record.winner} wins" if record.winner else "draw"
    if record.is_void():
        result = "void"
    cause = "" if record.regular else f" [{record.cause}]"
    return f"game {record.index} (round {record.round}): {seats}: {result}{cause}"


async def run_tournament(
    config: TournamentConfig, echo: Callable[[str], None] | None = None
) -> TournamentOutcome:
    def say(text: str) -> None:
        if echo is not None:
            echo(text)
        else:
            print(text, flush=True)

    store = open_store(config)
    settings = store.settings
    entrants = [Entrant.from_json(data) for data in settings["entrants"]]
    by_label = {entrant.label: entrant for entrant in entrants}
    labels = [entrant.label for entrant in entrants]
    fmt = format_settings(settings)
    limits = JobLimits(**settings["limits"])
    if config.confinement.mode != "off":
        say(f"sandbox: {tiers_in_use(config.confinement)}")
    executor: Executor
    if config.cluster is not None:
        executor = await DaskExecutor.connect(config.cluster, f"{new_seed():x}")
    else:
        executor = LocalExecutor(config.concurrency)
    say(
        f"botarena tournament: {settings['game']} {fmt.format}, {len(labels)} bots, "
        f"seed {settings['seed']}, {executor.description}, output {store.out_dir}"
    )
    played = 0
    failed = 0
    stop = False
    plan = formats.plan(fmt, labels, int(settings["seed"]), store.games)
    try:
        while not stop:
            todo = [game for game in plan.games if game.index not in store.games]
            if not todo:
                break
            say(f"playing {len(todo)} games ({len(store.games)} of {len(plan.games)} done)")

            async def one(game: formats.PlannedGame) -> None:
                nonlocal played, failed, stop
                job = GameJob(
                    game.index,
                    game.round,
                    game.pairing,
                    settings["game"],
                    game.seed,
                    tuple(by_label[label] for label in game.seats),
                    limits,
                    config.confinement,
                )
                try:
                    outcome = await replaying_infra_errors(
                        lambda _replay: executor.run(job),
                        lambda played: played.record,
                        lambda record: say(f"game {record.index}: infra error, played again"),
                    )
                except Exception as error:  # reported; the game is played again on --resume
                    failed += 1
                    stop = True
                    say(f"game {game.index} failed: {type(error).__name__}: {error}")
                    return
                if store.add(outcome.record, outcome.files):
                    played += 1
                    say(f"{_describe(outcome.record)} ({len(store.games)} done)")

            await run_together(one(game) for game in todo)
            plan = formats.plan(fmt, labels, int(settings["seed"]), store.games)
    finally:
        await executor.close()
    rows = write_results(store, plan)
    say(f"{'complete' if plan.complete else 'interrupted'}: {len(store.games)} games")
    for row in rows[:10]:
        say(f"{row['rank']:>3}. {row['bot']}: {row['points']} points")
    say(f"report: {store.out_dir / 'report.html'}")
    return TournamentOutcome(store.out_dir, plan.complete, played, rows, failed)


def main_sync(config: TournamentConfig) -> int:
    """Run the tournament; the exit code: 0 complete, 1 incomplete, 2 bad settings, 128 +
    the signal when interrupted (Ctrl-C, SIGTERM: with the command that continues it)."""
    if config.out_dir is None:
        config.out_dir = default_out_dir()  # fixed now, so an interrupt can name it
    try:
        with terminate_as_interrupt():
            outcome = asyncio.run(run_tournament(config))
    except (ValueError, OSError) as error:
        print(f"botarena tournament: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as interrupt:
        hint = resume_hint("tournament", config.out_dir)
        print(f"interrupted; continue with {hint}", file=sys.stderr)
        return interrupt_exit_code(interrupt)
    if not outcome.complete:
        hint = resume_hint("tournament", outcome.out_dir)
        print(f"incomplete; continue with {hint}", file=sys.stderr)
    return 0 if outcome.complete else 1
