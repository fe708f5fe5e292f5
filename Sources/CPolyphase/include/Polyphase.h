#ifndef MEDITATE_POLYPHASE_H
#define MEDITATE_POLYPHASE_H

// The inner loop of meditate's polyphase resampler (Sources/Decoders/PolyphaseResampler.swift):
// a dot product of interleaved stereo frames with one phase of the filter, per output frame.
// It is in C for one reason: on x86-64 it picks AVX2 with FMA at run time when the processor
// has them, which halves its cost; Swift compiles for the x86-64 baseline only.

#include <stddef.h>

typedef struct {
    // rows × taps × 2 floats: each tap twice, once for the left and once for the right sample.
    // The rows are the filter's phases in the order output frames use them, so that the table
    // is read front to back (it is larger than a core's first-level cache).
    const float *coefficients;
    // For each row, how many input frames the window moves on after it.
    const int *advance;
    long rows;
    // A multiple of 4.
    long taps;
} meditate_polyphase;

// Writes output frames while the next one's window (`taps` frames from *position) lies inside
// the `available` frames of `input`, at most `capacity`; advances *position and *row.
// Returns the frames written.
long meditate_polyphase_run(const meditate_polyphase *filter, const float *input, long available,
                            long *position, long *row, float *output, long capacity);

#endif
