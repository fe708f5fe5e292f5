#!/usr/bin/env python3
"""The Snapcast rows of `make bench`: a sit of ten bells through `meditate serve --backend
snapcast`, a private snapserver on loopback, and two snapclients playing into two rooms of the
private PulseAudio server (the front and rear pairs of one four-channel null sink, so that one
capture holds both on one time line). Run inside scripts/with-test-pulse.sh.

usage: bench_snapcast.py MEDITATE OUT-DIR
"""
import json, os, shutil, signal, socket, subprocess, sys, tempfile, threading, time

import numpy as np

meditate, out = sys.argv[1], sys.argv[2]
RATE = 48000
BUFFER_MS = 1000  # snapserver's default


def pactl(*arguments):
    return subprocess.run(["pactl", *arguments], check=True, capture_output=True, text=True).stdout.strip()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def row(name, value, unit, goal, ok):
    print(f"{name:<44} {value:>9} {unit:<10} (goal {goal})  {'ok' if ok else 'MISSED'}")


def onsets(channel, threshold=0.05, hold_seconds=1.0):
    """First samples of each sound: a 1 ms window's peak four times the 20 ms before it."""
    window = RATE // 1000
    peaks = np.abs(channel[: len(channel) // window * window]).reshape(-1, window).max(axis=1)
    found, k = [], 25
    while k < len(peaks):
        if peaks[k] >= threshold and peaks[k] > 4 * peaks[k - 25:k - 5].max():
            found.append(k * window)
            k += int(hold_seconds * 1000)
        else:
            k += 1
    return found


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
while not os.path.exists(fifo):
    time.sleep(0.05)
clients = [subprocess.Popen(["snapclient", "-h", "127.0.0.1", "-p", str(port), "--hostID", room, "--player", "pulse",
                             "--soundcard", room, "--logsink", "null"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
           for room in ("bench_room_a", "bench_room_b")]
time.sleep(2)
socket_path = os.path.join(folder, "control.sock")
service = subprocess.Popen([meditate, "serve", "--socket", socket_path, "--backend", "snapcast", "--device", fifo],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env=dict(os.environ, XDG_DATA_HOME=os.path.join(folder, "data"),
                                    MEDITATE_SNAPCAST_BUFFER_MS=str(BUFFER_MS)))
while not os.path.exists(socket_path):
    time.sleep(0.05)
time.sleep(0.5)

capture = subprocess.Popen(["parec", "--raw", "--format=float32le", "--rate=48000", "--channels=4",
                            "--latency-msec=5", "-d", "bench_rooms.monitor"], stdout=subprocess.PIPE, bufsize=0)
data, first = bytearray(), [float("inf")]


def read():
    while True:
        chunk = os.read(capture.stdout.fileno(), 65536)
        now = time.time()
        if not chunk:
            return
        data.extend(chunk)
        first[0] = min(first[0], now - len(data) // 16 / RATE)


reader = threading.Thread(target=read)
reader.start()
time.sleep(0.5)

# A 30-second sit with bells every 3 s: the start gong and nine bells, then the completion gong.
connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
connection.connect(socket_path)
lines = connection.makefile("r")
connection.sendall(b'{"jsonrpc":"2.0","id":1,"method":"subscribe"}\n')
request = {"minutes": "0.5", "interval": "0.05", "gong": "bell", "countdown": 0}
connection.sendall((json.dumps({"jsonrpc": "2.0", "id": 2, "method": "sit.start", "params": request}) + "\n").encode())
told = []
for line in lines:
    message = json.loads(line)
    params = message.get("params", {})
    if params.get("event") == "bell":
        told.append(params["at"])
    if params.get("event") == "session-ended":
        break
connection.close()
time.sleep(0.5)
capture.kill()
reader.join()
samples = np.frombuffer(bytes(data[: len(data) // 16 * 16]), dtype=np.float32).reshape(-1, 4)
a, b = samples[:, 0], samples[:, 2]
heard = onsets(a)[:10]
lags = [lag(a, b, max(0, at - RATE // 200)) / RATE * 1000 for at in heard]
worst = max(abs(x) for x in lags) if len(lags) == 10 else float("nan")
row("Snapcast: bell onset, room A vs room B, worst of ten", f"{worst:.2f}", "ms", "< 1 ms", worst < 1)
print("   each, ms: " + " ".join(f"{x:+.2f}" for x in lags))
errors = [(first[0] + at / RATE - when) * 1000 for at, when in zip(heard, told)]
worst = max(abs(e) for e in errors) if len(errors) == 10 else float("nan")
row("Snapcast: bell heard vs instant told, worst of ten", f"{worst:.1f}", "ms", "<= 20 ms", worst <= 20)
print(f"   each, ms (snapserver's buffer of {BUFFER_MS} ms included): " + " ".join(f"{e:+.1f}" for e in errors))

service.send_signal(signal.SIGTERM)
service.wait(timeout=10)
for process in clients + [server]:
    process.kill()  # they keep SIGTERM blocked when they inherit a blocked mask
    process.wait()
for module in reversed(modules):
    pactl("unload-module", module)
shutil.rmtree(folder, ignore_errors=True)
