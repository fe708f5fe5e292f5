"""What the service's and Snapcast's rows of `make bench` share: a `meditate serve` spoken to over
its socket, a capture of a private PulseAudio sink's monitor placed on the wall clock, the onsets
of the bells in it, and the row printed for each figure."""
import json, os, shutil, signal, socket, subprocess, tempfile, threading, time

import numpy as np

RATE = 48000


class Service:
    """`meditate serve` on a private socket and data folder; JSON-RPC over its socket."""

    def __init__(self, meditate, out, *arguments, config=None, environment=None):
        self.folder = tempfile.mkdtemp(prefix="meditate-bench-", dir=out)
        self.socket = os.path.join(self.folder, "run", "control.sock")
        if config is not None:
            os.makedirs(os.path.join(self.folder, "config", "meditate"))
            with open(os.path.join(self.folder, "config", "meditate", "config.toml"), "w") as file:
                file.write(config)
        env = dict(os.environ, XDG_DATA_HOME=os.path.join(self.folder, "data"),
                   XDG_CONFIG_HOME=os.path.join(self.folder, "config"))
        env.update(environment or {})
        self.process = subprocess.Popen([meditate, "serve", "--socket", self.socket, *arguments],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        for _ in range(200):
            if os.path.exists(self.socket):
                try:
                    self.call("hello")
                    break
                except OSError:
                    pass
            time.sleep(0.05)
        self.next_id = 1

    def connect(self):
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(self.socket)
        return connection, connection.makefile("r")

    def call(self, method, params=None):
        connection, lines = self.connect()
        connection.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}) + "\n").encode())
        while True:
            message = json.loads(lines.readline())
            if "id" in message:
                connection.close()
                if "error" in message:
                    raise RuntimeError(message["error"]["message"])
                return message["result"]

    def events(self):
        """A subscribed connection's event lines, as a generator."""
        connection, lines = self.connect()
        connection.sendall(b'{"jsonrpc":"2.0","id":1,"method":"subscribe"}\n')
        lines.readline()
        def generate():
            for line in lines:
                message = json.loads(line)
                if message.get("method") == "event":
                    yield message["params"]
        return generate()

    def cpu_seconds(self):
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def cpu_watch(self):
        """A precise CPU count from now on (`CPUWatch`)."""
        return CPUWatch(self.process.pid)

    def wakeups(self):
        total = 0
        for task in os.listdir(f"/proc/{self.process.pid}/task"):
            with open(f"/proc/{self.process.pid}/task/{task}/status") as status:
                for line in status:
                    if line.startswith("voluntary_ctxt_switches"):
                        total += int(line.split()[1])
        return total

    def memory(self, field):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)


class CPUWatch:
    """CPU seconds a process spends from its start until `stop()`, to the nanosecond: each
    thread's run time (/proc/PID/task/TID/schedstat), polled every 50 ms so that a thread that
    ends in between is counted up to its last poll. /proc/PID/stat counts in clock ticks,
    10 ms each, a sixth of what a live minute costs."""

    def __init__(self, pid):
        self.pid = pid
        self.before = self.snapshot()
        self.seen = dict(self.before)
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.poll)
        self.thread.start()

    def snapshot(self):
        times = {}
        for task in os.listdir(f"/proc/{self.pid}/task"):
            try:
                with open(f"/proc/{self.pid}/task/{task}/schedstat") as schedstat:
                    times[task] = int(schedstat.read().split()[0])
            except OSError:  # the thread ended between the listing and the read
                pass
        return times

    def note(self):
        for task, nanoseconds in self.snapshot().items():
            self.seen[task] = max(nanoseconds, self.seen.get(task, 0))

    def poll(self):
        while not self.done.wait(0.05):
            self.note()

    def stop(self):
        self.done.set()
        self.thread.join()
        self.note()
        return sum(spent - self.before.get(task, 0) for task, spent in self.seen.items()) / 1e9


class Capture:
    """The sink's monitor, placed on the wall clock: each chunk parec hands over was captured no
    later than it arrived, so min(arrival - frames so far / rate) is when its first frame was."""

    def __init__(self, sink=None, channels=2):
        self.channels = channels
        sink = sink or os.environ.get("MEDITATE_TEST_PULSE_SINK", "meditate_test")
        self.process = subprocess.Popen(
            ["parec", "--raw", "--format=float32le", f"--rate={RATE}", f"--channels={channels}", "--latency-msec=5",
             "-d", sink + ".monitor"],
            stdout=subprocess.PIPE, bufsize=0)
        self.data = bytearray()
        self.start = float("inf")
        self.thread = threading.Thread(target=self.read)
        self.thread.start()
        while not self.data:
            time.sleep(0.01)

    def read(self):
        while True:
            chunk = os.read(self.process.stdout.fileno(), 65536)
            now = time.time()
            if not chunk:
                return
            self.data += chunk
            self.start = min(self.start, now - len(self.data) // (4 * self.channels) / RATE)

    def stop(self):
        """The samples, one column a channel, and the wall-clock instant of the first."""
        self.process.kill()
        self.thread.join()
        frame = 4 * self.channels
        samples = np.frombuffer(bytes(self.data[: len(self.data) // frame * frame]), dtype=np.float32)
        return samples.reshape(-1, self.channels), self.start


def onsets(left, rate=RATE, threshold=0.05, hold_seconds=1.0):
    """First samples of each sound: a 1 ms window's peak four times the 20 ms before it."""
    window = rate // 1000
    peaks = np.abs(left[: len(left) // window * window]).reshape(-1, window).max(axis=1)
    found, k = [], 25
    while k < len(peaks):
        before = peaks[k - 25 : k - 5].max()
        if peaks[k] >= threshold and peaks[k] > 4 * before:
            start = k * window
            # The first sample above a tenth of the window's peak.
            segment = np.abs(left[start - window : start + window])
            first = np.nonzero(segment > 0.1 * peaks[k])[0]
            found.append(start - window + (first[0] if len(first) else window))
            k += int(hold_seconds * 1000)
        else:
            k += 1
    return found


def ctl_bell_delays(meditate, service, times=5):
    """`meditate ctl bell` to the bell's first sample on the sink's monitor, in ms, `times` times
    (the client's start included); a bell not found on its capture is left out."""
    delays = []
    for _ in range(times):
        capture = Capture()
        time.sleep(0.5)
        sent = time.time()
        subprocess.run([meditate, "ctl", "bell", "--gong", "bell", "--socket", service.socket],
                       stdout=subprocess.DEVNULL, check=True)
        time.sleep(1.5)
        samples, start = capture.stop()
        found = onsets(samples[:, 0])
        if found:
            delays.append((start + found[0] / RATE - sent) * 1000)
        time.sleep(6)
    return delays


def row(name, value, unit, goal, ok):
    print(f"{name:<44} {value:>9} {unit:<10} (goal {goal})  {'ok' if ok else 'MISSED'}")
