#!/bin/sh
# Runs a command with a private PulseAudio server: its own runtime folder and socket, one
# null sink (meditate_test) whose monitor the tests record. The server is stopped by its own
# pid afterwards, whatever the command's outcome, and the command's exit status is returned.
set -eu

dir=$(mktemp -d "${TMPDIR:-/tmp}/meditate-pulse.XXXXXX")
pid=""
stop() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    rm -rf "$dir"
}
trap stop EXIT INT TERM

# HOME and the runtime path point into the folder so that nothing of a desktop session (its
# cookie, its config, its server) is touched or reached; -n skips the default script.
HOME="$dir" PULSE_RUNTIME_PATH="$dir" XDG_RUNTIME_DIR="$dir" \
pulseaudio -n --daemonize=no --exit-idle-time=-1 --disallow-exit --use-pid-file=no \
    --log-target=file:"$dir/server.log" \
    -L "module-native-protocol-unix socket=$dir/native auth-anonymous=1" \
    -L "module-null-sink sink_name=meditate_test rate=48000 channels=2" &
pid=$!

export PULSE_SERVER="unix:$dir/native"
export MEDITATE_TEST_PULSE_SINK=meditate_test
# Tests that play to the sink take this lock, so that no two of them are heard at once.
export MEDITATE_TEST_PULSE_LOCK="$dir/sink.lock"
tries=0
until pactl info >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ $tries -gt 100 ] || ! kill -0 "$pid" 2>/dev/null; then
        echo "with-test-pulse: the private PulseAudio server did not start:" >&2
        cat "$dir/server.log" >&2 || true
        exit 1
    fi
    sleep 0.1
done
pactl set-default-sink meditate_test

status=0
"$@" || status=$?
exit $status
