"""``botarena arena ...``: create, serve and use a contest site from the command line."""

from __future__ import annotations

import asyncio
import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import click

from botarena.cli_options import confinement_of, confinement_options, shown_option
from botarena.move_clock_limits import ClockKind

REQUEST_TIMEOUT_S = 60.0
"""How long the CLI waits for one answer of the arena."""


class ApiError(click.ClickException):
    """The arena's refusal, shown as it gave it; exits non-zero."""


def call(
    server: str,
    path: str,
    *,
    token: str | None = None,
    body: Any = None,
    data: bytes | None = None,
) -> Any:
    """One request to the arena's API; its JSON answer (raises :class:`ApiError`)."""
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(
        server.rstrip("/") + path,
        data=data,
        headers=headers,
        method="GET" if data is None else "POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT_S) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        try:
            reason = json.loads(error.read()).get("error", error.reason)
        except ValueError:
            reason = error.reason
        raise ApiError(f"refused ({error.code}): {reason}") from None
    except (urllib.error.URLError, OSError) as error:
        raise ApiError(f"cannot reach the arena at {server}: {error}") from None


server_option = click.option("--server", required=True, help="The arena's URL.")
token_option = click.option("--token", required=True, help="An API token of the arena.")


@click.group()
def arena() -> None:
    """A contest site: uploads, validation games, a ladder and a live leaderboard."""


@arena.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--organiser", required=True, help="The organiser's name.")
def init(folder: Path, organiser: str) -> None:
    """Create the arena's data folder and print the organiser's API token."""
    from botarena.arena.service import ArenaError, init_folder  # noqa: PLC0415

    try:
        token = init_folder(folder, organiser)
    except ArenaError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"token: {token}")


@arena.command()
@click.argument("folder", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=click.IntRange(0, 65535), default=13090, show_default=True)
@click.option("--workers", type=click.IntRange(0, 64), default=1, show_default=True)
@shown_option(
    "--lease-s", click.FloatRange(0.5), 60.0, "How long a lease lasts without a heartbeat."
)
@shown_option("--queue", click.IntRange(1, 1000), 4, "Ladder matches kept queued per game.")
@shown_option(
    "--game-timeout-s", click.FloatRange(1.0), 300.0, "A match running longer is aborted."
)
@confinement_options(default="auto", clock_default="cpu")
def serve(  # noqa: PLR0917 - click passes every option
    folder: Path,
    host: str,
    port: int,
    workers: int,
    lease_s: float,
    queue: int,
    game_timeout_s: float,
    sandbox: str,
    memory_mb: int,
    max_processes: int,
    clock: ClockKind,
) -> None:
    """Serve the arena in FOLDER (site, API, ladder and embedded workers); its matches
    charge each move by ``--clock`` (default: the CPU time of the bot's processes)."""
    from botarena.arena.serve import ServeOptions  # noqa: PLC0415
    from botarena.arena.serve import serve as run  # noqa: PLC0415
    from botarena.arena.service import ArenaError  # noqa: PLC0415

    options = ServeOptions(
        host,
        port,
        workers,
        lease_s,
        queue,
        game_timeout_s,
        confinement_of(sandbox, memory_mb, max_processes),
        clock,
    )
    try:
        asyncio.run(run(folder, options, click.echo))
    except ArenaError as error:
        raise click.ClickException(str(error)) from None


@arena.command("add-team")
@server_option
@token_option
@click.argument("name")
def add_team(server: str, token: str, name: str) -> None:
    """Add a team (organiser); print its API token and join key."""
    answer = call(server, "/api/teams", token=token, body={"name": name})
    click.echo(f"token: {answer['token']}")
    click.echo(f"join key: {answer['join_key']}")


@arena.command()
@server_option
@token_option
@click.option("--game", required=True, help="The game the bot plays.")
@click.argument("path", type=click.Path(exists=True, path_type=Path))
def submit(server: str, token: str, game: str, path: Path) -> None:
    """Upload a bot (a ZIP or a folder with start.sh); print its id and status."""
    from botarena.arena.uploads import UploadError, read_upload  # noqa: PLC0415

    try:
        data = read_upload(path)
    except (UploadError, OSError) as error:
        raise ApiError(f"refused: {error}") from None
    query = urllib.parse.urlencode({"game": game})
    answer = call(server, f"/api/submissions?{query}", token=token, data=data)
    click.echo(f"submission: {answer['id']}")
    click.echo(f"status: {answer['status']}")


@arena.command()
@server_option
@token_option
@click.argument("submission", type=click.IntRange(1))
def retire(server: str, token: str, submission: int) -> None:
    """Retire one of the team's versions (never paired again; not the active one)."""
    answer = call(server, f"/api/submissions/{submission}/retire", token=token, body={})
    click.echo(f"submission: {answer['id']}")
    click.echo(f"status: {answer['status']}")


def _final_lines(answer: dict[str, Any]) -> list[str]:
    """``final: STATUS``, ``matches: PLAYED/TOTAL`` and, once done, one line per row."""
    lines = [f"final: {answer['status']}", f"matches: {answer['played']}/{answer['total']}"]
    lines += [
        f"{row['rank']:>3}  {row['team']:<20} v{row['version']:<3} "
        f"Elo {row['elo']:+7.1f} [{row['low']:+.1f}, {row['high']:+.1f}]  "
        f"{row['games']:>4} games  {row['wins']}/{row['draws']}/{row['losses']}"
        for row in answer["rows"]
    ]
    return lines


@arena.command()
@server_option
@token_option
@click.option("--game", required=True)
@click.option("--start", "action", flag_value="start", help="Start the final phase.")
@click.option(
    "--status", "action", flag_value="status", default=True, help="Show it (the default)."
)
def final(server: str, token: str, game: str, action: str) -> None:
    """The organiser's final phase of GAME: --start freezes its uploads, stops its ladder and
    queues the full round robin; --status prints its progress and, once all matches are
    played, the final standings (Bradley-Terry Elo with 95 % interval)."""
    if action == "start":
        answer = call(server, "/api/final", token=token, body={"game": game})
    else:
        answer = call(server, "/api/final?" + urllib.parse.urlencode({"game": game}), token=token)
    for line in _final_lines(answer):
        click.echo(line)


@arena.command()
@server_option
@click.option("--game", required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON.")
@click.option(
    "--final",
    "of_final",
    is_flag=True,
    help="The final standings (Elo ± 95 % interval) instead of the ladder's.",
)
def standings(server: str, game: str, as_json: bool, of_final: bool) -> None:
    """The leaderboard of GAME (with --final: the final phase's standings, once published)."""
    query = urllib.parse.urlencode({"game": game})
    if of_final:
        answer = call(server, f"/api/final?{query}")
        if answer["status"] != "done":
            raise ApiError(
                f"the final standings of {answer['game']} are not published (final: "
                f"{answer['status']}, {answer['played']}/{answer['total']} matches)"
            )
        if as_json:
            click.echo(json.dumps(answer["rows"], indent=1))
        else:
            for line in _final_lines(answer)[2:]:
                click.echo(line)
        return
    rows = call(server, f"/api/standings?{query}")
    if as_json:
        click.echo(json.dumps(rows, indent=1))
        return
    for row in rows:
        click.echo(
            f"{row['rank']:>3}  {row['team']:<20} v{row['version']:<3} "
            f"{row['mu']:6.2f} ± {row['sigma']:5.2f}  {row['games']:>4} games  "
            f"{row['wins']}/{row['draws']}/{row['losses']}  {row['last']}"
        )


@arena.command()
@server_option
@token_option
@click.option("--count", type=click.IntRange(1, 64), default=1, show_default=True)
@click.option("--cluster", default=None, help="A Dask scheduler (tcp://HOST:8786).")
@confinement_options(default="auto", clock_default=None)
def worker(  # noqa: PLR0917 - click passes every option
    server: str,
    token: str,
    count: int,
    cluster: str | None,
    sandbox: str,
    memory_mb: int,
    max_processes: int,
) -> None:
    """Play the arena's matches until stopped (SIGINT/SIGTERM); with --cluster, COUNT
    long-running loops on the Dask cluster's workers."""
    import signal  # noqa: PLC0415

    from botarena.arena.cluster import run_on_cluster  # noqa: PLC0415
    from botarena.arena.worker import run_workers  # noqa: PLC0415

    confinement = confinement_of(sandbox, memory_mb, max_processes)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        if cluster is None:
            await run_workers(server, token, count, stop, confinement)
            return
        try:
            addresses = await run_on_cluster(cluster, server, token, count, confinement, stop)
        except OSError as error:
            raise click.ClickException(str(error)) from None
        click.echo(f"stopped the worker loops on {', '.join(sorted(set(addresses)))}")

    asyncio.run(main())


@arena.command()
@server_option
@token_option
@click.argument("match", type=click.IntRange(1))
@confinement_options(default="auto", clock_default=None)
def replay(  # noqa: PLR0917 - click passes every option
    server: str, token: str, match: int, sandbox: str, memory_mb: int, max_processes: int
) -> None:
    """Play MATCH again here with the same bots, seed and settings (organiser)."""
    import tempfile  # noqa: PLC0415

    from botarena.arena.records import Lease, LeaseSeat  # noqa: PLC0415
    from botarena.arena.worker import play_lease  # noqa: PLC0415

    info = call(server, f"/api/matches/{match}", token=token)
    subs = {s["id"]: s for s in call(server, "/api/submissions", token=token)}
    seats = []
    for seat in info["seats"]:
        known = subs.get(seat["submission"], {})
        if seat["submission"] is not None and "blob" not in known:
            raise ApiError("replay needs the organiser's token: it runs every seat's upload")
        blob = None if seat["submission"] is None else known["blob"]
        seats.append(
            LeaseSeat(
                seat["label"],
                seat["submission"],
                blob,
                None if seat["submission"] is not None else seat["label"],
            )
        )
    lease = Lease(
        info["id"],
        info["game"],
        info["kind"],
        info["seed"],
        info["settings"],
        info["version"],
        tuple(seats),
        0,
        0.0,
    )

    async def fetch(sha: str) -> bytes:
        request = urllib.request.Request(
            f"{server.rstrip('/')}/api/worker/blob/{sha}",
            headers={"Authorization": f"Bearer {token}"},
        )
        with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT_S) as response:
            data: bytes = response.read()
            return data

    async def main() -> None:
        with tempfile.TemporaryDirectory(prefix="botarena-arena-replay-") as folder:
            record, _ = await play_lease(
                lease, fetch, Path(folder), confinement_of(sandbox, memory_mb, max_processes)
            )
        click.echo(f"match {match}, seed {lease.seed}: {record.moves} moves")
        for slot, seat in zip(record.slots, info["seats"], strict=True):
            click.echo(
                f"  {slot.bot}: {slot.match_points} points ({slot.cause}); "
                f"in the arena: {seat['points']} points ({seat['cause']})"
            )

    if info["version"] != __import__("botarena").__version__:
        click.echo(f"note: the match was played with botarena {info['version']}", err=True)
    asyncio.run(main())
    sys.stdout.flush()
