"""``python -m botarena.conformance hui``: the official Hase und Igel 2018 single-move cases."""

from __future__ import annotations

import subprocess
import sys

from botarena.conformance import hui
from tests.conftest import fixture_file

CASE = (
    "SCC1CHCH2HLIHCCIC21IC2LCI2CCCHIH1CCH2IHCC2LIHCC1C2IC2CCHILHCHCC1G|12|30,31,5,EHF,A:7:0|"
    "64,52,1,THF,-|A:1:0|FAIL:Es muss eine Karte ausgespielt werden.|BLUE|12|"
    "31,30,5,EHF,A:1:0|64,52,1,THF,-"
)


def test_official_corpus_has_no_mismatch(fixtures_dir, capsys):
    path = fixture_file(fixtures_dir / "hase-und-igel-2018", "conformance.txt")
    assert hui.main([str(path)]) == 0
    last_line = capsys.readouterr().out.strip().splitlines()[-1]
    assert last_line.startswith("hui: ")
    cases = int(last_line.split()[1])
    assert cases > 4000
    assert last_line == f"hui: {cases} cases, 0 mismatches"


def test_command_line_entry_point(fixtures_dir):
    path = fixture_file(fixtures_dir / "hase-und-igel-2018", "conformance.txt")
    completed = subprocess.run(
        [sys.executable, "-m", "botarena.conformance", "hui", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert completed.stdout.strip().endswith("0 mismatches")


def test_a_wrong_expectation_is_reported(tmp_path, capsys):
    wrong = CASE.replace("31,30,5,EHF,A:1:0", "31,29,5,EHF,A:1:0")
    path = tmp_path / "cases.txt"
    path.write_text(f"# header\n{CASE}\n{wrong}\n", encoding="utf-8")
    assert hui.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:3: RED: expected '31,29,5,EHF,A:1:0', got '31,30,5,EHF,A:1:0'" in out
    assert out.strip().endswith("hui: 2 cases, 1 mismatches")


def test_malformed_lines_are_mismatches_not_crashes(tmp_path, capsys):
    path = tmp_path / "cases.txt"
    bad_board = CASE.replace("SCC1", "SXC1", 1)
    bad_move = CASE.replace("|A:1:0|FAIL", "|A:x:0|FAIL")
    path.write_text(f"{CASE}\nonly|three|fields\n{bad_board}\n{bad_move}\n", encoding="utf-8")
    assert hui.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert ":2: expected 10 '|'-separated fields" in out
    assert ":3: malformed case: unknown board letter 'X'" in out
    assert ":4: malformed case: distance must be an integer, got 'x'" in out
    assert "hui: 4 cases, 3 mismatches" in out


def test_missing_file_and_bad_usage(tmp_path, capsys):
    assert hui.main([str(tmp_path / "nope.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert hui.main([]) == 2
    assert "usage" in capsys.readouterr().err


def test_many_mismatches_are_capped_in_the_report(tmp_path, capsys):
    wrong = CASE.replace("|12|31,30", "|13|31,30")
    count = hui.MAX_REPORTED_MISMATCHES + 5
    path = tmp_path / "cases.txt"
    path.write_text((wrong + "\n") * count, encoding="utf-8")
    assert hui.main([str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert sum("turn: expected '13', got '12'" in line for line in out) == (
        hui.MAX_REPORTED_MISMATCHES
    )
    assert out[-2] == "... and 5 more mismatches"
    assert out[-1] == f"hui: {count} cases, {count} mismatches"
