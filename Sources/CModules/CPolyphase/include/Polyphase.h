#ifndef MEDITATE_POLYPHASE_H
#define MEDITATE_POLYPHASE_H

// The inner loop of meditate's polyphase resampler (Sources/Decoders/PolyphaseResampler.swift):
// a dot product of interleaved stereo frames with one phase of the filter, per output frame.
// It is in C for one reason: on x86-64 it picks AVX2 with FMA at run time when the processor
// has them, which halves its cost; Swift compiles for the x86-64 baseline only.

#include <stddef.h>

// The most rows a filter may have (the kernel plans its work on the stack).
#define MEDITATE_POLYPHASE_MAX_ROWS 1024

typedef struct {
    // rows × taps × 2 floats: each tap twice, once for the left and once for the right sample.
    // Row r is the phase output frame n uses when n ≡ r (mod rows), counted from the frame
    // made at row 0. On a 64-byte boundary.
    const float *coefficients;
    // For each row, how many input frames the window moves on after it.
    const int *advance;
    // At most MEDITATE_POLYPHASE_MAX_ROWS.
    long rows;
    // A multiple of 4.
    long taps;
    // The sum of `advance`: how far the window moves in `rows` output frames.
    long step;
    // Every output sample is held within ±limit: the filter rings past its input's peak, and
    // samples held to the limit before it are held to it after it too.
    float limit;
} meditate_polyphase;

// Writes output frames while the next one's window (`taps` frames from *position) lies inside
// the `available` frames of `input`, at most `capacity`; advances *position and *row.
// Returns the frames written.
long meditate_polyphase_run(const meditate_polyphase *filter, const float *input, long available,
                            long *position, long *row, float *output, long capacity);

// The equiripple prototype for 44.1 -> 48 kHz (Prototype44100To48000.c, written by
// scripts/design_resampler_table.py): 160 phases of 32 taps, less one, centred on its middle.
#define MEDITATE_PROTOTYPE_44100_48000_PHASES 160
#define MEDITATE_PROTOTYPE_44100_48000_TAPS 32
#define MEDITATE_PROTOTYPE_44100_48000_LENGTH (160 * 32 - 1)
const float *meditate_prototype_44100_48000(void);

#endif
