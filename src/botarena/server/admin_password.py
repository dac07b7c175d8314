"""The admin password of ``botarena serve``: generated at each start unless one is set.

Without a configured password (no ``server.properties``), ``botarena serve`` draws a random
password at each start, prints it, and writes it to a file only this user can read
(:func:`password_file`, one per SC port), where ``botarena test --server`` and the web UI
on this machine find it. The well-known ``examplepassword`` works only when a properties
file sets it, and a server listening beyond loopback refuses to start with it.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import secrets
from pathlib import Path

EXAMPLE_PASSWORD = "examplepassword"
"""The official server's sample password (its shipped server.properties): public knowledge."""
GENERATED_PASSWORD_BYTES = 16
"""Random bytes of a generated password (128 bits, URL-safe base64 text)."""
STATE_DIR_ENV = "BOTARENA_STATE_DIR"
"""Folder of the password files; default ``$XDG_STATE_HOME/botarena`` or
``~/.local/state/botarena``."""
PASSWORD_ENV = "BOTARENA_ADMIN_PASSWORD"
"""An admin password ``botarena test --server`` reads (never passed on to the bots)."""
SECRET_ENV_NAMES = (PASSWORD_ENV,)
"""Environment variables the runner removes from the bots' environment."""


class PasswordError(ValueError):
    """An admin password setting that must not be used; the message says why."""


def generate_password() -> str:
    return secrets.token_urlsafe(GENERATED_PASSWORD_BYTES)


def state_dir() -> Path:
    given = os.environ.get(STATE_DIR_ENV)
    if given:
        return Path(given)
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "botarena"


def password_file(port: int) -> Path:
    """Where the generated password of the server on SC ``port`` of this machine is kept."""
    return state_dir() / f"admin-password-{port}"


def write_password_file(port: int, password: str) -> Path:
    """Write ``password`` for ``port`` (mode 0600, replaced atomically); returns the file."""
    path = password_file(port)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(password + "\n")
    os.replace(temporary, path)
    return path


def read_password_file(port: int) -> str | None:
    """The password a server on this machine wrote for ``port``, or ``None``."""
    try:
        text = password_file(port).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return text or None


def remove_password_file(port: int, password: str) -> None:
    """Remove the file of ``port`` if it still holds ``password`` (not a newer server's)."""
    if read_password_file(port) == password:
        with contextlib.suppress(OSError):
            password_file(port).unlink()


def announce(port: int, password: str) -> None:
    """Print a generated admin password and write it where this machine's tools find it
    (``botarena test --server`` reads it with :func:`read_password_file`)."""
    try:
        path = write_password_file(port, password)
    except OSError as error:
        where = f"not written: {error.strerror}"
    else:
        where = f"written to {path}"
    print(f"admin password (new at each start): {password} ({where})", flush=True)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_bind(host: str, password: str | None) -> None:
    """Refuse the well-known sample password on a server reachable beyond loopback."""
    if password == EXAMPLE_PASSWORD and not is_loopback(host):
        raise PasswordError(
            f"refusing to listen on {host} with the well-known admin password "
            f"{EXAMPLE_PASSWORD!r}: anyone who can reach the port could administer the "
            "server. Set another password in server.properties (without a properties file a "
            "password is generated at each start)."
        )
