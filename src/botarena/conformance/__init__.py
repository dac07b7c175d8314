"""Conformance commands: check our engines and servers against data from the official code.

Run ``python -m botarena.conformance MODE ...``; each mode lives in its own module that
defines ``main(argv: list[str]) -> int``.
"""
