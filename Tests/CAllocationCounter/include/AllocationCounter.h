#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

// Counts heap allocations made by the calling thread between start and stop.
//
// Why our own and not a package's: the tests run in parallel inside one process, so only a
// per-thread count says whether *the render thread* allocated; interposers that sum over all
// threads (or need LD_PRELOAD) would count the neighbouring tests too. The interposition is
// compiled out under ThreadSanitizer, which intercepts malloc itself.

#include <stdbool.h>
#include <stdint.h>

/// Whether this build counts (false under a sanitizer that owns malloc).
bool allocation_counter_available(void);
/// Starts counting this thread's allocations from zero.
void allocation_counter_start(void);
/// Stops counting and returns how many allocations this thread made since start.
int64_t allocation_counter_stop(void);

#endif
