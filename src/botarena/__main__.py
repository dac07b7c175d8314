"""``python -m botarena`` is the ``botarena`` command."""

from botarena.cli import main

main()
