#!/usr/bin/env bash
# Runs a command with its output (stdout and stderr) shown and also appended to LOG, and
# returns the command's own exit status (not tee's). `make test` reads the logs afterwards
# for skipped tests (scripts/count-skips.sh), and the seconds each took, written beside it in
# LOG.seconds, for its phase times (scripts/phase-times.sh).
# usage: scripts/logged.sh LOG COMMAND [ARGUMENT...]
set -uo pipefail
log=$1
shift
started=$(date +%s)
"$@" 2>&1 | tee -a "$log"
status=${PIPESTATUS[0]}
echo $(($(date +%s) - started)) > "$log.seconds"
exit "$status"
