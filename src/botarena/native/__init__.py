"""The optional native engine core (``botarena._native``, Rust under PyO3).

``pip install`` builds it where a Rust toolchain is present (setuptools-rust, optional
extension); elsewhere the package runs on the pure-Python engines. This module is the one door
to it: :data:`AVAILABLE` says whether it loaded and :data:`REASON` why not.
Set ``BOTARENA_ENGINE=python`` to ignore a built core (the players then use Python engines).
"""

from __future__ import annotations

import os
from types import ModuleType

ENGINE_ENV = "BOTARENA_ENGINE"
"""Environment variable: ``python`` ignores the native core even where it is built."""


def _load() -> tuple[ModuleType | None, str]:
    if os.environ.get(ENGINE_ENV, "").lower() == "python":
        return None, f"disabled by {ENGINE_ENV}=python"
    try:
        from botarena import _native  # type: ignore[attr-defined]  # noqa: PLC0415
    except ImportError as error:
        return None, (
            f"not built ({error}); reinstall with a Rust toolchain (cargo) on PATH: "
            "pip install -e ."
        )
    module: ModuleType = _native
    return module, f"native {module.version()}"


core, REASON = _load()
AVAILABLE = core is not None


def engine_line() -> str:
    """One line for ``botarena doctor``: which engine the built-in players use, and why."""
    if AVAILABLE:
        return f"engine: native (Rust core {REASON.removeprefix('native ')})"
    return f"engine: python ({REASON})"
