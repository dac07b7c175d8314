"""Who may do what in the arena: the organiser and teams (a join key lets members join),
members with passwords (``hashlib.scrypt``), signed session cookies for the pages, and API
tokens for the CLI and the workers (random, stored only as their SHA-256).

The session secret lives in the data folder (``session.key``, mode 0600), so a restart keeps
members logged in and nothing else can forge a session.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

SCRYPT_N = 2**14
"""scrypt's CPU/memory cost (16 MiB per hash with ``SCRYPT_R`` 8)."""
SCRYPT_R = 8
SCRYPT_P = 1
SCRYPT_DKLEN = 32
SALT_BYTES = 16
TOKEN_BYTES = 24
"""Random bytes of an API token and of a join key."""
SESSION_SECRET_BYTES = 32
SESSION_SECRET_NAME = "session.key"
SESSION_LIFETIME_S = 14 * 24 * 3600.0
"""A member's session cookie is valid this long after login."""
MAX_PASSWORD_BYTES = 1024
"""Longer passwords are refused before hashing (scrypt's cost grows with the input)."""
MIN_PASSWORD_CHARS = 8
MAX_TOKEN_CHARS = 128
"""Longer tokens and cookies are refused before any work."""


class AccountError(ValueError):
    """A password or name the arena refuses (the text says why)."""


def hash_password(password: str) -> str:
    """``scrypt$N$r$p$salt$hash`` (hex) of ``password``, with a fresh random salt."""
    data = password.encode()
    if len(password) < MIN_PASSWORD_CHARS:
        raise AccountError(f"a password needs at least {MIN_PASSWORD_CHARS} characters")
    if len(data) > MAX_PASSWORD_BYTES:
        raise AccountError(f"a password may have at most {MAX_PASSWORD_BYTES} bytes")
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(data, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def _scrypt(data: bytes, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(data, salt=salt, n=n, r=r, p=p, maxmem=0, dklen=SCRYPT_DKLEN)


def check_password(password: str, stored: str) -> bool:
    data = password.encode()
    if len(data) > MAX_PASSWORD_BYTES:
        return False
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt" or (int(n), int(r), int(p)) != (SCRYPT_N, SCRYPT_R, SCRYPT_P):
            return False
        actual = _scrypt(data, bytes.fromhex(salt), int(n), int(r), int(p))
    except ValueError:
        return False
    return hmac.compare_digest(actual.hex(), digest)


def new_token() -> str:
    """A random API token or join key (URL-safe text)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the database keeps of a token or join key: its SHA-256 (a stolen database
    gives no usable token)."""
    return hashlib.sha256(token.encode()).hexdigest()


def load_secret(folder: Path) -> bytes:
    """The data folder's session secret, created (mode 0600) on first use."""
    path = folder / SESSION_SECRET_NAME
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    secret = secrets.token_bytes(SESSION_SECRET_BYTES)
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(handle, "wb") as file:
        file.write(secret)
    return secret


@dataclass(frozen=True, slots=True)
class MemberSession:
    member: int
    team: int


class SessionCookies:
    """Cookies ``member.team.expiry.mac`` signed with the data folder's secret."""

    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    def _mac(self, body: str) -> str:
        return hmac.new(self._secret, body.encode(), hashlib.sha256).hexdigest()

    def issue(self, member: int, team: int, now: float) -> str:
        body = f"{member}.{team}.{int(now + SESSION_LIFETIME_S)}"
        return f"{body}.{self._mac(body)}"

    def check(self, cookie: str | None, now: float) -> MemberSession | None:
        """The session of ``cookie``; None when missing, malformed, forged or expired."""
        if not cookie or len(cookie) > MAX_TOKEN_CHARS:
            return None
        body, _, mac = cookie.rpartition(".")
        if not hmac.compare_digest(mac.encode(), self._mac(body).encode()):
            return None
        member, team, expiry = body.split(".")
        if int(expiry) < now:
            return None
        return MemberSession(int(member), int(team))
