// glibc's malloc_trim and mallopt, which Swift's Glibc module leaves out: the service gives back what a
// session freed once nothing plays.
#include <malloc.h>
