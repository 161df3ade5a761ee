#!/bin/sh
# run.sh — the layout-variation suite (variants.py): one CV of the project's
# own under section headings in phrasings no word list holds, every heading
# style and several entry shapes, in plain text and Markdown.
# usage: sh tests/layouts/run.sh BUILD_DIR
exec python3 "$(dirname "$0")/variants.py" "${1:-build}"
