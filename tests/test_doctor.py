"""``botarena doctor`` names the engine core that is active and why."""

from __future__ import annotations

import os
import subprocess
import sys


def doctor(env_extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **env_extra}
    return subprocess.run(
        [sys.executable, "-m", "botarena", "doctor"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def test_doctor_says_the_native_core_is_active_where_it_was_built() -> None:
    # Machines of this project's kind have Rust: `pip install -e .` builds the core.
    result = doctor({})
    assert result.returncode == 0, result.stderr
    assert "engine: native (Rust core" in result.stdout
    assert "python: CPython 3." in result.stdout


def test_doctor_names_the_python_engine_and_the_reason_when_the_core_is_disabled() -> None:
    result = doctor({"BOTARENA_ENGINE": "python"})
    assert result.returncode == 0, result.stderr
    assert "engine: python (disabled by BOTARENA_ENGINE=python)" in result.stdout
