#!/usr/bin/env python3
"""Designs the polyphase resampler's filter for 44.1 -> 48 kHz, the conversion nearly every MP3
needs, and writes it to Sources/CModules/CPolyphase/Prototype44100To48000.c. Run by hand when the design
changes (it needs scipy: `python3 -m pip install scipy`); the table is committed.

Why a table: the Kaiser window the resampler designs for any other pair of rates needs 36 taps
per phase here for its goal (flat within 0.01 dB to 20 kHz, images that would land below 20 kHz
100 dB down). An equiripple design (Parks-McClellan) spends its error evenly and reaches the same
goal with 32: every tap less is an eighth less of the resampler's work on a one-core Pi.

The prototype runs at 160 x 44.1 kHz (one phase per position an output frame can fall on). Its
passband is 0-20 kHz and its stopband everything from 28 kHz (which folds onto 20 kHz at the
output's 48 kHz) up. Leaving the bands that fold between 20 and 24 kHz free looked cheaper, but
the response it left there at the multiples of 44.1 kHz made the phases' gains differ by up to
4 %, which the resampler's per-phase normalisation turned into spurs at -47 dB. Its length is
32 x 160 - 1, odd and symmetric, centred on 0.

remez does not quite reach the optimum at this length: the weight was chosen by trying
(0.012 to 0.5); 0.06 gave the deepest stopband.
"""
import os

import numpy as np
import scipy.signal as signal

PHASES, INPUT_RATE, TAPS = 160, 44_100, 32
RATE = PHASES * INPUT_RATE
# The passband's error weighed against the stopband's (see above).
PASSBAND_WEIGHT = 0.06

prototype = signal.remez(
    TAPS * PHASES - 1, [0, 20_000, 28_000, RATE / 2], [1, 0], weight=[PASSBAND_WEIGHT, 1], fs=RATE, maxiter=100)

frequencies, response = signal.freqz(prototype, worN=1 << 20, fs=RATE)
level = np.abs(response) / np.abs(response[0])
passband = 20 * np.log10(level[frequencies <= 20_000])
stopband = 20 * np.log10(level[frequencies >= 28_000].max())
print(f"passband {passband.min():+.4f} to {passband.max():+.4f} dB, stopbands {stopband:.1f} dB")
assert passband.max() - passband.min() < 0.01 and stopband < -101
# Polyphase.h gives the Swift side the length: it must be the one designed here.
assert len(prototype) == 5119

path = os.path.join(os.path.dirname(__file__), "..", "Sources", "CModules", "CPolyphase", "Prototype44100To48000.c")
with open(path, "w") as file:
    file.write("// Written by scripts/design_resampler_table.py: see there why and how. Do not edit.\n")
    file.write('#include "Polyphase.h"\n\n')
    file.write(f"static const float prototype[{len(prototype)}] = {{\n")
    for start in range(0, len(prototype), 6):
        file.write("    " + " ".join(f"{value:.9e}f," for value in prototype[start:start + 6]) + "\n")
    file.write("};\n\n")
    file.write("const float *meditate_prototype_44100_48000(void) { return prototype; }\n")
print(f"wrote {len(prototype)} coefficients to {os.path.normpath(path)}")
