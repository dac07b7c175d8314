"""Passwords, session cookies, tokens and the session secret's file."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from botarena.arena.accounts import (
    SESSION_LIFETIME_S,
    AccountError,
    SessionCookies,
    check_password,
    hash_password,
    load_secret,
    new_token,
    token_hash,
)


def test_password_hash_checks_the_right_password_only() -> None:
    stored = hash_password("correct horse")
    assert stored.startswith("scrypt$")
    assert check_password("correct horse", stored)
    assert not check_password("wrong horse!", stored)
    assert not check_password("correct horse", "garbage")
    assert hash_password("correct horse") != stored  # a fresh salt each time


def test_short_and_huge_passwords_are_refused() -> None:
    with pytest.raises(AccountError, match="at least"):
        hash_password("short")
    with pytest.raises(AccountError, match="at most"):
        hash_password("x" * 2000)
    assert not check_password("x" * 2000, hash_password("long enough"))


def test_session_cookies_are_signed_and_expire() -> None:
    cookies = SessionCookies(b"k" * 32)
    cookie = cookies.issue(3, 7, now=1000.0)
    session = cookies.check(cookie, now=1001.0)
    assert session is not None and (session.member, session.team) == (3, 7)
    forged = cookie.replace("3.7.", "3.8.", 1)
    assert cookies.check(forged, now=1001.0) is None
    assert SessionCookies(b"j" * 32).check(cookie, now=1001.0) is None
    assert cookies.check(cookie, now=1000.0 + SESSION_LIFETIME_S + 1) is None
    assert cookies.check("x" * 500, now=0.0) is None
    assert cookies.check("no-dots", now=0.0) is None


def test_tokens_are_random_and_stored_hashed() -> None:
    first, second = new_token(), new_token()
    assert first != second and len(first) >= 30
    assert token_hash(first) != first and len(token_hash(first)) == 64


def test_the_session_secret_is_private_and_kept(tmp_path: Path) -> None:
    secret = load_secret(tmp_path)
    mode = stat.S_IMODE((tmp_path / "session.key").stat().st_mode)
    assert mode == 0o600
    assert load_secret(tmp_path) == secret
