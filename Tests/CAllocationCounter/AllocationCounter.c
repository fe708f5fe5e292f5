#include "AllocationCounter.h"

#include <stddef.h>

#if defined(__has_feature)
#  if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#    define COUNTER_DISABLED 1
#  endif
#endif

#ifdef COUNTER_DISABLED

bool allocation_counter_available(void) { return false; }
void allocation_counter_start(void) {}
int64_t allocation_counter_stop(void) { return 0; }

#else

// glibc's own entry points, so that the definitions below can forward without dlsym (which
// itself allocates).
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static __thread bool counting;
static __thread int64_t count;

static inline void note(void) {
    if (counting) count += 1;
}

bool allocation_counter_available(void) { return true; }

void allocation_counter_start(void) {
    count = 0;
    counting = true;
}

int64_t allocation_counter_stop(void) {
    counting = false;
    return count;
}

// Defined in the test executable, these replace libc's for the whole process (ELF symbol
// interposition); each forwards to glibc and counts when the calling thread asked it to.
void *malloc(size_t size) { note(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { note(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { note(); return __libc_realloc(p, size); }
void *memalign(size_t alignment, size_t size) { note(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { note(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    note();
    void *p = __libc_memalign(alignment, size);
    if (!p) return 12; // ENOMEM
    *out = p;
    return 0;
}

#endif
