"""Issue 23 finding 3: the admin password of ``botarena serve`` is drawn at each start,
printed and written for this machine's tools; ``botarena test --server`` finds it; the bots
it starts never see it, and one that tries the README's ``examplepassword`` is refused."""

from __future__ import annotations

import json
import re
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from botarena.cli import cli
from botarena.runner.run import admin_password_for
from botarena.server.admin_password import (
    EXAMPLE_PASSWORD,
    PASSWORD_ENV,
    password_file,
    read_password_file,
)

LISTENING = re.compile(r"Software-Challenge server on 127\.0\.0\.1:(\d+)")
ANNOUNCED = re.compile(r"admin password \(new at each start\): (\S+) \(written to (.+)\)")
INTRUDER = Path(__file__).parent / "bots" / "intruder_bot.py"
GAME = "swc_2019_piranhas"


@pytest.fixture
def serve(tmp_path) -> Iterator[tuple[int, str]]:
    """``botarena serve`` without server.properties (a subprocess); yields port, password."""
    command = [sys.executable, "-m", "botarena", "serve", "--port", "0", "--no-maumau", "--no-web"]
    process = subprocess.Popen(
        command, cwd=tmp_path, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert process.stderr is not None and process.stdout is not None
    port = None
    for line in process.stderr:  # blocks until the server has logged its address
        found = LISTENING.search(line)
        if found:
            port = int(found.group(1))
            break
    try:
        assert port is not None, "botarena serve did not start"
        announced = ANNOUNCED.search(process.stdout.readline())
        assert announced, "no password printed"
        password, written_to = announced.groups()
        assert Path(written_to) == password_file(port)
        yield port, password
    finally:
        process.terminate()
        process.wait(30)
    assert read_password_file(port) is None  # removed when the server stopped


def test_serve_draws_a_password_and_test_server_finds_it_while_an_intruder_bot_cannot(
    serve, tmp_path
):
    port, password = serve
    assert password != EXAMPLE_PASSWORD and len(password) >= 16
    assert read_password_file(port) == password
    assert stat.S_IMODE(password_file(port).stat().st_mode) == 0o600  # this user only
    report = tmp_path / "intruder.jsonl"
    intruder = f"{sys.executable} {INTRUDER} {report} {GAME}"
    out = tmp_path / "run"
    command = ["test", "--game", GAME, "-n", "2", "--seed", "3", "--out", str(out)]
    # No --password: the runner reads the file the server wrote. The environment variable
    # holds it too, to show that the bots do not inherit it.
    result = CliRunner(env={PASSWORD_ENV: password}).invoke(
        cli, [*command, "--server", f"127.0.0.1:{port}", intruder, "random"]
    )
    assert result.exit_code == 0, result.output
    seen = [json.loads(line) for line in report.read_text().splitlines()]
    assert len(seen) == 2  # one intruder per game
    for visit in seen:
        assert not visit["admin"], visit["answer"]  # examplepassword is not the password
        assert "AuthenticationFailed" in visit["answer"] or not visit["answer"]
        assert visit["environment"] == {}
        assert password not in " ".join(visit["argv"])
    games = json.loads((out / "summary.json").read_text())["games"]
    assert [g["regular"] for g in games] == [True, True]  # played out, none cancelled


def test_serve_refuses_the_sample_password_beyond_loopback(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "server.properties").write_text(f"password={EXAMPLE_PASSWORD}\n")
    options = ["--port", "0", "--no-maumau", "--no-web"]
    result = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", *options])
    assert result.exit_code != 0
    assert "refusing to listen on 0.0.0.0 with the well-known admin password" in result.output


def test_test_server_without_a_password_says_where_it_looked(tmp_path):
    assert admin_password_for("127.0.0.1", 1, "given") == "given"
    with pytest.raises(ValueError, match=re.escape(str(password_file(1)))):
        admin_password_for("127.0.0.1", 1, None)
    with pytest.raises(ValueError, match=r"10\.0\.0\.9 is not this machine"):
        admin_password_for("10.0.0.9", 13050, None)
