"""The public server API an embedding (the runner) uses: ``Lobby.game(room_id)`` to start or
end a prepared game, a ``LobbyListener``'s ``game_finished`` for its end, and
``ScServer.write_replay_files`` for who writes the replays."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from botarena.core import ScoreCause
from botarena.games.registry import load_plugin
from botarena.protocol.sc_plugin import GameSetup
from botarena.server import FinishedGame, LobbyListener, ScServer, ServerConfig, SlotDescriptor
from botarena.server.lobby import Lobby
from botarena.server.manual_clock import ManualClock
from botarena.server.wire import REPLAY_END, REPLAY_START
from tests.server.fake_peer import FakePeer

PIRANHAS = "swc_2019_piranhas"
SLOTS = [SlotDescriptor("alpha", True), SlotDescriptor("beta", True)]


class Ends(LobbyListener):
    def __init__(self) -> None:
        self.games: list[FinishedGame] = []

    def game_finished(self, game: FinishedGame) -> None:
        self.games.append(game)


def new_lobby(*, save_replay: bool = False) -> tuple[Lobby, Ends]:
    config = ServerConfig(port=0, save_replay=save_replay)
    lobby = Lobby(config, [load_plugin(PIRANHAS)], ManualClock())
    ends = Ends()
    lobby.add_listener(ends)
    return lobby, ends


def test_a_forced_start_with_one_player_ends_the_game_and_reports_it():
    lobby, ends = new_lobby(save_replay=True)
    prepared = lobby.prepare_room(PIRANHAS, SLOTS, GameSetup(seed=1))
    game = lobby.game(prepared.room_id)
    assert game.room_id == prepared.room_id
    assert not game.started() and not game.seated(0)
    lobby.join_prepared(FakePeer(1), prepared.reservations[0])
    assert game.seated(0) and not game.seated(1) and not game.started()

    game.force_start()  # the empty slot loses with LEFT

    assert game.started()
    [end] = ends.games
    assert (end.room_id, end.game_type, end.display_names) == (
        prepared.room_id,
        PIRANHAS,
        ("alpha", "beta"),
    )
    assert end.result is not None
    assert [score.cause for score in end.result.scores] == [ScoreCause.REGULAR, ScoreCause.LEFT]
    assert end.move_times_ms == end.move_slots == ()
    document = end.replay_document()
    season_comment = f"<!-- botarena game-type: {PIRANHAS} -->\n".encode()
    assert document.startswith(season_comment + REPLAY_START) and document.endswith(REPLAY_END)
    assert b'class="result"' in document
    with pytest.raises(KeyError):
        lobby.game(prepared.room_id)  # a finished room is gone


def test_abort_ends_a_game_with_unknown_causes_and_no_replay_unless_kept():
    lobby, ends = new_lobby()
    prepared = lobby.prepare_room(PIRANHAS, SLOTS, GameSetup(seed=1))
    lobby.game(prepared.room_id).abort("the runner gave up")
    [end] = ends.games
    assert end.result is not None
    assert {score.cause for score in end.result.scores} == {ScoreCause.UNKNOWN}
    assert end.replay_packets == ()


def test_the_server_writes_replay_files_unless_an_embedding_takes_them(tmp_path: Path):
    async def play_one(write_files: bool, directory: Path) -> None:
        config = ServerConfig(port=0, host="127.0.0.1", save_replay=True, replay_dir=directory)
        async with ScServer(config, [load_plugin(PIRANHAS)]) as server:
            server.write_replay_files(write_files)
            prepared = server.lobby.prepare_room(PIRANHAS, SLOTS, GameSetup(seed=1))
            server.lobby.game(prepared.room_id).force_start()

    asyncio.run(play_one(False, tmp_path / "off"))
    asyncio.run(play_one(True, tmp_path / "on"))
    assert not (tmp_path / "off").exists()
    assert len(list((tmp_path / "on").iterdir())) == 1
