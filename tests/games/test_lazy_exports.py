"""Season packages load their public names on first use, and load the right ones."""

from __future__ import annotations

import ast
import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from botarena.games import registry


def typing_imports(package: str) -> dict[str, str]:
    """Each name the package's ``__init__`` imports for the type checker, and from where."""
    module = importlib.import_module(package)
    assert module.__file__ is not None
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    table: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module not in ("typing", None):
            for alias in node.names:
                table[alias.asname or alias.name] = node.module
    return table


@pytest.mark.parametrize("spec", registry.GAMES, ids=lambda spec: spec.id)
def test_every_public_name_is_the_one_the_package_imports(spec):
    package = importlib.import_module(spec.package)
    sources = typing_imports(spec.package)
    assert package.__all__
    for name in package.__all__:
        wanted = getattr(importlib.import_module(sources[name]), name)
        assert getattr(package, name) is wanted, name


def test_an_unknown_name_is_an_attribute_error_naming_the_package():
    package = importlib.import_module("botarena.games.piranhas_2026")
    message = re.escape("'botarena.games.piranhas_2026' has no attribute 'NoSuchName'")
    with pytest.raises(AttributeError, match=message):
        package.NoSuchName  # noqa: B018 - the access is the test


def test_reading_the_registry_imports_no_season_rules():
    code = (
        "import json, sys, botarena.games.registry as r\n"
        "r.resolve('piranhas'), r.choices()\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('botarena.games.'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(done.stdout)
    assert "botarena.games.piranhas_2026.season" in loaded
    assert not [name for name in loaded if name.endswith((".rules", ".game", ".players"))]
