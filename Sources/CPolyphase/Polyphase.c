#include "Polyphase.h"

#include <string.h>

typedef float v4sf __attribute__((vector_size(16)));

static inline v4sf load4(const float *p) {
    v4sf v;
    memcpy(&v, p, sizeof v);
    return v;
}

// Any processor: four lanes (SSE2 on x86-64, NEON on ARM), two taps of both channels per lane set.
static long run_portable(const meditate_polyphase *f, const float *input, long available,
                         long *position, long *row, float *output, long capacity) {
    long i = *position, r = *row, made = 0;
    const long width = f->taps * 2;
    while (made < capacity && i + f->taps <= available) {
        const float *x = input + i * 2;
        const float *c = f->coefficients + r * width;
        v4sf a = {0, 0, 0, 0}, b = {0, 0, 0, 0};
        for (long k = 0; k < width; k += 8) {
            a += load4(x + k) * load4(c + k);
            b += load4(x + k + 4) * load4(c + k + 4);
        }
        a += b;
        output[made * 2] = a[0] + a[2];
        output[made * 2 + 1] = a[1] + a[3];
        made += 1;
        i += f->advance[r];
        // Without a branch: which way it goes changes from frame to frame.
        r = r + 1 == f->rows ? 0 : r + 1;
    }
    *position = i;
    *row = r;
    return made;
}

#if defined(__x86_64__)
#include <immintrin.h>

// Eight lanes with fused multiply-add: four taps of both channels per instruction.
__attribute__((target("avx2,fma")))
static long run_avx2(const meditate_polyphase *f, const float *input, long available,
                     long *position, long *row, float *output, long capacity) {
    long i = *position, r = *row, made = 0;
    const long width = f->taps * 2;
    const long pairs = width & ~15L;
    while (made < capacity && i + f->taps <= available) {
        const float *x = input + i * 2;
        const float *c = f->coefficients + r * width;
        __m256 a = _mm256_setzero_ps(), b = _mm256_setzero_ps();
        long k = 0;
        for (; k < pairs; k += 16) {
            a = _mm256_fmadd_ps(_mm256_loadu_ps(x + k), _mm256_loadu_ps(c + k), a);
            b = _mm256_fmadd_ps(_mm256_loadu_ps(x + k + 8), _mm256_loadu_ps(c + k + 8), b);
        }
        if (k < width) a = _mm256_fmadd_ps(_mm256_loadu_ps(x + k), _mm256_loadu_ps(c + k), a);
        a = _mm256_add_ps(a, b);
        __m128 h = _mm_add_ps(_mm256_castps256_ps128(a), _mm256_extractf128_ps(a, 1));
        // Lanes are L, R, L, R: add the upper pair onto the lower one.
        h = _mm_add_ps(h, _mm_movehl_ps(h, h));
        _mm_storel_pi((__m64 *)(output + made * 2), h);
        made += 1;
        i += f->advance[r];
        // Without a branch: which way it goes changes from frame to frame.
        r = r + 1 == f->rows ? 0 : r + 1;
    }
    *position = i;
    *row = r;
    return made;
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
