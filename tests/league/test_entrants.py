"""BOT arguments → entrants: labels, built-ins, Mau-Mau command lines, errors."""

from __future__ import annotations

import sys

import pytest

from botarena.league import entrants
from botarena.league.entrants import EntrantError, maumau_argv, parse_entrants


def test_labels_are_unique_and_names_are_kept():
    field = parse_entrants(
        "piranhas-2019", ["random", "random", "me=python bots/my_bot.py -d 3", "./other.sh"]
    )
    assert [e.label for e in field] == ["random", "random-2", "me", "other.sh"]
    bot = (sys.executable, "-m", "botarena", "bot", "piranhas-2019", "random")
    assert field[0].command == bot
    assert field[0].builtin == "random" and field[2].builtin is None
    assert field[2].command == ("python", "bots/my_bot.py", "-d", "3")


def test_maumau_builtins_play_in_process_and_commands_get_host_port_name():
    field = parse_entrants(
        "maumau", ["heuristic", "python bot.py", "x=java -jar b.jar -p {port} -n {name}"]
    )
    assert field[0].command == () and field[0].builtin == "heuristic"
    assert maumau_argv(field[1], "h", 5, "bot.py") == [
        "python",
        "bot.py",
        "--host",
        "h",
        "--port",
        "5",
        "--name",
        "bot.py",
    ]
    assert maumau_argv(field[2], "h", 5, "x") == ["java", "-jar", "b.jar", "-p", "5", "-n", "x"]


@pytest.mark.parametrize(
    ("game", "specs", "message"),
    [
        ("chess", ["random", "random"], "unknown game"),
        ("piranhas", ["random", "  "], "empty"),
        ("piranhas", ["python 'unclosed"], "cannot split"),
        ("piranhas", ["a=random", "a=greedy"], "two bots are named"),
    ],
)
def test_bad_bots_are_refused(game, specs, message):
    with pytest.raises(EntrantError, match=message):
        parse_entrants(game, specs)


def test_field_size_limit(monkeypatch):
    monkeypatch.setattr(entrants, "MAX_ENTRANTS", 3)
    with pytest.raises(EntrantError, match="at most 3"):
        parse_entrants("maumau", ["random"] * 4)


def test_long_labels_are_cut():
    (entrant,) = parse_entrants("maumau", ["x" * 100 + "=random"])
    assert entrant.label == "x" * entrants.MAX_LABEL_CHARS
