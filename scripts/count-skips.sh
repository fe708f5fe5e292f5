#!/bin/sh
# Counts the tests Swift Testing skipped in the logs of a `make test` run, prints the number,
# and fails when it is not zero: under `make test` every tool a test needs is installed, so a
# skipped test means an install step is broken, or a test that can pass without running.
# usage: scripts/count-skips.sh LOG...
set -eu
# (Colours stripped first: a run on a terminal marks its lines with them.)
skipped=$(cat "$@" | sed 's/\x1b\[[0-9;]*m//g' | grep -E '^(\[[0-9]\] )?➜ Test .* skipped' || true)
count=$(printf '%s' "$skipped" | grep -c . || true)
echo "skipped tests: $count"
if [ "$count" -ne 0 ]; then
    printf '%s\n' "$skipped" >&2
    exit 1
fi
