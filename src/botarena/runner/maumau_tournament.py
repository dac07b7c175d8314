"""K.O. tournament of Mau-Mau bots (spec §10, §13.4): ``botarena tournament maumau --format ko``.

* The bracket is padded to a power of two with byes and seeded by a logged RNG seed; the
  entrants drawn first get the byes.
* Each pairing is a short match: best of ``--best-of`` (odd) games, the first seat
  alternating (the first-named bot of the pairing starts game 1). A game without a winner is
  replayed once; if it is undecided again, the bot with more accepted plays in it wins, and on
  equal plays the bot that did not move first (our documented choice).
* Every game runs on an in-process server with its own seed (derived from the tournament
  seed, round, match and game), the seat-0 bot connects and finishes its handshake before
  the other bot connects. Every game's transcript (fixture format) goes to ``OUT/games``;
  ``OUT/bracket.json`` is rewritten after every game, so ``--resume`` continues an
  interrupted tournament; ``OUT/summary.json`` holds the result.

Bots: ``random`` and ``heuristic`` are the built-in bots (run in-process); anything else is
a shell-style command with ``{host}``, ``{port}`` and ``{name}`` placeholders, started once
per game, e.g. ``"python examples/maumau_bot.py --host {host} --port {port} --name {name}"``.
``NAME=SPEC`` gives an entrant a display name.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import shlex
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from botarena.core import SeededRandom, new_seed
from botarena.games.maumau.players import STRATEGIES, BotSession
from botarena.server.maumau import GameRecord, MauMauServer, ServerOptions

log = logging.getLogger(__name__)

DEFAULT_BEST_OF = 5
BOT_CONNECT_TIMEOUT = 30.0
"""Seconds a bot process has to connect and send its name."""
GAME_TIMEOUT = 300.0
"""Seconds one game may take in all before it is abandoned (counts as undecided)."""


@dataclass
class Entrant:
    name: str
    spec: str

    @property
    def builtin(self) -> bool:
        return self.spec in STRATEGIES


@dataclass
class GameResult:
    first: str
    second: str
    winner: str | None
    seed: int
    ending: str
    valid_plays: list[int]
    transcript: str
    replay_of_undecided: bool = False


@dataclass
class Match:
    round: int
    index: int
    a: str | None
    b: str | None
    games: list[GameResult] = field(default_factory=list)
    winner: str | None = None

    def wins(self, name: str | None) -> int:
        return sum(1 for game in self.games if game.winner == name)


@dataclass
class Tournament:
    seed: int
    best_of: int
    entrants: list[Entrant]
    rounds: list[list[Match]] = field(default_factory=list)
    champion: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tournament:
        rounds = [
            [
                Match(
                    m["round"],
                    m["index"],
                    m["a"],
                    m["b"],
                    [GameResult(**g) for g in m["games"]],
                    m["winner"],
                )
                for m in matches
            ]
            for matches in data["rounds"]
        ]
        return cls(
            data["seed"],
            data["best_of"],
            [Entrant(**e) for e in data["entrants"]],
            rounds,
            data["champion"],
        )


def parse_entrants(specs: list[str]) -> list[Entrant]:
    entrants: list[Entrant] = []
    taken: set[str] = set()
    for spec in specs:
        name, _, command = spec.partition("=") if "=" in spec.split()[0] else ("", "", spec)
        if not name:
            name = spec if spec in STRATEGIES else Path(shlex.split(spec)[-1]).stem
        base, number = name, 1
        while name in taken:
            number += 1
            name = f"{base}-{number}"
        taken.add(name)
        entrants.append(Entrant(name, command or spec))
    return entrants


def first_round(entrants: list[Entrant], rng: SeededRandom) -> list[Match]:
    """Shuffle, pad to a power of two; the first-drawn entrants meet the byes."""
    names = [entrant.name for entrant in entrants]
    rng.shuffle(names)
    size = 1
    while size < len(names):
        size *= 2
    byes = size - len(names)
    matches: list[Match] = []
    queue = list(names)
    for index in range(size // 2):
        a = queue.pop(0)
        b = None if index < byes else queue.pop(0)
        matches.append(Match(1, index, a, b))
    return matches


# ----------------------------------------------------------------------------- one game


async def _builtin_bot(entrant: Entrant, port: int, seed: int) -> None:
    session = BotSession(entrant.name, STRATEGIES[entrant.spec], SeededRandom(seed))
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while not session.over:
            line = await reader.readline()
            if not line:
                return
            answer = session.receive(line)
            if answer is not None:
                writer.write(answer)
    finally:
        writer.close()


async def _process_bot(entrant: Entrant, port: int) -> asyncio.subprocess.Process:
    command = [
        part.format(host="127.0.0.1", port=port, name=entrant.name)
        for part in shlex.split(entrant.spec)
    ]
    return await asyncio.create_subprocess_exec(
        *command, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
    )


async def play_game(
    first: Entrant, second: Entrant, seed: int, move_timeout: float | None = 5.0
) -> GameRecord | None:
    """One game; ``first`` gets seat 0. ``None`` when it could not be played to an end."""
    done: asyncio.Future[GameRecord] = asyncio.get_running_loop().create_future()
    options = ServerOptions(
        port=0,
        seed=seed,
        transcripts=True,
        move_timeout=move_timeout,
        on_game_over=lambda record: _settle(done, record),
    )
    server = MauMauServer(options)
    await server.start()
    tasks: list[asyncio.Task[None]] = []
    processes: list[asyncio.subprocess.Process] = []
    try:
        for index, entrant in enumerate((first, second)):
            if entrant.builtin:
                bot_seed = SeededRandom(seed).derive(f"bot-{index}").seed_value
                tasks.append(asyncio.create_task(_builtin_bot(entrant, server.port, bot_seed)))
            else:
                processes.append(await _process_bot(entrant, server.port))
            if index == 0:  # seat 0 must be seated before the second bot connects
                await _wait_for(lambda: server.waiting_players >= 1, BOT_CONNECT_TIMEOUT)
        await _wait_for(lambda: server.games_started >= 1, BOT_CONNECT_TIMEOUT)
        return await asyncio.wait_for(done, GAME_TIMEOUT)
    except TimeoutError:
        return None
    finally:
        await server.stop()
        for task in tasks:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        for process in processes:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


def _settle(future: asyncio.Future[GameRecord], record: GameRecord) -> None:
    if not future.done():
        future.set_result(record)


async def _wait_for(condition: Any, timeout: float) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise TimeoutError
        await asyncio.sleep(0.01)


# ----------------------------------------------------------------------------- matches


def _decide_undecided(record: GameRecord | None, first: str, second: str) -> str:
    """Second undecided game: more accepted plays wins; equal: the bot that moved second."""
    if record is None or record.valid_plays[0] <= record.valid_plays[1]:
        return second
    return first


class Runner:
    def __init__(self, tournament: Tournament, out: Path, move_timeout: float | None) -> None:
        self.t = tournament
        self.out = out
        self.move_timeout = move_timeout
        self.by_name = {entrant.name: entrant for entrant in tournament.entrants}
        (out / "games").mkdir(parents=True, exist_ok=True)

    def save(self) -> None:
        data = json.dumps(self.t.to_json(), indent=2, ensure_ascii=False)
        temporary = self.out / "bracket.json.tmp"
        temporary.write_text(data, encoding="utf-8")
        temporary.replace(self.out / "bracket.json")

    async def play_match(self, match: Match) -> str:
        if match.winner is not None:
            return match.winner
        if match.b is None or match.a is None:
            match.winner = match.a or match.b
            print(f"round {match.round} match {match.index + 1}: {match.winner} has a bye")
            self.save()
            assert match.winner is not None
            return match.winner
        need = self.t.best_of // 2 + 1
        while match.wins(match.a) < need and match.wins(match.b) < need:
            number = len([g for g in match.games if not g.replay_of_undecided])
            first, second = (match.a, match.b) if number % 2 == 0 else (match.b, match.a)
            label = f"r{match.round}-m{match.index + 1}-g{number + 1}"
            seed = SeededRandom(self.t.seed).derive(label).seed_value
            record = await play_game(
                self.by_name[first], self.by_name[second], seed, self.move_timeout
            )
            replayed = False
            if record is None or record.winner_name is None:
                log.info("%s undecided, replaying once", label)
                retry_seed = SeededRandom(seed).derive("replay").seed_value
                again = await play_game(
                    self.by_name[first], self.by_name[second], retry_seed, self.move_timeout
                )
                replayed = True
                if again is not None and again.winner_name is not None:
                    record, winner = again, again.winner_name
                else:
                    record = again or record
                    winner = _decide_undecided(record, first, second)
                    seed = retry_seed
            else:
                winner = record.winner_name
            transcript = self.out / "games" / f"{label}.jsonl"
            if record is not None:
                transcript.write_text("\n".join(record.transcript) + "\n", encoding="utf-8")
            match.games.append(
                GameResult(
                    first=first,
                    second=second,
                    winner=winner,
                    seed=record.seed if record else seed,
                    ending=record.ending if record else "abandoned",
                    valid_plays=record.valid_plays if record else [0, 0],
                    transcript=str(transcript.relative_to(self.out)),
                    replay_of_undecided=replayed,
                )
            )
            self.save()
            print(
                f"round {match.round} match {match.index + 1} game {number + 1}: "
                f"{first} vs {second} -> {winner} "
                f"({match.wins(match.a)}-{match.wins(match.b)})",
                flush=True,
            )
        match.winner = match.a if match.wins(match.a) >= need else match.b
        assert match.winner is not None
        print(f"round {match.round} match {match.index + 1}: {match.winner} advances", flush=True)
        self.save()
        return match.winner

    async def run(self) -> str:
        while True:
            matches = self.t.rounds[-1]
            winners = [await self.play_match(match) for match in matches]
            if len(winners) == 1:
                self.t.champion = winners[0]
                self.save()
                return winners[0]
            next_round = len(self.t.rounds) + 1
            self.t.rounds.append(
                [
                    Match(next_round, i, winners[2 * i], winners[2 * i + 1])
                    for i in range(len(winners) // 2)
                ]
            )
            self.save()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="botarena tournament maumau",
        description="K.O. tournament of Mau-Mau bots (best-of matches, byes, resumable).",
    )
    parser.add_argument("bots", nargs="*", help="random | heuristic | [NAME=]COMMAND")
    parser.add_argument("--format", choices=["ko"], default="ko")
    parser.add_argument("--best-of", type=int, default=DEFAULT_BEST_OF)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--out", type=Path, default=None, help="output folder")
    parser.add_argument("--resume", action="store_true", help="continue the tournament in --out")
    parser.add_argument("--move-timeout", type=float, default=5.0)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.best_of < 1 or args.best_of % 2 == 0:
        parser.error("--best-of must be odd")
    if args.resume:
        if args.out is None or not (args.out / "bracket.json").is_file():
            parser.error("--resume needs --out with a bracket.json")
        tournament = Tournament.from_json(
            json.loads((args.out / "bracket.json").read_text(encoding="utf-8"))
        )
        out = args.out
    else:
        if len(args.bots) < 2:
            parser.error("a tournament needs at least two bots")
        seed = new_seed() if args.seed is None else args.seed
        entrants = parse_entrants(args.bots)
        tournament = Tournament(seed, args.best_of, entrants)
        tournament.rounds.append(first_round(entrants, SeededRandom(seed).derive("bracket")))
        out = args.out or Path(f"maumau-ko-{seed}")
    print(
        f"Mau-Mau K.O. tournament, seed {tournament.seed}, "
        f"{len(tournament.entrants)} bots, best of {tournament.best_of}; output in {out}"
    )
    runner = Runner(tournament, out, args.move_timeout)
    champion = asyncio.run(runner.run())
    summary = {
        "seed": tournament.seed,
        "champion": champion,
        "entrants": [entrant.name for entrant in tournament.entrants],
        "rounds": [
            [
                {
                    "a": m.a,
                    "b": m.b,
                    "winner": m.winner,
                    "score": [m.wins(m.a), m.wins(m.b)],
                    "games": len(m.games),
                }
                for m in matches
            ]
            for matches in tournament.rounds
        ],
    }
    (out / "summary.json").write_text(
        json.dumps(summary, indent=2, ensure_ascii=False), encoding="utf-8"
    )
    print(f"champion: {champion}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
