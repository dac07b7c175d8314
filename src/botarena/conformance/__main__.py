"""``python -m botarena.conformance MODE ARGS...``: dispatch to one conformance mode."""

from __future__ import annotations

import importlib
import sys

# mode -> (module in botarena.conformance, one-line description)
MODES: dict[str, tuple[str, str]] = {
    "positions": ("piranhas_positions", "Piranhas 2019 rule positions (.jsonl[.gz])"),
    "obstacles": ("piranhas_obstacles", "Piranhas 2019 obstacle boards (piranhas2019-obstacles/1)"),
    "transcript": ("transcript", "replay an sctranscript/1 capture against our SC server"),
    "maumau": ("maumau", "replay a recorded Mau-Mau scenario against our Mau-Mau server"),
    "hui": ("hui", "Hase und Igel 2018 rule cases (conformance.txt[.gz])"),
    "blokus": ("blokus", "Blokus 2021 rule positions and games (.jsonl[.gz])"),
    "blokus2027": ("blokus2027", "Blokus 2027 positions and games (.jsonl or .jsonl.gz)"),
    "piranhas2026": (
        "piranhas2026",
        "Piranhas 2026 positions/games from socha 4.3.9 (.jsonl[.gz])",
    ),
}


def usage() -> str:
    lines = ["usage: python -m botarena.conformance MODE [ARGS...]", "", "modes:"]
    lines += [f"  {mode:<13} {text}" for mode, (_, text) in MODES.items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in {"-h", "--help"}:
        print(usage())
        return 0 if args else 2
    mode, rest = args[0], args[1:]
    if mode not in MODES:
        print(f"unknown conformance mode {mode!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module_name, _ = MODES[mode]
    try:
        module = importlib.import_module(f"botarena.conformance.{module_name}")
    except ModuleNotFoundError as error:
        if error.name != f"botarena.conformance.{module_name}":
            raise
        print(f"conformance mode {mode!r} is not implemented yet", file=sys.stderr)
        return 2
    result: int = module.main(rest)
    return result


if __name__ == "__main__":
    sys.exit(main())
