// A FIFO's fill level and size, which Swift cannot ask for itself: ioctl and fcntl are variadic
// in C, and Swift imports no variadic function. The Snapcast output feeds snapserver's pipe
// source through a FIFO and reads its clock from how much of it snapserver has taken.
#include <fcntl.h>
#include <sys/ioctl.h>

// Linux's values, for when the headers were read without _GNU_SOURCE (as Swift's Glibc module is).
#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#endif
#ifndef F_GETPIPE_SZ
#define F_GETPIPE_SZ 1032
#endif

/// Bytes written to the pipe and not read yet, or -1.
static inline int meditate_pipe_pending(int fd) {
    int pending = 0;
    return ioctl(fd, FIONREAD, &pending) < 0 ? -1 : pending;
}

/// Asks for a pipe buffer of `bytes` (the kernel rounds it up); returns its size now, or -1.
static inline int meditate_pipe_resize(int fd, int bytes) {
    (void)fcntl(fd, F_SETPIPE_SZ, bytes);
    return fcntl(fd, F_GETPIPE_SZ);
}
