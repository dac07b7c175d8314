"""``botarena view`` beside a running ``botarena serve`` (issue 21): a free port instead of a
clash, the address of what it opened, and a file list that names runs, tournaments, players
and results. A real ``botarena view`` process on real sockets; no browser."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from click.testing import CliRunner

from botarena.cli import VIEW_PORT_ENV, cli
from botarena.web.folders import LEADERS_SHOWN, describe_folder, view_address
from botarena.web.replays import FileRoots
from tests.conftest import FIXTURES

REPLAY = FIXTURES / "server-protocol-19.2.1" / "R_replay_file.xml"


def run_folder(parent: Path) -> Path:
    """A run folder as ``botarena test`` leaves it (the fields the list reads)."""
    folder = parent / "my-run"
    folder.mkdir()
    summary = {
        "version": 1,
        "settings": {
            "game": "piranhas-2026",
            "games": 10,
            "bots": [{"label": "my_bot.py", "spec": "python3 my_bot.py"}, {"label": "greedy"}],
        },
        "statistics": {
            "perspective": "my_bot.py",
            "games": 4,
            "wins": 3,
            "draws": 0,
            "losses": 1,
            "irregular_games": 1,
        },
        "games": [],
    }
    (folder / "summary.json").write_text(json.dumps(summary))
    (folder / "games.jsonl").write_text("")
    return folder


def tournament_folder(parent: Path) -> Path:
    """A tournament folder as ``botarena tournament`` leaves it (settings and standings)."""
    folder = parent / "finals"
    folder.mkdir()
    labels = ["alpha", "beta", "gamma", "delta"]
    settings = {
        "version": 1,
        "game": "maumau-2017",
        "format": {"format": "roundrobin"},
        "entrants": [{"label": label} for label in labels],
        "seed": 1,
    }
    rows = [{"rank": i + 1, "bot": label, "points": 6 - 2 * i} for i, label in enumerate(labels)]
    standings = {"complete": True, "games_played": 12, "games_scheduled": 12, "standings": rows}
    (folder / "settings.json").write_text(json.dumps(settings))
    (folder / "standings.json").write_text(json.dumps(standings))
    (folder / "games.jsonl").write_text("")
    return folder


def test_a_run_and_a_tournament_are_described_by_their_players_and_results(tmp_path):
    run = describe_folder(run_folder(tmp_path))
    assert run == {
        "title": "run my-run: piranhas-2026",
        "players": ["my_bot.py", "greedy"],
        "result": "my_bot.py: W 3 D 0 L 1, 4/10 games, 1 irregular",
    }
    tournament = describe_folder(tournament_folder(tmp_path))
    assert tournament["title"] == "tournament finals: maumau-2017 roundrobin"
    assert tournament["players"] == ["alpha", "beta", "gamma", "delta"]
    leaders = "1. alpha (6 points), 2. beta (4 points), 3. gamma (2 points)"
    assert tournament["result"] == f"{leaders}; 12/12 games, complete"
    assert "delta" not in tournament["result"]  # LEADERS_SHOWN places only
    assert LEADERS_SHOWN == 3
    assert describe_folder(tmp_path) == {}  # neither a run nor a tournament


def test_a_single_replay_file_is_listed_by_its_name():
    (entry,) = FileRoots.of([REPLAY]).listing()
    assert entry == {"root": 0, "path": "R_replay_file.xml", "kind": "replay"}
    assert FileRoots.of([REPLAY]).resolve(0, "R_replay_file.xml") == REPLAY.resolve()


def test_the_address_is_the_replay_or_the_report(tmp_path):
    base = "http://127.0.0.1:5/"
    assert view_address(base, 0, REPLAY) == f"{base}#/replay?root=0&path=R_replay_file.xml"
    run = run_folder(tmp_path)
    assert view_address(base, 1, run) == f"{base}#/report?root=1&path=summary.json"
    finals = tournament_folder(tmp_path)
    assert view_address(base, 2, finals) == f"{base}#/report?root=2&path=games.jsonl"
    assert view_address(base, 3, tmp_path) == f"{base}#/files"  # several runs: the list


def test_view_takes_a_free_port_when_the_default_is_taken(tmp_path):
    run = run_folder(tmp_path)
    finals = tournament_folder(tmp_path)
    with socket.socket() as taken:  # as a running `botarena serve` holds its web port
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        process = subprocess.Popen(
            [sys.executable, "-m", "botarena", "view", str(REPLAY), str(run), str(finals)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, VIEW_PORT_ENV: str(busy), "PYTHONUNBUFFERED": "1"},
        )
        try:
            assert process.stdout is not None
            said = [process.stdout.readline().strip() for _ in range(4)]
            assert said[0].startswith(f"botarena view: port {busy} is taken"), said
            port = int(said[0].rsplit(" ", 1)[1])
            assert port != busy
            base = f"http://127.0.0.1:{port}/"
            assert said[1:] == [
                f"botarena view: open {base}#/replay?root=0&path=R_replay_file.xml",
                f"botarena view: open {base}#/report?root=1&path=summary.json",
                f"botarena view: open {base}#/report?root=2&path=games.jsonl",
            ]
            with urllib.request.urlopen(f"{base}api/files", timeout=30) as response:
                files = json.load(response)["files"]
            with urllib.request.urlopen(f"{base}api/replay?root=0&path=R_replay_file.xml") as r:
                assert json.load(r)["game"] == "piranhas-2019"
        finally:
            process.send_signal(signal.SIGTERM)
            process.communicate(timeout=30)
    by_root = {entry["root"]: entry for entry in files}
    assert by_root[0]["path"] == "R_replay_file.xml"
    assert by_root[1]["title"] == "run my-run: piranhas-2026"
    assert by_root[1]["players"] == ["my_bot.py", "greedy"]
    assert by_root[2]["title"] == "tournament finals: maumau-2017 roundrobin"
    assert process.returncode == 0


def test_a_taken_port_given_with_port_names_views_own_option():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["view", "--port", str(busy), str(REPLAY)])
    assert result.exit_code == 1
    assert f"web UI cannot listen on 127.0.0.1:{busy}" in result.output
    assert "choose another port with --port, or leave --port out" in result.output
    assert "--web-port" not in result.output and "--no-web" not in result.output


def test_a_run_folder_is_listed_once_by_its_summary(tmp_path):
    run = run_folder(tmp_path)
    finals = tournament_folder(tmp_path)
    listing = FileRoots.of([tmp_path]).listing()
    assert [(entry["path"], entry["kind"]) for entry in listing] == [
        (f"{finals.name}/games.jsonl", "report"),
        (f"{run.name}/summary.json", "report"),
    ]
