"""The ``botarena`` command line: one entry point for every job."""

from __future__ import annotations

import sys

import click

from botarena import __version__

DEFAULT_HOST = "127.0.0.1"
DEFAULT_SC_PORT = 13050


@click.group(context_settings={"help_option_names": ["--help"]})
@click.version_option(__version__, prog_name="botarena")
def cli() -> None:
    """botarena: game servers, bots and a mass-test runner for bot contests."""


@cli.command()
@click.option("--host", default=DEFAULT_HOST, show_default=True, help="Address to bind.")
@click.option("--port", default=DEFAULT_SC_PORT, show_default=True, help="SC XML port.")
def serve(host: str, port: int) -> None:
    """Run the game servers (Software-Challenge XML on 13050, Mau-Mau JSON lines)."""
    click.echo(
        "botarena serve: the Software-Challenge XML server is not implemented yet.\n"
        f"It will serve swc_2019_piranhas, swc_2018_hase_und_igel and swc_2021_blokus "
        f"on {host}:{port}.",
        err=True,
    )
    sys.exit(2)


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
