"""``botarena arena worker --cluster tcp://HOST:8786``: long-running worker loops as Dask
tasks, one per Dask worker thread. Each loop leases, plays and posts like any worker (the
lease stays the truth): a lost Dask worker costs its lease, which the arena hands out again,
never a result. The loops stop when the coordinator sets a Dask ``Event``."""

from __future__ import annotations

import asyncio
import secrets
import threading

from botarena.arena.worker import run_workers
from botarena.confine import Confinement
from botarena.league.executors import DASK_CONNECT_TIMEOUT_S

STOP_POLL_S = 1.0
"""How often a loop on a Dask worker looks whether it should stop."""
STOP_GRACE_S = 60.0
"""How long the coordinator waits for the loops to finish their match after the stop."""


def dask_worker_loop(server: str, token: str, confinement: Confinement, stop_name: str) -> str:
    """Run on a Dask worker: one worker loop until the Dask event ``stop_name`` is set;
    returns the Dask worker's address."""
    from distributed import Event, get_worker  # noqa: PLC0415 - only on a Dask worker

    address = str(get_worker().address)
    stop_event = Event(stop_name)  # type: ignore[no-untyped-call]
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()

    def play() -> None:
        loop.run_until_complete(run_workers(server, token, 1, stop, confinement))

    thread = threading.Thread(target=play, name="botarena-arena-worker", daemon=True)
    thread.start()
    while thread.is_alive() and not stop_event.wait(timeout=STOP_POLL_S):  # type: ignore[no-untyped-call]
        pass
    loop.call_soon_threadsafe(stop.set)
    thread.join()
    loop.close()
    return address


async def run_on_cluster(  # noqa: PLR0917 - one cluster run's whole setting
    address: str,
    server: str,
    token: str,
    count: int,
    confinement: Confinement,
    stop: asyncio.Event,
) -> list[str]:
    """``count`` worker loops on the Dask cluster at ``address`` until ``stop`` is set;
    returns the Dask workers' addresses that ran them."""
    from distributed import Client, Event  # noqa: PLC0415 - only with --cluster

    try:
        client = await Client(  # type: ignore[no-untyped-call]
            address, asynchronous=True, timeout=DASK_CONNECT_TIMEOUT_S
        )
    except OSError as error:
        raise OSError(f"cannot reach the Dask scheduler {address}: {error}") from None
    stop_name = f"botarena-arena-stop-{secrets.token_hex(8)}"
    try:
        futures = [
            client.submit(
                dask_worker_loop,
                server,
                token,
                confinement,
                stop_name,
                key=f"{stop_name}-loop-{index}",
                pure=False,
            )
            for index in range(count)
        ]
        await stop.wait()
        await Event(stop_name, client=client).set()  # type: ignore[no-untyped-call]
        done: list[str] = await asyncio.wait_for(client.gather(futures), STOP_GRACE_S)
        return done
    finally:
        await client.close()
