"""The Piranhas conformance modes on the native core (``--engine native``): the same
official fixtures as the Python engine, tampered lines found, modes without a core refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from botarena.conformance.__main__ import NATIVE_MODES
from botarena.conformance.__main__ import main as conformance_main
from botarena.conformance.fixture_io import read_text
from tests.conftest import fixture_file


def last_line(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().out.strip().splitlines()[-1]


def test_native_core_agrees_with_every_2019_position(
    fixtures_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = fixture_file(fixtures_dir / "piranhas-2019", "positions.jsonl")
    code = conformance_main(["--engine", "native", "positions", "-v", str(path)])
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1] == (
        "positions: 1200 checked, 0 mismatches, 1 expected deviations"
    )
    assert "BLUE has no legal move and loses (seed rule); 19.2.1 goes on" in out
    assert code == 0


@pytest.mark.parametrize(
    ("name", "summary"),
    [
        ("positions.jsonl", "piranhas2026: 3925 checked, 0 mismatches"),
        ("games.jsonl", "piranhas2026: 240 checked, 0 mismatches"),
    ],
)
def test_native_core_agrees_with_every_2026_line(
    fixtures_dir: Path, capsys: pytest.CaptureFixture[str], name: str, summary: str
) -> None:
    path = fixture_file(fixtures_dir / "piranhas-2026", name)
    code = conformance_main(["--engine=native", "piranhas2026", str(path)])
    assert last_line(capsys) == summary
    assert code == 0


def tampered_2019(fixtures_dir: Path, tmp_path: Path, change) -> Path:
    positions = fixture_file(fixtures_dir / "piranhas-2019", "positions.jsonl")
    lines = read_text(positions).splitlines()[:3]
    data = json.loads(lines[1])
    change(data)
    lines[1] = json.dumps(data)
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["moves"].pop(),
        lambda d: d["moves"].append(dict(d["moves"][0], dir="UP_LEFT", x=99)),
        lambda d: d["moves"][0].update(dist=d["moves"][0]["dist"] + 1),
        lambda d: d["moves"][0]["after"].update(turn=99),
        lambda d: d["swarm"].update(RED=d["swarm"]["RED"] + 1),
        lambda d: d.update(game_over=True, winner="RED", reason="Das Rundenlimit wurde erreicht."),
        lambda d: d["illegal_samples"].append(dict(d["moves"][0], error="Field is obstructed")),
    ],
)
def test_a_changed_2019_fact_is_a_native_mismatch(
    fixtures_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], change
) -> None:
    path = tampered_2019(fixtures_dir, tmp_path, change)
    assert conformance_main(["--engine", "native", "positions", str(path)]) == 1
    assert last_line(capsys) == "positions: 3 checked, 1 mismatches, 0 expected deviations"


def test_a_changed_2026_game_is_a_native_mismatch(
    fixtures_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = read_text(fixture_file(fixtures_dir / "piranhas-2026", "games.jsonl")).splitlines()[0]
    data = json.loads(line)
    data["final_turn"] += 1
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    assert conformance_main(["--engine", "native", "piranhas2026", str(path)]) == 1
    assert last_line(capsys) == "piranhas2026: 1 checked, 1 mismatches"


@pytest.mark.parametrize("mode", ["hui", "maumau", "transcript", "obstacles"])
def test_modes_without_a_native_core_refuse_it_in_one_line(
    mode: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert mode not in NATIVE_MODES
    assert conformance_main(["--engine", "native", mode, "whatever"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"conformance mode {mode!r} has no native engine core; run it without --engine native"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--engine", "rust", "positions", "x"], "unknown engine 'rust'; choose python or native"),
        (["--engine"], "--engine needs a value: python or native"),
    ],
)
def test_a_bad_engine_is_a_usage_error(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert conformance_main(args) == 2
    assert capsys.readouterr().err.strip() == message


def test_the_python_engine_is_the_default_and_can_be_named(
    fixtures_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = fixture_file(fixtures_dir / "piranhas-2026", "games.jsonl")
    assert conformance_main(["--engine", "python", "piranhas2026", str(path)]) == 0
    assert last_line(capsys) == "piranhas2026: 240 checked, 0 mismatches"


def test_native_is_refused_when_the_core_is_disabled(fixtures_dir: Path) -> None:
    path = fixture_file(fixtures_dir / "piranhas-2026", "games.jsonl")
    result = subprocess.run(
        [sys.executable, "-m", "botarena.conformance", "--engine", "native", "piranhas2026", path],
        capture_output=True,
        text=True,
        env={**os.environ, "BOTARENA_ENGINE": "python"},
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "--engine native: the native engine core is not available: "
        "disabled by BOTARENA_ENGINE=python"
    )
