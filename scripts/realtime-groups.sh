#!/usr/bin/env bash
# Runs the groups of real-time tests at once, each one test at a time on a private PulseAudio
# server of its own (scripts/with-test-pulse.sh): they mostly wait for a sound server's clock,
# so four groups on two cores take about as long as the longest of them. Group N runs the tests
# REALTIME_FILTER_N names, less those REALTIME_SKIP_N names (may be empty), and is logged to
# DIR/phase-realtime-N.log (with its seconds, for scripts/phase-times.sh); every line of a group
# but the first is marked [N]. Fails when any group fails.
# usage: scripts/realtime-groups.sh BUNDLE DIR COUNT
set -uo pipefail
bundle=$1
dir=$2
count=$3
here=$(cd "$(dirname "$0")" && pwd)
pids=()
for n in $(seq 1 "$count"); do
    filter_name="REALTIME_FILTER_$n"
    skip_name="REALTIME_SKIP_$n"
    filter=${!filter_name:?"REALTIME_FILTER_$n is not set"}
    skip=${!skip_name:-}
    arguments=(--testing-library swift-testing --no-parallel --filter "$filter")
    [ -n "$skip" ] && arguments+=(--skip "$skip")
    rm -f "$dir/realtime-$n.status"
    if [ "$n" = 1 ]; then mark=''; else mark="[$n] "; fi
    {
        NO_COLOR=1 "$here/logged.sh" "$dir/phase-realtime-$n.log" "$here/with-test-pulse.sh" "$bundle" "${arguments[@]}"
        echo $? > "$dir/realtime-$n.status"
    } 2>&1 | sed -u "s/^/$mark/" &
    pids+=($!)
done
wait "${pids[@]}"
failed=0
for n in $(seq 1 "$count"); do
    status=$(cat "$dir/realtime-$n.status" 2>/dev/null || echo missing)
    if [ "$status" != 0 ]; then
        echo "real-time group $n failed (status $status): $dir/phase-realtime-$n.log" >&2
        failed=1
    fi
done
exit "$failed"
