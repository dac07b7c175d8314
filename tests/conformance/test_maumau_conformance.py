"""Every recorded Mau-Mau scenario replays against our server with 0 unexpected differences."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from botarena.conformance import maumau as conformance
from tests.conftest import FIXTURES

SCENARIO_DIR = FIXTURES / "maumau"
JSONL = sorted(SCENARIO_DIR.glob("*.jsonl"))
TXT = sorted(SCENARIO_DIR.glob("*.txt"))
EXACT = [
    "normal_2p_01",
    "normal_2p_reshuffle",
    "contest_3p_01",
    "first_topcard_jack",
    "garbage_variants",
    "lenient_json_accepted",
    "selected_card_out_of_range",
    "jack_without_wishedcolor",
    "talon_exhausted",
    "name_escaping",
    "handshake_pretty_printed",
]


def test_fixture_set_is_complete():
    assert len(JSONL) >= 38
    assert {p.stem for p in JSONL} == {p.stem for p in TXT if p.stem != "server_message_shapes"}


@pytest.mark.parametrize(
    "path", JSONL + [p for p in TXT if p.stem != "server_message_shapes"], ids=lambda p: p.name
)
def test_scenario_replays_without_unexpected_differences(path: Path, capsys):
    code = conformance.main([str(path)])
    out = capsys.readouterr().out.strip().splitlines()[-1]
    assert out.startswith(f"maumau {path}: ")
    assert " 0 differ," in out, out
    assert code == 0
    compared = int(out.split(": ", 1)[1].split(" lines compared")[0])
    assert compared > 0


@pytest.mark.parametrize("name", EXACT)
def test_scenarios_without_fixes_match_byte_for_byte(name):
    report = asyncio.run(conformance.replay(conformance.load(SCENARIO_DIR / f"{name}.jsonl")))
    assert report.differ == 0
    assert report.expected_deviations == 0
    assert report.fixes == []


def test_a_tampered_recording_is_reported_as_differing(tmp_path):
    original = (SCENARIO_DIR / "normal_2p_01.jsonl").read_text(encoding="utf-8")
    tampered = original.replace('\\"nameOfWinner\\":\\"Alice\\"', '\\"nameOfWinner\\":\\"Bob\\"')
    assert tampered != original
    path = tmp_path / "tampered.jsonl"
    path.write_text(tampered, encoding="utf-8")
    assert conformance.main([str(path)]) == 1
    report = asyncio.run(conformance.replay(conformance.load(path)))
    assert report.differ == 2  # the won line on both connections


def test_fixes_explain_the_handshake_crash_scenarios():
    report = asyncio.run(
        conformance.replay(conformance.load(SCENARIO_DIR / "handshake_json_array.jsonl"))
    )
    assert report.differ == 0
    assert report.expected_deviations >= 1
    assert {fix.fix for fix in report.fixes} >= {"handshake_fallback"}


def test_fixed_rules_turn_switchable_quirks_into_expected_deviations():
    path = SCENARIO_DIR / "selected_card_out_of_range.jsonl"
    report = asyncio.run(conformance.replay(conformance.load(path), fixed=True))
    assert report.differ == 0
    assert report.expected_deviations > 0
    assert "out_of_range_card" in {fix.fix for fix in report.fixes}


def test_unreadable_file_is_a_clear_error(tmp_path, capsys):
    missing = tmp_path / "missing.jsonl"
    assert conformance.main([str(missing)]) == 1
    assert "cannot read scenario" in capsys.readouterr().err
