"""The web UI: live rooms, replays, boards for every game, run and tournament reports.

``botarena serve`` runs :class:`botarena.web.app.WebServer` in the game servers' event loop
(watching the lobby through :class:`botarena.server.events.LobbyListener`); ``botarena view``
runs it alone on replay files and run or tournament folders. The front end is plain ES
modules and SVG under ``static/`` (one board module per game under ``static/boards/``).
"""
