"""The runner's time limits (names shared by the driver and the command line, which must
not import the server just to show its defaults)."""

CONNECT_TIMEOUT_S = 20.0
"""A bot that has not joined its room this long after its start loses the game (LEFT)."""
GAME_TIMEOUT_S = 600.0
"""A game still running after this long is aborted by the runner's watchdog."""
EXIT_GRACE_S = 5.0
"""How long a bot may take to exit after its game ended before it is killed."""
WATCHDOG_POLL_S = 0.05
MAX_STARTUP_FAILURES = 3
"""After this many games in a row in which the same bot could not start or connect, the run
stops: the bot is broken, further games would only repeat the failure."""
