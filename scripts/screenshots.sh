#!/usr/bin/env bash
# The screenshots of every page kind (docs/web-*.png), taken by the browser tests themselves.
set -euo pipefail
cd "$(dirname "$0")/.."
BOTARENA_SCREENSHOTS=docs .venv/bin/python -m pytest tests/web/test_live_and_replay.py \
  tests/web/test_viewer_names_moves.py tests/web/test_live_list.py tests/web/test_report_links.py -q
# the play page (human play: Piranhas 2026 as TWO with a clock, Blokus 2027 with its tray)
BOTARENA_SCREENSHOTS=docs .venv/bin/python -m pytest tests/web/test_human_play.py -q \
  -k "second_seat or tray"
