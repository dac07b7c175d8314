"""Who may ask the UI anything: its own address only, its own pages only.

A web page on any site can make the browser send requests to the UI on 127.0.0.1 (a form,
``fetch`` with ``Content-Type: text/plain``), or rename its own host to 127.0.0.1 after the
page was loaded (DNS rebinding) and read the answers. The UI therefore answers only

* requests whose ``Host`` names the UI itself (:func:`host_allowed`): an IP address it
  listens on (any IP address when it listens on all of them; a rebinding page's ``Host`` is
  always its own domain name), ``localhost``, or a name the organiser configured;
* requests whose ``Origin``, when the browser sends one, is the page's own (scheme
  ``http``/``https`` and the same host and port as ``Host``): a foreign page's ``fetch``,
  form or WebSocket is refused (:func:`origin_allowed`);

and every ``POST`` takes ``Content-Type: application/json`` (a foreign page cannot send that
without a preflight, which the UI never grants) and a session token (:class:`Sessions`) that
only a page of the UI can read. Beyond loopback a session for admin actions takes the admin
password, sent once (``POST /api/session {"password"}``).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

LOOPBACK_NAMES = ("localhost",)
WILDCARD_HOSTS = ("0.0.0.0", "::", "")


def _split_host(value: str) -> tuple[str, str]:
    """``host[:port]`` (``[v6]:port`` too) as (host in lower case without brackets, port)."""
    value = value.strip().lower()
    if value.startswith("["):
        host, _, rest = value[1:].partition("]")
        return host, rest.removeprefix(":")
    if value.count(":") > 1:  # a bare IPv6 address
        return value, ""
    host, _, port = value.partition(":")
    return host.rstrip("."), port


def _ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def host_allowed(host_header: str | None, bind_host: str, names: Iterable[str] = ()) -> bool:
    """Whether ``host_header`` names the UI listening on ``bind_host``: ``localhost``, a
    configured name, or an IP address it listens on (a loopback one when it listens on
    loopback, any when it listens on all addresses)."""
    if not host_header:
        return False
    host, _ = _split_host(host_header)
    if host in LOOPBACK_NAMES or host in {name.lower() for name in (*names, bind_host)}:
        return True
    address = _ip(host)
    if address is None:
        return False
    if bind_host in WILDCARD_HOSTS:
        return True
    bound = _ip(bind_host) if bind_host not in LOOPBACK_NAMES else _ip("127.0.0.1")
    if bound is None:
        return False
    return address == bound or (bound.is_loopback and address.is_loopback)


def origin_allowed(origin: str | None, host_header: str | None) -> bool:
    """Whether ``origin`` (absent: not a browser's cross-page request) is the UI's own page:
    ``http(s)://`` and the same host and port as the request's ``Host``."""
    if origin is None:
        return True
    if not host_header:
        return False
    parts = urlsplit(origin.strip().lower())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    return _split_host(parts.netloc) == _split_host(host_header)


@dataclass(frozen=True, slots=True)
class Session:
    """A page's session: ``client`` names it for the per-client budgets."""

    client: str
    admin: bool


class Sessions:
    """Session tokens ``kind.id.mac`` signed with a secret of this server run (nothing is
    stored: a token stays valid until the server stops; ``kind`` is ``admin`` or ``view``)."""

    def __init__(self, secret: bytes | None = None) -> None:
        self._secret = secret or secrets.token_bytes(32)

    def _mac(self, kind: str, client: str) -> str:
        message = f"{kind}.{client}".encode()
        return hmac.new(self._secret, message, hashlib.sha256).hexdigest()[:32]

    def issue(self, *, admin: bool) -> str:
        kind = "admin" if admin else "view"
        client = secrets.token_urlsafe(12)
        return f"{kind}.{client}.{self._mac(kind, client)}"

    def check(self, token: str | None) -> Session | None:
        """The session of ``token``; None for a missing, malformed or forged one."""
        if not token or len(token) > 128:
            return None
        kind, _, rest = token.partition(".")
        client, _, mac = rest.partition(".")
        if kind not in ("admin", "view") or not client:
            return None
        if not hmac.compare_digest(mac.encode(), self._mac(kind, client).encode()):
            return None
        return Session(client, kind == "admin")
