#!/bin/bash
# A private PipeWire, as a desktop runs it: pipewire, wireplumber (its session manager, on a
# private session bus of its own) and pipewire-pulse, which serves PulseAudio clients such as
# meditate; with one null sink, meditate_test, whose monitor the tests record. Everything lives
# in DIR: the runtime folder, the bus, the logs and the pids, by which it is stopped.
#   scripts/pipewire-server.sh start DIR   starts it (the bus too, unless it runs) and prints the
#                                          PULSE_SERVER to give clients
#   scripts/pipewire-server.sh stop DIR    kills PipeWire at once (SIGKILL, as a crash would),
#                                          leaving the bus, so that start brings it back
#   scripts/pipewire-server.sh end DIR     stops all of it, the bus too
# The processes are detached: the caller, a test's Process, is not kept waiting on them.
set -eu
command=$1 dir=$2
# No descriptor of the caller's reaches the servers: Foundation's Process learns that its child
# has exited when a socket it handed over is closed by every holder, and a dbus-daemon holding it
# would keep a test waiting for the script to the end. (bash: sh names only descriptors 0-9;
# bash's own, 255, is closed on exec.)
for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    if [ "$fd" -gt 2 ] && [ "$fd" != 255 ]; then eval "exec $fd>&-"; fi
done
mkdir -p "$dir/run"
chmod 700 "$dir/run"

alive() { [ -f "$dir/$1.pid" ] && kill -0 "$(cat "$dir/$1.pid")" 2>/dev/null; }
kill_by_pid() {
    for name in "$@"; do
        alive "$name" || continue
        pid=$(cat "$dir/$name.pid")
        kill -KILL "$pid" 2>/dev/null || true
        tries=0
        while kill -0 "$pid" 2>/dev/null && [ $tries -lt 250 ]; do
            # A zombie no one reaps yet counts as gone.
            [ "$(ps -o stat= -p "$pid" 2>/dev/null | cut -c1)" = Z ] && break
            tries=$((tries + 1))
            sleep 0.02
        done
        rm -f "$dir/$name.pid"
    done
}
# Waits up to 10 s for a check to pass, or says what did not start, with its log.
wait_for() {
    what=$1
    shift
    tries=0
    until "$@" >/dev/null 2>&1; do
        tries=$((tries + 1))
        if [ $tries -gt 200 ]; then
            echo "pipewire-server: $what did not start:" >&2
            tail -n 20 "$dir/$what.log" >&2 2>/dev/null || true
            exit 1
        fi
        sleep 0.05
    done
}

# Nothing of a person's session is read or reached: home, configuration, state and runtime
# folders are all in DIR.
export HOME="$dir" XDG_RUNTIME_DIR="$dir/run" XDG_CONFIG_HOME="$dir/config" XDG_STATE_HOME="$dir/state"
export DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/bus" PULSE_SERVER="unix:$dir/run/pulse/native"
unset DISPLAY WAYLAND_DISPLAY PIPEWIRE_REMOTE PULSE_RUNTIME_PATH

case $command in
stop)
    kill_by_pid pipewire-pulse wireplumber pipewire
    rm -rf "$dir/run/pulse" "$dir/run/pipewire-0" "$dir/run/pipewire-0.lock"
    exit 0
    ;;
end)
    kill_by_pid pipewire-pulse wireplumber pipewire dbus
    exit 0
    ;;
start) ;;
*)
    echo "pipewire-server: start, stop or end, not '$command'" >&2
    exit 2
    ;;
esac

if ! alive dbus; then
    rm -f "$dir/bus"
    dbus-daemon --session --nofork --nopidfile --address="$DBUS_SESSION_BUS_ADDRESS" \
        </dev/null >"$dir/dbus.log" 2>&1 &
    echo $! >"$dir/dbus.pid"
    wait_for dbus test -S "$dir/bus"
fi
pipewire </dev/null >"$dir/pipewire.log" 2>&1 &
echo $! >"$dir/pipewire.pid"
wait_for pipewire test -S "$dir/run/pipewire-0"
wireplumber </dev/null >"$dir/wireplumber.log" 2>&1 &
echo $! >"$dir/wireplumber.pid"
pipewire-pulse </dev/null >"$dir/pipewire-pulse.log" 2>&1 &
echo $! >"$dir/pipewire-pulse.pid"
wait_for pipewire-pulse pactl info
# The sink's description is its name, as PulseAudio's null sink says it. pipewire-pulse can
# answer `pactl info` before it loads modules ("Failure: Not supported", seen once in a fresh
# clone's run): the load is tried again until it takes.
wait_for pipewire-pulse pactl load-module module-null-sink sink_name=meditate_test rate=48000 channels=2 \
    sink_properties=device.description=meditate_test
wait_for wireplumber sh -c 'pactl list short sinks | grep -q "	meditate_test	"'
wait_for wireplumber pactl set-default-sink meditate_test
echo "$PULSE_SERVER"
