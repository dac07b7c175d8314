"""README's "Your first bot" walk-through, pasted into bash on a fresh checkout: the shell
blocks between ``<!-- walkthrough -->`` and ``<!-- /walkthrough -->`` run unchanged in an
empty folder whose ``.venv`` is the virtual environment running the tests (the README's
install command before them is what made that environment), and print what the README says
they print."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
START, END = "<!-- walkthrough -->", "<!-- /walkthrough -->"
RUN_TIMEOUT_S = 300
"""Upper bound for the walk-through's commands (one game); a hang fails the test."""


def walkthrough_blocks(text: str) -> list[str]:
    """The shell blocks of the marked walk-through, in order."""
    marked = re.findall(re.escape(START) + r"(.*?)" + re.escape(END), text, re.DOTALL)
    assert marked, f"README.md has no {START} ... {END} section"
    blocks = [block for part in marked for block in re.findall(r"```sh\n(.*?)```", part, re.DOTALL)]
    assert blocks, "the walk-through has no ```sh block"
    return blocks


def heredoc(script: str, filename: str) -> str:
    """The text a ``cat > FILE <<'EOF'`` in ``script`` writes."""
    match = re.search(rf"cat > {re.escape(filename)} <<'EOF'\n(.*?)\nEOF\n", script, re.DOTALL)
    assert match is not None, f"no heredoc writes {filename}"
    return match.group(1) + "\n"


def readme_bot(folder: Path) -> Path:
    """The walk-through's ``my_bot.py``, written unchanged into ``folder``."""
    script = folder / "my_bot.py"
    script.write_text(heredoc("\n".join(walkthrough_blocks(README.read_text())), "my_bot.py"))
    return script


def test_the_install_command_comes_first_and_names_the_venv():
    text = README.read_text()
    section = text.split("### Your first bot", 1)[1].split(START, 1)[0]
    assert "python3 -m venv .venv && .venv/bin/pip install -e ." in section
    for block in walkthrough_blocks(text):
        for line in block.splitlines():
            assert not re.search(r"(^|\s|\")(python3?|botarena) ", line), line  # .venv/bin/...


def test_the_walkthrough_runs_unchanged_and_prints_the_waiting_line_and_the_winner(tmp_path):
    (tmp_path / ".venv").symlink_to(sys.prefix, target_is_directory=True)
    script = tmp_path / "walkthrough.sh"
    script.write_text("\n".join(walkthrough_blocks(README.read_text())))
    done = subprocess.run(
        ["bash", "-e", str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    shown = lines.index("--- my_bot.py's output ---")
    waiting, over = lines[shown + 1], lines[shown + 2]
    assert re.fullmatch(
        r"my_bot\.py: joined a swc_2026_piranhas room on 127\.0\.0\.1:\d+ \(room [-0-9a-f]+\), "
        r"waiting for an opponent",
        waiting,
    ), waiting
    result = next(line for line in lines if line.startswith("result after "))
    winner = re.fullmatch(r"result after \d+ moves: (my_bot\.py|random) \(seat \d\) wins", result)
    if winner is None:  # a draw is possible in Piranhas
        assert result.endswith(": draw"), result
        assert over.startswith("my_bot.py: game over: draw"), over
    elif winner.group(1) == "my_bot.py":
        assert over.startswith("my_bot.py: game over: my_bot.py wins ("), over
    else:
        assert over.startswith("my_bot.py: game over: opponent (TWO) wins ("), over
    assert "; scores my_bot.py " in over
    assert (tmp_path / "my_bot.py").read_text() == heredoc(script.read_text(), "my_bot.py")
