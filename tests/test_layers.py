"""Imports run downward (docs/architecture.md): a package never imports one above it.

Read from the source with ``ast``, so an import inside a function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import botarena

SOURCE = Path(botarena.__file__).parent

ARENA = "botarena.arena"
"""The contest site sits on top: it uses the runner, the league and the web's guard."""

ABOVE = {
    "server": ("botarena.web", "botarena.runner", "botarena.league", "botarena.serve", ARENA),
    "runner": ("botarena.league", "botarena.web", "botarena.serve", ARENA),
    "games": ("botarena.server", "botarena.runner", "botarena.league", "botarena.web", ARENA),
    "protocol": ("botarena.server", "botarena.games", "botarena.runner", "botarena.web", ARENA),
    "confine": ("botarena.server", "botarena.runner", "botarena.league", "botarena.web", ARENA),
    "league": ("botarena.web", ARENA),
    "web": (ARENA,),
}
"""For each package, the packages above it that it must not import."""


def imported_modules(path: Path) -> set[str]:
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.add(node.module)
    return modules


@pytest.mark.parametrize("package", sorted(ABOVE))
def test_a_package_imports_nothing_above_it(package: str) -> None:
    upward = []
    for path in sorted((SOURCE / package).rglob("*.py")):
        for module in sorted(imported_modules(path)):
            if any(module == above or module.startswith(f"{above}.") for above in ABOVE[package]):
                upward.append(f"{path.relative_to(SOURCE)} imports {module}")
    assert upward == []


def test_the_servers_know_no_game_by_name() -> None:
    """The servers get their games through the registry (``botarena.games.registry``)."""
    by_name = []
    for path in sorted((SOURCE / "server").rglob("*.py")):
        for module in sorted(imported_modules(path)):
            if module.startswith("botarena.games.") and module != "botarena.games.registry":
                by_name.append(f"{path.relative_to(SOURCE)} imports {module}")
    assert by_name == []


def test_the_import_reader_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text("def f():\n    from botarena.league.executors import ClusterGames\n")
    assert imported_modules(source) == {"botarena.league.executors"}
