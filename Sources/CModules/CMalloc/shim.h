// glibc's malloc_trim and mallopt, which Swift's Glibc module leaves out: the service gives back what a
// session freed once nothing plays. And the executable's code pages, given back the same way.
#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

// The linker's marks of the executable's first byte and of the end of its code (GNU ld and lld
// both define them). What lies between is read-only, mapped from the file and never written:
// the headers, the read-only data and the code; the data that relocation writes lies after it.
extern char __executable_start[];
extern char etext[];

/// Drops this process's mappings of the executable's code pages: they are clean pages of the
/// file, read again from the page cache when next run. The code that started the process (the
/// argument parser, the settings, the library's first queries) stays resident otherwise, some
/// 10 MiB of a 20 MiB text segment, though it never runs again. Returns madvise's result.
static inline int meditate_release_code_pages(void) {
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0) return -1;
    uintptr_t mask = (uintptr_t)page - 1;
    uintptr_t start = ((uintptr_t)__executable_start + mask) & ~mask;
    uintptr_t end = (uintptr_t)etext & ~mask;
    if (end <= start) return 0;
    return madvise((void *)start, end - start, MADV_DONTNEED);
}
