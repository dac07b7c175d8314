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

# mode -> module in botarena.conformance that checks the mode's fixtures on the native core
# (``--engine native``); a season adds its line here.
NATIVE_MODES: dict[str, str] = {
    "positions": "piranhas_positions_native",
    "piranhas2026": "piranhas2026_native",
    "blokus": "blokus_native:main_2021",
    "blokus2027": "blokus_native:main_2027",
}
ENGINES = ("python", "native")
"""``--engine``: which engine a mode checks (default python, the rules' authority)."""


def usage() -> str:
    lines = [
        "usage: python -m botarena.conformance [--engine python|native] MODE [ARGS...]",
        "",
        "modes:",
    ]
    lines += [
        f"  {mode:<13}{'*' if mode in NATIVE_MODES else ' '} {text}"
        for mode, (_, text) in MODES.items()
    ]
    lines += ["", "* also checks the native engine core with --engine native"]
    return "\n".join(lines)


def _split_engine(args: list[str]) -> tuple[str, list[str]] | str:
    """``(engine, remaining args)`` from a leading ``--engine E``/``--engine=E``, or the
    error text for a bad one."""
    if not args or not args[0].startswith("--engine"):
        return "python", args
    if args[0] == "--engine":
        if len(args) < 2:
            return "--engine needs a value: python or native"
        engine, rest = args[1], args[2:]
    else:
        engine, rest = args[0].removeprefix("--engine="), args[1:]
    if engine not in ENGINES:
        return f"unknown engine {engine!r}; choose python or native"
    return engine, rest


def main(argv: list[str] | None = None) -> int:
    split = _split_engine(sys.argv[1:] if argv is None else argv)
    if isinstance(split, str):
        print(split, file=sys.stderr)
        return 2
    engine, args = split
    if not args or args[0] in {"-h", "--help"}:
        print(usage())
        return 0 if args else 2
    mode, rest = args[0], args[1:]
    if mode not in MODES:
        print(f"unknown conformance mode {mode!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module_name, _ = MODES[mode]
    if engine == "native":
        if mode not in NATIVE_MODES:
            print(
                f"conformance mode {mode!r} has no native engine core; "
                "run it without --engine native",
                file=sys.stderr,
            )
            return 2
        from botarena.native import AVAILABLE, REASON  # noqa: PLC0415

        if not AVAILABLE:
            print(
                f"--engine native: the native engine core is not available: {REASON}",
                file=sys.stderr,
            )
            return 2
        module_name = NATIVE_MODES[mode]
    module_name, _, function = module_name.partition(":")
    try:
        module = importlib.import_module(f"botarena.conformance.{module_name}")
    except ModuleNotFoundError as error:
        if error.name != f"botarena.conformance.{module_name}":
            raise
        print(f"conformance mode {mode!r} is not implemented yet", file=sys.stderr)
        return 2
    result: int = getattr(module, function or "main")(rest)
    return result


if __name__ == "__main__":
    sys.exit(main())
