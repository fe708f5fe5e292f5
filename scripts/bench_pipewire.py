#!/usr/bin/env python3
"""The PipeWire rows of `make bench`: a live minute's CPU played through pipewire-pulse, beside
pw-play (PipeWire's own player) playing the same minute, and how soon `ctl bell` is heard there.
Run with PULSE_SERVER naming a private PipeWire's PulseAudio server and XDG_RUNTIME_DIR its
runtime folder (bench.sh starts one with scripts/pipewire-server.sh).

usage: bench_pipewire.py MEDITATE OUT-DIR PULSEAUDIO-LIVE-MINUTE-CPU-SECONDS
"""
import os, resource, subprocess, sys

from bench_support import Service, ctl_bell_delays, row

meditate, out, pulse_cpu = sys.argv[1], os.path.abspath(sys.argv[2]), float(sys.argv[3])


def cpu_seconds(*command):
    """User and system CPU seconds of one run of `command` and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


# A live minute: the sit of the PulseAudio row (pink noise, bells every 15 s), ended after 60 s.
sit = ["--countdown", "0", "--interval", "0.25", "--noise", "pink"]
ours = cpu_seconds("timeout", "--preserve-status", "-s", "TERM", "60", meditate, "--minutes", "5", *sit,
                   "--backend", "pulse", "-q")
# pw-play plays the same minute, rendered first: PipeWire's own client, with no synthesis. The
# goal: no more than it (measured: 0.4 of it, meditate's two-second queue waking it seldom).
minute = os.path.join(out, "pipewire-minute.wav")
subprocess.run([meditate, "render", "--minutes", "1", *sit, "-q", "-o", minute], check=True)
theirs = cpu_seconds("pw-play", minute)
os.remove(minute)
ratio = ours / theirs
print(f"{'live minute on PipeWire, CPU (ref: pw-play)':<44} meditate {ours:7.3f} s   pw-play {theirs:7.3f} s   "
      f"ratio {ratio:5.2f}  (goal <= 1)  {'ok' if ratio <= 1 else 'MISSED'}")
print(f"   the same minute on PulseAudio: {pulse_cpu:.3f} s")

# Command to sound: `meditate ctl bell` to the bell's first sample on the monitor, as on PulseAudio.
service = Service(meditate, out, "--backend", "pulse")
delays = ctl_bell_delays(meditate, service)
service.stop()
worst = max(delays) if len(delays) == 5 else float("nan")
row("ctl bell to its first sample on PipeWire, worst of five", f"{worst:.1f}", "ms", "<= 100 + 30 ms", worst <= 130)
print("   each, ms: " + " ".join(f"{d:.1f}" for d in sorted(delays)) + "   (the client's start included)")
