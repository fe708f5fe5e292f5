#include "Polyphase.h"

#include <string.h>

// How the work is ordered, and why.
//
// The table (160 rows × 32 taps × 2 floats for 44.1 → 48 kHz, 40 KiB) is larger than a core's
// first-level cache. Made frame after frame, each output frame takes the next row, so every
// coefficient comes from the second-level cache, and that, not the arithmetic, sets the pace.
// Instead the kernel plans a block of output frames (some 2 500) and makes them row by row:
// the frames that share a row, `rows` frames apart, are made together, four at a time, each
// coefficient loaded once for the four. Their windows lie `step` input frames apart, in the
// block's stretch of input, which stays in the first-level cache. What is left over, fewer
// than four frames a row, is a run of consecutive frames, made four rows at a time: four
// independent sums keep the multipliers busy where one leaves them waiting on the last.
// Measured on x86-64 for an hour of 44.1 kHz stereo, 40 taps: 0.83 s, against 1.08 s frame
// after frame four at a time and 1.49 s one frame at a time.

typedef float v4sf __attribute__((vector_size(16)));

static inline v4sf load4(const float *p) {
    v4sf v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline long next_row(long r, long rows) {
    return r + 1 == rows ? 0 : r + 1;
}

// Frame sums for four windows `stride` floats apart, with one row `c` of `width` floats,
// held within ±limit and stored `spacing` frames apart in `out`.
typedef void (*same_row_kernel)(const float *x, long stride, const float *c, long width, float limit,
                                float *out, long spacing);
// Frame sums for four windows at x[0..3] with rows c[0..3], stored one after another in `out`.
typedef void (*next_rows_kernel)(const float *const *x, const float *const *c, long width, float limit, float *out);
// One frame's sum for the window at `x`, held within ±limit.
typedef void (*single_kernel)(const float *x, const float *c, long width, float limit, float *out);

static inline float hold(float value, float limit) {
    return value > limit ? limit : value < -limit ? -limit : value;
}

// Lanes are L, R, L, R: the left sum is lanes 0 and 2, the right one lanes 1 and 3.
static inline void store_pair(float *out, v4sf a, float limit) {
    out[0] = hold(a[0] + a[2], limit);
    out[1] = hold(a[1] + a[3], limit);
}

// Any processor: four lanes (SSE2 on x86-64, NEON on ARM), two taps of both channels per lane set.
static inline void same_row_portable(const float *x, long stride, const float *c, long width, float limit,
                                     float *out, long spacing) {
    v4sf a0 = {0, 0, 0, 0}, a1 = a0, a2 = a0, a3 = a0;
    for (long k = 0; k < width; k += 4) {
        const v4sf coefficients = load4(c + k);
        a0 += load4(x + k) * coefficients;
        a1 += load4(x + stride + k) * coefficients;
        a2 += load4(x + 2 * stride + k) * coefficients;
        a3 += load4(x + 3 * stride + k) * coefficients;
    }
    store_pair(out, a0, limit);
    store_pair(out + spacing * 2, a1, limit);
    store_pair(out + spacing * 4, a2, limit);
    store_pair(out + spacing * 6, a3, limit);
}

static inline void next_rows_portable(const float *const *x, const float *const *c, long width, float limit, float *out) {
    v4sf a0 = {0, 0, 0, 0}, a1 = a0, a2 = a0, a3 = a0;
    for (long k = 0; k < width; k += 4) {
        a0 += load4(x[0] + k) * load4(c[0] + k);
        a1 += load4(x[1] + k) * load4(c[1] + k);
        a2 += load4(x[2] + k) * load4(c[2] + k);
        a3 += load4(x[3] + k) * load4(c[3] + k);
    }
    store_pair(out, a0, limit);
    store_pair(out + 2, a1, limit);
    store_pair(out + 4, a2, limit);
    store_pair(out + 6, a3, limit);
}

static inline void single_portable(const float *x, const float *c, long width, float limit, float *out) {
    v4sf a = {0, 0, 0, 0};
    for (long k = 0; k < width; k += 4) a += load4(x + k) * load4(c + k);
    store_pair(out, a, limit);
}

// Plans blocks of output frames and makes each block row by row (see the top of this file).
// Inlined into each caller with its kernels, so that they are inlined too.
__attribute__((always_inline))
static inline long run_blocks(const meditate_polyphase *f, const float *input, long available,
                              long *position, long *row, float *output, long capacity,
                              same_row_kernel same_row, next_rows_kernel next_rows, single_kernel single) {
    const long taps = f->taps, width = taps * 2, rows = f->rows, step = f->step;
    // Enough frames that every row is used at least four times: 2 560 for 160 rows.
    const long groups = (2048 + 4 * rows - 1) / (4 * rows);
    const long block = 4 * rows * groups;
    // The last input frame a window may start at.
    const long last = available - taps;
    // Where the window of each of the block's first `rows` frames starts.
    long start[MEDITATE_POLYPHASE_MAX_ROWS];
    long i = *position, r = *row, made = 0;
    if (rows > MEDITATE_POLYPHASE_MAX_ROWS || step < 1) return 0;
    while (made < capacity && i <= last) {
        const long limit = capacity - made < block ? capacity - made : block;
        // The first cycle of rows frame by frame; frame j + m × rows then starts m × step
        // input frames after frame j, so the rest of the block is counted, not walked.
        const long first = limit < rows ? limit : rows;
        long n = 0, p = i, q = r;
        while (n < first && p <= last) {
            start[n] = p;
            p += f->advance[q];
            q = next_row(q, rows);
            n += 1;
        }
        if (n == rows) {
            const long whole = (last - start[rows - 1]) / step + 1;
            long partial = 0;
            while (partial < rows && start[partial] + whole * step <= last) partial += 1;
            n = whole * rows + partial;
            if (n > limit) n = limit;
            p = start[n % rows] + n / rows * step;
            q = (r + n) % rows;
        }
        float *out = output + made * 2;
        // Frames that share a row, four at a time, while every row has four more.
        const long shared = n / rows / 4;
        for (long j = 0; j < rows && shared > 0; j++) {
            const long rr = r + j < rows ? r + j : r + j - rows;
            const float *c = f->coefficients + rr * width;
            const float *x = input + start[j] * 2;
            for (long g = 0; g < shared; g++, x += 8 * step) {
                same_row(x, 2 * step, c, width, f->limit, out + (j + 4 * g * rows) * 2, rows);
            }
        }
        // The rest, a run of consecutive frames: four rows at a time, then one by one.
        long k = shared * 4 * rows;
        for (; k + 4 <= n; k += 4) {
            const float *x[4], *c[4];
            for (long e = 0; e < 4; e++) {
                const long j = (k + e) % rows;
                const long rr = r + j < rows ? r + j : r + j - rows;
                x[e] = input + (start[j] + (k + e) / rows * step) * 2;
                c[e] = f->coefficients + rr * width;
            }
            next_rows(x, c, width, f->limit, out + k * 2);
        }
        for (; k < n; k++) {
            const long j = k % rows;
            const long rr = r + j < rows ? r + j : r + j - rows;
            single(input + (start[j] + k / rows * step) * 2, f->coefficients + rr * width, width, f->limit, out + k * 2);
        }
        made += n;
        i = p;
        r = q;
        if (n < limit) break;
    }
    *position = i;
    *row = r;
    return made;
}

static long run_portable(const meditate_polyphase *f, const float *input, long available,
                         long *position, long *row, float *output, long capacity) {
    return run_blocks(f, input, available, position, row, output, capacity,
                      same_row_portable, next_rows_portable, single_portable);
}

#if defined(__x86_64__)
#include <immintrin.h>

// Four frame sums reduced together, held within ±limit: [0L 0R 2L 2R | 1L 1R 3L 3R].
__attribute__((target("avx2,fma"), always_inline))
static inline __m256 reduce4(__m256 a0, __m256 a1, __m256 a2, __m256 a3, float limit) {
    // Halves first: [a0 low | a1 low] + [a0 high | a1 high] holds four partial sums L R L R
    // of frame 0, then four of frame 1.
    const __m256 s01 = _mm256_add_ps(_mm256_permute2f128_ps(a0, a1, 0x20), _mm256_permute2f128_ps(a0, a1, 0x31));
    const __m256 s23 = _mm256_add_ps(_mm256_permute2f128_ps(a2, a3, 0x20), _mm256_permute2f128_ps(a2, a3, 0x31));
    // Then pairs.
    const __m256 w = _mm256_add_ps(_mm256_shuffle_ps(s01, s23, _MM_SHUFFLE(1, 0, 1, 0)),
                                   _mm256_shuffle_ps(s01, s23, _MM_SHUFFLE(3, 2, 3, 2)));
    return _mm256_max_ps(_mm256_min_ps(w, _mm256_set1_ps(limit)), _mm256_set1_ps(-limit));
}

// Eight lanes with fused multiply-add: four taps of both channels per instruction.
__attribute__((target("avx2,fma"), always_inline))
static inline void same_row_avx2(const float *x, long stride, const float *c, long width, float limit,
                                 float *out, long spacing) {
    __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
    for (long k = 0; k < width; k += 8) {
        const __m256 coefficients = _mm256_load_ps(c + k);
        a0 = _mm256_fmadd_ps(_mm256_loadu_ps(x + k), coefficients, a0);
        a1 = _mm256_fmadd_ps(_mm256_loadu_ps(x + stride + k), coefficients, a1);
        a2 = _mm256_fmadd_ps(_mm256_loadu_ps(x + 2 * stride + k), coefficients, a2);
        a3 = _mm256_fmadd_ps(_mm256_loadu_ps(x + 3 * stride + k), coefficients, a3);
    }
    const __m256 w = reduce4(a0, a1, a2, a3, limit);
    const __m128 low = _mm256_castps256_ps128(w), high = _mm256_extractf128_ps(w, 1);
    _mm_storel_pi((__m64 *)out, low);
    _mm_storel_pi((__m64 *)(out + spacing * 2), high);
    _mm_storeh_pi((__m64 *)(out + spacing * 4), low);
    _mm_storeh_pi((__m64 *)(out + spacing * 6), high);
}

__attribute__((target("avx2,fma"), always_inline))
static inline void next_rows_avx2(const float *const *x, const float *const *c, long width, float limit, float *out) {
    __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
    for (long k = 0; k < width; k += 8) {
        a0 = _mm256_fmadd_ps(_mm256_loadu_ps(x[0] + k), _mm256_load_ps(c[0] + k), a0);
        a1 = _mm256_fmadd_ps(_mm256_loadu_ps(x[1] + k), _mm256_load_ps(c[1] + k), a1);
        a2 = _mm256_fmadd_ps(_mm256_loadu_ps(x[2] + k), _mm256_load_ps(c[2] + k), a2);
        a3 = _mm256_fmadd_ps(_mm256_loadu_ps(x[3] + k), _mm256_load_ps(c[3] + k), a3);
    }
    // In frame order 0 1 2 3.
    const __m256d ordered = _mm256_permute4x64_pd(_mm256_castps_pd(reduce4(a0, a1, a2, a3, limit)), _MM_SHUFFLE(3, 1, 2, 0));
    _mm256_storeu_ps(out, _mm256_castpd_ps(ordered));
}

__attribute__((target("avx2,fma"), always_inline))
static inline void single_avx2(const float *x, const float *c, long width, float limit, float *out) {
    __m256 a = _mm256_setzero_ps();
    for (long k = 0; k < width; k += 8) a = _mm256_fmadd_ps(_mm256_loadu_ps(x + k), _mm256_load_ps(c + k), a);
    __m128 h = _mm_add_ps(_mm256_castps256_ps128(a), _mm256_extractf128_ps(a, 1));
    h = _mm_add_ps(h, _mm_movehl_ps(h, h));
    h = _mm_max_ps(_mm_min_ps(h, _mm_set1_ps(limit)), _mm_set1_ps(-limit));
    _mm_storel_pi((__m64 *)out, h);
}

__attribute__((target("avx2,fma")))
static long run_avx2(const meditate_polyphase *f, const float *input, long available,
                     long *position, long *row, float *output, long capacity) {
    return run_blocks(f, input, available, position, row, output, capacity,
                      same_row_avx2, next_rows_avx2, single_avx2);
}
#endif

typedef long (*runner)(const meditate_polyphase *, const float *, long, long *, long *, float *, long);

static runner choose(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return run_avx2;
#endif
    return run_portable;
}

long meditate_polyphase_run(const meditate_polyphase *filter, const float *input, long available,
                            long *position, long *row, float *output, long capacity) {
    // Chosen once; a race between two first calls stores the same pointer twice.
    static runner chosen;
    runner run = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    if (!run) {
        run = choose();
        __atomic_store_n(&chosen, run, __ATOMIC_RELAXED);
    }
    return run(filter, input, available, position, row, output, capacity);
}
