"""Run inside the T1 sandbox (standard library only): listens on the game server's address
in the sandbox's own network namespace, forwards each connection to the relay's unix socket
bound into the sandbox, starts the bot and exits with its exit code.

Usage: python forwarder.py HOST PORT SOCKET -- BOT_ARGV...
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading

CHUNK_BYTES = 65536


def pump(source: socket.socket, sink: socket.socket) -> None:
    try:
        while data := source.recv(CHUNK_BYTES):
            sink.sendall(data)
    except OSError:
        pass
    finally:
        for end in (sink, source):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)


def serve(listener: socket.socket, relay: str) -> None:
    while True:
        client, _ = listener.accept()
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # no Nagle delay per hop
        upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            upstream.connect(relay)
        except OSError:
            client.close()
            continue
        for source, sink in ((client, upstream), (upstream, client)):
            threading.Thread(target=pump, args=(source, sink), daemon=True).start()


def main() -> int:
    host, port, relay, separator, *argv = sys.argv[1:]
    if separator != "--" or not argv:
        print("usage: forwarder.py HOST PORT SOCKET -- BOT_ARGV...", file=sys.stderr)
        return 2
    listener = socket.create_server((host, int(port)))
    threading.Thread(target=serve, args=(listener, relay), daemon=True).start()
    code = subprocess.call(argv)
    return code if code >= 0 else 128 - code


if __name__ == "__main__":
    sys.exit(main())
