"""The public names of a season package, imported when first asked for (PEP 562).

A season package's ``__init__`` re-exports its rules, moves and constants; the registry
imports every package's ``season.py`` (and so every package) to learn the seasons' names.
With the re-exports loaded on first use, reading the registry imports no season's rules:
a bot process that plays one season loads only that one. The package keeps its imports
under ``TYPE_CHECKING`` for the type checker and sets
``__getattr__ = lazy_exports(__name__, __all__, modules)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence


def lazy_exports(
    package: str, names: Sequence[str], modules: Sequence[str]
) -> Callable[[str], object]:
    """A module ``__getattr__`` that finds each of ``names`` in the first of ``modules``
    defining it (importing them in order on first use) and raises ``AttributeError`` for
    any other name (so that ``from package import submodule`` still imports it)."""
    exported = frozenset(names)

    def __getattr__(name: str) -> object:  # noqa: N807 - the PEP 562 hook
        if name in exported:
            for module_name in modules:
                module = importlib.import_module(module_name)
                if hasattr(module, name):
                    return getattr(module, name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
