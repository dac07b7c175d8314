"""The sans-I/O bot session: no socket, the server's bytes fed in every possible split."""

from __future__ import annotations

from lxml import etree

from botarena.client import BotBase, BotSession, codec_for
from botarena.core import SeededRandom
from botarena.games.piranhas import xml as piranhas_xml
from botarena.games.piranhas.rules import PiranhasGame
from botarena.protocol import sc_messages as msg
from botarena.protocol.xstream import STREAM_END, STREAM_START, encode

ROOM = "room-1"


class FirstMoveBot(BotBase):
    def __init__(self):
        self.events = []

    def calculate_move(self, state):
        self.events.append(("move", state.turn))
        return state.legal_moves()[0]

    def on_welcome(self, color):
        self.events.append(("welcome", color))

    def on_state(self, state):
        self.events.append(("state", state.turn))

    def on_error(self, message):
        self.events.append(("error", message))


def server_stream() -> bytes:
    """What a server sends a red Piranhas player up to its first move, then the left."""
    state = PiranhasGame().new_initial_state(SeededRandom(5), 2)
    return b"".join(
        [
            STREAM_START,
            encode(msg.joined(ROOM)),
            encode(msg.welcome_message(ROOM, "red")),
            encode(msg.memento(ROOM, piranhas_xml.state_to_element(state))),
            encode(msg.move_request(ROOM)),
            encode(msg.left(ROOM)),
        ]
    )


def new_session(bot, *, started=True):
    """A session; ``started``: its opening bytes (``<protocol><join/>``) are already sent."""
    session = BotSession(bot, codec_for("swc_2019_piranhas"), msg.Join("swc_2019_piranhas"))
    if started:
        session.start()
    return session


def feed(session, chunks):
    return b"".join(session.receive(chunk) for chunk in chunks)


def test_start_sends_the_stream_opening_and_the_join():
    session = new_session(FirstMoveBot(), started=False)
    assert session.start() == STREAM_START + b'<join gameType="swc_2019_piranhas"/>'


def test_whole_stream_gives_welcome_state_move_and_close():
    bot = FirstMoveBot()
    session = new_session(bot)
    reply = feed(session, [server_stream()])
    assert bot.events == [("welcome", "red"), ("state", 0), ("move", 0)]
    assert reply.startswith(f'<room roomId="{ROOM}"><data class="move"'.encode())
    assert reply.endswith(STREAM_END)  # on <left/> the bot ends its stream
    assert session.finished and session.closed_by_us
    assert session.color == "red"


def test_every_split_point_gives_the_same_events_and_reply():
    stream = server_stream()
    reference_bot = FirstMoveBot()
    reference = feed(new_session(reference_bot), [stream])
    for cut in range(1, len(stream)):
        bot = FirstMoveBot()
        assert feed(new_session(bot), [stream[:cut], stream[cut:]]) == reference, cut
        assert bot.events == reference_bot.events, cut


def test_byte_by_byte_gives_the_same_reply():
    stream = server_stream()
    reference = feed(new_session(FirstMoveBot()), [stream])
    bot = FirstMoveBot()
    assert feed(new_session(bot), [stream[i : i + 1] for i in range(len(stream))]) == reference


def test_the_move_is_answered_in_the_read_that_delivers_the_request():
    stream = server_stream()
    request_end = stream.index(b"MoveRequest") + len(b"MoveRequest")
    request_end = stream.index(b">", request_end) + 1
    request_end = stream.index(b"</room>", request_end) + len(b"</room>")
    session = new_session(FirstMoveBot())
    assert session.receive(stream[:request_end]).startswith(b"<room")


def test_a_server_error_reaches_on_error_and_is_kept():
    bot = FirstMoveBot()
    session = new_session(bot)
    error = msg.room_error(ROOM, "Ungueltiger Zug")
    feed(session, [STREAM_START, encode(error)])
    assert session.errors == ["Ungueltiger Zug"]
    assert bot.events == [("error", "Ungueltiger Zug")]


def test_garbage_from_the_server_is_an_error_and_closes():
    bot = FirstMoveBot()
    session = new_session(bot)
    reply = feed(session, [STREAM_START, b'<room roomId="x"></data>'])
    assert session.finished
    assert reply == STREAM_END
    assert session.errors and "unreadable" in session.errors[0]


def test_encoded_move_is_the_games_move_element():
    state = PiranhasGame().new_initial_state(SeededRandom(5), 2)
    move = state.legal_moves()[0]
    element = codec_for("piranhas-2019").encode_move(move)
    assert etree.tostring(element) == etree.tostring(piranhas_xml.move_to_element(move))
