// A timer on the wall clock that the control thread sleeps on, which Swift's Glibc module does
// not import (sys/timerfd.h is not in it): it fires at an instant of the wall clock however the
// clock is set meanwhile, and wakes its reader when the clock is set.
#include <errno.h>
#include <stdint.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

// Linux's value, for headers read without it.
#ifndef TFD_TIMER_CANCEL_ON_SET
#define TFD_TIMER_CANCEL_ON_SET (1 << 1)
#endif

/// A non-blocking timer on CLOCK_REALTIME, or -1 with errno set.
static inline int meditate_wall_timer_create(void) {
    return timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
}

/// Arms `fd` to fire at `seconds`.`nanoseconds` since 1970 (0, 0 disarms), and to wake its reader
/// when the wall clock is set. 0, or -1 with errno set.
static inline int meditate_wall_timer_arm(int fd, int64_t seconds, long nanoseconds) {
    struct itimerspec when = {0};
    when.it_value.tv_sec = (time_t)seconds;
    when.it_value.tv_nsec = nanoseconds;
    int flags = (seconds == 0 && nanoseconds == 0) ? 0 : (TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET);
    return timerfd_settime(fd, flags, &when, NULL);
}

/// Reads what `fd` holds: 1 when it fired, 2 when the wall clock was set (ECANCELED), 0 when
/// nothing was there.
static inline int meditate_wall_timer_drain(int fd) {
    uint64_t expirations = 0;
    ssize_t got = read(fd, &expirations, sizeof expirations);
    if (got == (ssize_t)sizeof expirations) return 1;
    return (got < 0 && errno == ECANCELED) ? 2 : 0;
}
