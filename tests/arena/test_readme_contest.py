"""README's "Run a class contest", pasted into bash unchanged (only the port is a free one):
init, serve, two teams, two uploads validated and accepted, the leaderboard as JSON."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"
START, END = "<!-- contest -->", "<!-- /contest -->"


def contest_script() -> str:
    marked = README.read_text().split(START, 1)[1].split(END, 1)[0]
    match = re.search(r"```sh\n(.*?)```", marked, re.DOTALL)
    assert match is not None
    return match.group(1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_contest_section_runs_when_pasted(tmp_path: Path) -> None:
    (tmp_path / ".venv").symlink_to(sys.prefix, target_is_directory=True)
    script = contest_script()
    assert "13090" in script
    (tmp_path / "contest.sh").write_text(script.replace("13090", str(free_port())))
    process = subprocess.Popen(
        ["bash", "-e", "contest.sh"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=180)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 0, out + err
    assert out.count("join key: ") == 2 and out.count("status: validating") == 2
    rows = json.loads(out[out.rindex("[\n") :])
    assert {row["team"] for row in rows} == {"red", "blue"}
    assert all(row["submission"] and row["sigma"] > 0 for row in rows)
