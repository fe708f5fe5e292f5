#!/usr/bin/env bash
# Runs a command with its output (stdout and stderr) shown and also appended to LOG, and
# returns the command's own exit status (not tee's). `make test` reads the logs afterwards
# for skipped tests (scripts/count-skips.sh).
# usage: scripts/logged.sh LOG COMMAND [ARGUMENT...]
set -uo pipefail
log=$1
shift
"$@" 2>&1 | tee -a "$log"
exit "${PIPESTATUS[0]}"
