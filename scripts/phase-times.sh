#!/bin/sh
# Prints how long each phase of a `make test` run took, from the LOG.seconds that
# scripts/logged.sh wrote beside each phase's log, one line each, in the order given.
# usage: scripts/phase-times.sh LOG...
set -eu
for log in "$@"; do
    [ -f "$log.seconds" ] || continue
    seconds=$(cat "$log.seconds")
    name=$(basename "$log" .log)
    printf '%-24s %3d min %2d s\n' "${name#phase-}" $((seconds / 60)) $((seconds % 60))
done
