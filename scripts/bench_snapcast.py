#!/usr/bin/env python3
"""The Snapcast rows of `make bench`: a sit of ten bells through `meditate serve --backend
snapcast`, a private snapserver on loopback, and two snapclients playing into two rooms of the
private PulseAudio server (the front and rear pairs of one four-channel null sink, so that one
capture holds both on one time line). Run inside scripts/with-test-pulse.sh.

usage: bench_snapcast.py MEDITATE OUT-DIR
"""
import os, shutil, socket, subprocess, sys, tempfile, time

import numpy as np

from bench_support import RATE, Capture, Service, onsets, row

meditate, out = sys.argv[1], os.path.abspath(sys.argv[2])
BUFFER_MS = 1000  # snapserver's default


def pactl(*arguments):
    return subprocess.run(["pactl", *arguments], check=True, capture_output=True, text=True).stdout.strip()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def lag(a, b, at, most=RATE // 100):
    """Frames by which b plays the sound that starts in a at `at` later: the cross-correlation's
    peak over the next 50 ms."""
    segment = a[at:at + RATE // 20]
    scores = [np.dot(segment, b[at + d:at + d + len(segment)]) for d in range(-most, most + 1)]
    return int(np.argmax(scores)) - most


print("== Snapcast: two rooms")
folder = tempfile.mkdtemp(prefix="meditate-snapcast-", dir=out)
modules = [pactl("load-module", "module-null-sink", "sink_name=bench_rooms", "rate=48000", "channels=4",
                 "channel_map=front-left,front-right,rear-left,rear-right")]
for room, pair in (("bench_room_a", "front-left,front-right"), ("bench_room_b", "rear-left,rear-right")):
    modules.append(pactl("load-module", "module-remap-sink", f"sink_name={room}", "master=bench_rooms", "channels=2",
                         f"master_channel_map={pair}", "channel_map=front-left,front-right", "remix=no"))
port = free_port()
fifo = os.path.join(folder, "meditate.fifo")
server = subprocess.Popen(
    ["snapserver", "-c", "/dev/null", f"--server.datadir={folder}", "--http.enabled=0", "--tcp.enabled=0",
     "--stream.bind_to_address=127.0.0.1", f"--stream.port={port}", f"--stream.buffer={BUFFER_MS}",
     f"--stream.source=pipe://{fifo}?name=meditate&mode=create", "--logging.sink=null"],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
deadline = time.monotonic() + 10
while not os.path.exists(fifo):
    # A snapserver that exits or never makes its FIFO ends the section, not the whole bench.
    if server.poll() is not None or time.monotonic() > deadline:
        server.kill()
        for module in reversed(modules):
            pactl("unload-module", module)
        sys.exit(f"bench_snapcast: snapserver did not make {fifo} (exit status {server.poll()})")
    time.sleep(0.05)
clients = [subprocess.Popen(["snapclient", "-h", "127.0.0.1", "-p", str(port), "--hostID", room, "--player", "pulse",
                             "--soundcard", room, "--logsink", "null"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
           for room in ("bench_room_a", "bench_room_b")]
time.sleep(2)
service = Service(meditate, out, "--backend", "snapcast", "--device", fifo,
                  environment={"MEDITATE_SNAPCAST_BUFFER_MS": str(BUFFER_MS)})
capture = Capture(sink="bench_rooms", channels=4)
time.sleep(0.5)

# A 30-second sit with bells every 3 s: the start gong and nine bells, then the completion gong.
events = service.events()
service.call("sit.start", {"minutes": "0.5", "interval": "0.05", "gong": "bell", "countdown": 0})
told = []
for event in events:
    if event.get("event") == "bell":
        told.append(event["at"])
    if event.get("event") == "session-ended":
        break
time.sleep(0.5)
samples, first = capture.stop()
a, b = samples[:, 0], samples[:, 2]
heard = onsets(a)[:10]
lags = [lag(a, b, max(0, at - RATE // 200)) / RATE * 1000 for at in heard]
worst = max(abs(x) for x in lags) if len(lags) == 10 else float("nan")
row("Snapcast: bell onset, room A vs room B, worst of ten", f"{worst:.2f}", "ms", "< 1 ms", worst < 1)
print("   each, ms: " + " ".join(f"{x:+.2f}" for x in lags))
errors = [(first + at / RATE - when) * 1000 for at, when in zip(heard, told)]
worst = max(abs(e) for e in errors) if len(errors) == 10 else float("nan")
row("Snapcast: bell heard vs instant told, worst of ten", f"{worst:.1f}", "ms", "<= 20 ms", worst <= 20)
print(f"   each, ms (snapserver's buffer of {BUFFER_MS} ms included): " + " ".join(f"{e:+.1f}" for e in errors))

service.stop()
for process in clients + [server]:
    process.kill()  # they keep SIGTERM blocked when they inherit a blocked mask
    process.wait()
for module in reversed(modules):
    pactl("unload-module", module)
shutil.rmtree(folder, ignore_errors=True)
