#!/usr/bin/env python3
"""The sample peak and the true peak of float WAV renders, for `make bench`.

The true peak is read from the signal oversampled four times by zero-padding its spectrum, in
windows around every loud spot (ITU-R BS.1770's true-peak meter oversamples four times too).
Goal: every sample at or under the ceiling (-1 dBFS), every true peak under full scale.
"""
import struct
import sys

import numpy as np

CEILING = float(np.float32(0.8912509))  # the mixer's Float


def frames(path):
    data = open(path, "rb").read()
    at = data.find(b"data")
    size = struct.unpack("<I", data[at + 4:at + 8])[0]
    return np.frombuffer(data[at + 8:at + 8 + size], dtype="<f4").reshape(-1, 2).astype(np.float64)


def true_peak(samples, window=16384, edge=1024):
    loud = np.where(np.abs(samples).max(axis=1) > 0.5)[0]
    peak, done = 0.0, set()
    for frame in loud:
        start = max(0, frame - window // 2)
        if start // 4096 in done:
            continue
        done.add(start // 4096)
        end = min(len(samples), start + window)
        for channel in range(2):
            spectrum = np.fft.rfft(samples[start:end, channel])
            n = end - start
            padded = np.zeros(2 * n + 1, dtype=complex)
            padded[:len(spectrum)] = spectrum
            upsampled = np.fft.irfft(padded, 4 * n) * 4
            peak = max(peak, np.abs(upsampled[4 * edge:len(upsampled) - 4 * edge]).max())
    return peak


worst_sample, worst_true = 0.0, 0.0
for path in sys.argv[1:]:
    samples = frames(path)
    worst_sample = max(worst_sample, np.abs(samples).max())
    worst_true = max(worst_true, true_peak(samples))
ok = worst_sample <= CEILING and worst_true < 1
print(f"{'peak of the README sit, 6 seeds':<44} sample {20 * np.log10(worst_sample):6.2f} dBFS   "
      f"true {20 * np.log10(worst_true):6.2f} dBTP   (goal <= -1.00 dBFS, < 0 dBTP)  {'ok' if ok else 'MISSED'}")
