"""Shared helpers of the tournament end-to-end tests."""

from __future__ import annotations

import asyncio
import gzip
import json
import sys
from pathlib import Path
from typing import Any

from botarena.league.jobs import JobLimits
from botarena.league.tournament import TournamentConfig, TournamentOutcome, run_tournament
from tests.conftest import REPO_ROOT

PY = sys.executable
PIRANHAS_EXAMPLE = f"cmd={PY} {REPO_ROOT / 'examples' / 'piranhas_bot.py'}"
MAUMAU_EXAMPLE = f"cmd={PY} {REPO_ROOT / 'examples' / 'maumau_bot.py'}"
BLOKUS_COMMAND = f"cmd={PY} -m botarena bot blokus random"
FAST_LIMITS = JobLimits(connect_timeout_s=20.0, game_timeout_s=120.0, exit_grace_s=5.0)


def run(out: Path, game: str, fmt: str, bots: list[str], **options: Any) -> TournamentOutcome:
    config = TournamentConfig(
        game=game,
        format=fmt,
        bots=bots,
        out_dir=out,
        concurrency=options.pop("concurrency", 2),
        limits=options.pop("limits", FAST_LIMITS),
        **options,
    )
    lines: list[str] = []
    return asyncio.run(run_tournament(config, echo=lines.append))


def games_of(out: Path) -> list[dict[str, Any]]:
    text = (out / "games.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def standings_of(out: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((out / "standings.json").read_text(encoding="utf-8"))
    return document


def replay_text(out: Path, record: dict[str, Any]) -> str:
    return gzip.decompress((out / record["replay"]).read_bytes()).decode("utf-8")


def tournament_command(game: str, fmt: str, bots: list[str], *options: str) -> list[str]:
    return [PY, "-m", "botarena", "tournament", game, "--format", fmt, *bots, *options]
