#!/usr/bin/env python3
"""The history's rows of `make bench`: 100,000 sits over three devices' files (history-folder),
the first merge into an empty index, `stats` over them, and how soon a running service counts
a sit another device's file brings. Then a folder a device filled as far as the merge reads
(twenty files at the size limit, 1.1 million sits, beside a 200 MB file and 3 MiB lines): the
merge's peak memory, and the exports' and the calendar feed's over it, which stay flat.

usage: bench_history.py MEDITATE OUT-DIR
"""
import json, os, random, shutil, subprocess, sys, tempfile, time, urllib.request, uuid

from bench_support import Service, row

meditate, out = sys.argv[1], os.path.abspath(sys.argv[2])
SITS, DEVICES = 100_000, 3

print("== history: 100,000 sits over 3 devices")
folder = tempfile.mkdtemp(prefix="meditate-bench-history-", dir=out)
history = os.path.join(folder, "sync")
random.seed(64)
devices = ["%032x" % random.getrandbits(128) for _ in range(DEVICES)]
now = time.time()
# Three sits a day or so from each device, the newest yesterday: some thirty years of practice.
for number, device in enumerate(devices):
    months = {}
    for index in range(number, SITS, DEVICES):
        started = now - 86_400 - (SITS - index) * 2_600
        changed = started + 1_800
        month = time.strftime("%Y-%m", time.gmtime(changed))
        months.setdefault(month, []).append(json.dumps({
            "changed": changed, "completed": True, "device": device, "host": f"room-{number}", "kind": "timer",
            "note": "20 min, bells every 5 min, pink noise", "plannedSeconds": 1200, "remark": "",
            "satSeconds": 1200, "startedAt": started, "track": "",
            "uuid": str(uuid.UUID(int=random.getrandbits(128)))}, sort_keys=True, separators=(",", ":")))
    os.makedirs(os.path.join(history, "history", device))
    for month, lines in months.items():
        with open(os.path.join(history, "history", device, month + ".jsonl"), "w") as file:
            file.write("\n".join(lines) + "\n")
config = os.path.join(folder, "config")
os.makedirs(os.path.join(config, "meditate"))
with open(os.path.join(config, "meditate", "config.toml"), "w") as file:
    file.write(f'history-folder = "{history}"\n')


def stats(data):
    environment = dict(os.environ, XDG_DATA_HOME=data, XDG_CONFIG_HOME=config)
    began = time.monotonic()
    result = subprocess.run([meditate, "stats", "--json"], env=environment, capture_output=True, text=True,
                            check=True)
    return time.monotonic() - began, json.loads(result.stdout)


# The first merge: a new device joining, its index empty (best of three, each from nothing).
firsts = []
for attempt in range(3):
    data = os.path.join(folder, f"data-{attempt}")
    seconds, first = stats(data)
    firsts.append(seconds)
assert first["sessions"] == SITS, first
row("history: first merge of 100,000 sits + stats", f"{min(firsts):.2f}", "s", "< 1", min(firsts) < 1)
again = min(stats(os.path.join(folder, "data-0"))[0] for _ in range(3))
row("history: stats of 100,000 sits", f"{again:.2f}", "s", "< 1", again < 1)

# A running service on the same index: another device's new line, counted without being asked.
service = Service(meditate, out, "--backend", "alsa", "--device", "null",
                  environment={"XDG_DATA_HOME": os.path.join(folder, "data-0"), "XDG_CONFIG_HOME": config})
delays = []
for attempt in range(5):
    time.sleep(0.5)
    line = json.dumps({
        "changed": now, "completed": True, "device": devices[1], "host": "room-1", "kind": "timer",
        "note": "10 min", "plannedSeconds": 600, "remark": "", "satSeconds": 600, "startedAt": now - 3_600 - attempt,
        "track": "", "uuid": str(uuid.uuid4())}, sort_keys=True, separators=(",", ":"))
    month = time.strftime("%Y-%m", time.gmtime(now))
    with open(os.path.join(history, "history", devices[1], month + ".jsonl"), "a") as file:
        file.write(line + "\n")
    began = time.monotonic()
    while service.call("stats")["sessions"] != SITS + attempt + 1:
        if time.monotonic() - began > 10:
            break
        time.sleep(0.005)
    delays.append(time.monotonic() - began)
service.stop()
worst = max(delays)
row("history: another device's sit counted, worst of 5", f"{worst:.3f}", "s", "< 1", worst < 1)
shutil.rmtree(folder, ignore_errors=True)


def peak_rss(arguments, environment):
    """Peak resident memory of one run, in MiB (a child of its own, so earlier runs do not count)."""
    script = ("import resource, subprocess, sys\n"
              "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)\n"
              "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)")
    result = subprocess.run([sys.executable, "-c", script] + arguments, env=environment, capture_output=True,
                            text=True, check=True)
    return float(result.stdout)


print("== history: a planted folder, as far as the merge reads")
folder = tempfile.mkdtemp(prefix="meditate-bench-planted-", dir=out)
history = os.path.join(folder, "sync")
device = "%032x" % random.getrandbits(128)
files = os.path.join(history, "history", device)
os.makedirs(files)
LIMIT = 16 << 20
sits = 0
for number in range(20):
    with open(os.path.join(files, "%04d-%02d.jsonl" % (2000 + number // 12, number % 12 + 1)), "w") as file:
        size = 0
        while size < LIMIT - 4096:
            started = 1.0e9 + sits * 600
            line = json.dumps({
                "changed": started, "completed": True, "device": device, "host": "planted", "kind": "timer",
                "note": "20 min, bells every 5 min, pink noise", "plannedSeconds": 1200, "remark": "",
                "satSeconds": 1200, "startedAt": started, "track": "",
                "uuid": "%08x-0000-4000-8000-%012x" % (0, sits)}, sort_keys=True, separators=(",", ":")) + "\n"
            if sits % 100_000 == 50_000:
                line = "x" * (3 << 20) + "\n" + line
            if size + len(line) > LIMIT:
                break
            file.write(line)
            size += len(line)
            sits += 1
with open(os.path.join(files, "2030-01.jsonl"), "wb") as file:
    file.truncate(200 << 20)
config = os.path.join(folder, "config")
os.makedirs(os.path.join(config, "meditate"))
with open(os.path.join(config, "meditate", "config.toml"), "w") as file:
    file.write(f'history-folder = "{history}"\n')
data = os.path.join(folder, "data")
environment = dict(os.environ, XDG_DATA_HOME=data, XDG_CONFIG_HOME=config, TZ="UTC")
merge = peak_rss([meditate, "stats", "--json"], environment)
row(f"history: first merge of {sits:,} planted sits, peak RSS", f"{merge:.1f}", "MiB", "<= 64", merge <= 64)
result = subprocess.run([meditate, "stats", "--json"], env=environment, capture_output=True, text=True, check=True)
assert json.loads(result.stdout)["sessions"] == sits, result.stdout
for form in ["--ics", "--json", "--csv"]:
    peak = peak_rss([meditate, "history", form], environment)
    row(f"history {form} of {sits:,} sits, peak RSS", f"{peak:.1f}", "MiB", "<= 64", peak <= 64)
service = Service(meditate, out, "--backend", "alsa", "--device", "null", "--listen", "127.0.0.1:0",
                  environment={"XDG_DATA_HOME": data, "XDG_CONFIG_HOME": config})
web = service.call("hello")["web"]
token = json.loads(subprocess.run([meditate, "ctl", "token", "--socket", service.socket, "--json"],
                                  capture_output=True, text=True, check=True).stdout)["token"]
began = service.memory("VmHWM")
with urllib.request.urlopen(web + "history.ics?token=" + token, timeout=120) as answer:
    length = 0
    while True:
        piece = answer.read(1 << 16)
        if not piece:
            break
        length += len(piece)
peak = service.memory("VmHWM")
service.stop()
row(f"/history.ics of {sits:,} sits ({length / 1e6:.0f} MB), the service's peak RSS", f"{peak:.1f}", "MiB",
    "<= 64", peak <= 64)
print(f"   (the service's peak before the feed: {began:.1f} MiB)")
shutil.rmtree(folder, ignore_errors=True)
