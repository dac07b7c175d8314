"""A bot that tries to administer the server it plays on (issue 23 finding 3), then plays.

``intruder_bot.py REPORT GAME --host H --port P --reservation R``: it records in REPORT (JSON)
what it could see of the admin password (environment, command line) and whether the README's
``examplepassword`` made it an administrator (``testMode`` is answered only to one), then
plays the game as the built-in random bot with the same arguments.
"""

from __future__ import annotations

import json
import os
import socket
import sys

report, game, *arguments = sys.argv[1:]
host = arguments[arguments.index("--host") + 1]
port = int(arguments[arguments.index("--port") + 1])
answer = b""
with socket.create_connection((host, port), timeout=10) as connection:
    connection.sendall(
        b'<protocol><authenticate passphrase="examplepassword" password="examplepassword"/>'
        b'<testMode testMode="true"/>'
    )
    try:
        while b"<testing" not in answer and b"</errorpacket>" not in answer:
            chunk = connection.recv(65536)
            if not chunk:
                break
            answer += chunk
    except TimeoutError:
        pass
seen = {
    "admin": b"<testing" in answer,
    "answer": answer.decode(errors="replace"),
    "environment": {k: v for k, v in os.environ.items() if "PASSWORD" in k.upper()},
    "argv": sys.argv,
}
with open(report, "a", encoding="utf-8") as file:
    file.write(json.dumps(seen) + "\n")
command = [sys.executable, "-m", "botarena", "bot", game, "random", *arguments]
os.execv(sys.executable, command)
