"""The Software-Challenge XML game server: lobby, rooms, timeouts, replays, asyncio frontend.

Public API::

    from botarena.server import ScServer, ServerConfig, GameSetup, SlotDescriptor

    server = ScServer(ServerConfig(port=0))            # every installed game plugin
    await server.start()
    server.port                                        # the bound port
    server.lobby.prepare_room("swc_2019_piranhas",     # a prepared room, like <prepare>
                              [SlotDescriptor("alice", can_timeout=True), SlotDescriptor("bob")],
                              GameSetup(seed=7))       # or GameSetup(initial_state=<state>)
    await server.stop()

    ScServer(config, setup_provider=lambda game_type: GameSetup(initial_state=...))
                                                       # fixes the setup of every new room

    run(config_from_options(host=..., port=..., config_path=..., no_timeout=...,
                            replays=..., paused=...))  # blocking, for ``botarena serve``

Modules: ``config`` (server.properties and options), ``plugin`` (the game-plugin interface),
``registry`` (installed games), ``lobby``, ``room``, ``results``, ``testmode``, ``wire``
(message bytes), ``frontend`` (asyncio TCP), ``app`` (start/stop, replays files),
``events`` (``LobbyListener``, ``FinishedGame``: watching every room), ``game_control``
(``GameControl``, from ``Lobby.game(room_id)``: start or end one prepared game).
"""

from botarena.protocol.sc_plugin import GameMatch, GamePlugin, GameSetup, MoveTimeouts
from botarena.protocol.sc_profiles import ProtocolProfile
from botarena.server.app import ScServer, run, serve
from botarena.server.config import ServerConfig, config_from_options, load_config
from botarena.server.events import FinishedGame, LobbyListener
from botarena.server.game_control import GameControl
from botarena.server.lobby import PreparedRoom, SlotDescriptor

__all__ = [
    "FinishedGame",
    "GameControl",
    "GameMatch",
    "GamePlugin",
    "GameSetup",
    "LobbyListener",
    "MoveTimeouts",
    "PreparedRoom",
    "ProtocolProfile",
    "ScServer",
    "ServerConfig",
    "SlotDescriptor",
    "config_from_options",
    "load_config",
    "run",
    "serve",
]
