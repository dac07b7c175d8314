"""botarena: game servers, bot SDK and mass-test runner for bot-versus-bot contests.

The package is layered (see ``docs/architecture.md``):

* :mod:`botarena.core` - the game-agnostic model every game uses;
* :mod:`botarena.games` - one package per game (pure rules, wire codecs, built-in players);
* :mod:`botarena.protocol` - sans-I/O protocol cores;
* :mod:`botarena.server`, :mod:`botarena.client`, :mod:`botarena.runner` - the adapters.
"""

__version__ = "0.1.0"
