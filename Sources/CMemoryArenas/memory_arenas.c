// The rest-run executable's threads allocate from as many glibc arenas as the machine has cores, as
// MALLOC_ARENA_MAX=<cores> does (unless that variable is set), not glibc's eight per core. glibc
// grows each extra arena one page at a time, each page an mprotect call, when every thread has
// its own. One arena for all threads made files
// loaded side by side (one per core) wait on its lock. Benchmarks/RESULTS.md has the numbers.
//
// It runs as a constructor, before main: the Swift runtime runs an async main on a dispatch
// thread, whose first allocation already fixes how many arenas glibc allows, so a mallopt from
// Swift comes too late.
#include <stdlib.h>  // first: on glibc it defines __GLIBC__

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <unistd.h>

__attribute__((constructor)) static void rest_run_limit_memory_arenas(void) {
    if (getenv("MALLOC_ARENA_MAX") == NULL) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        mallopt(M_ARENA_MAX, cores < 1 ? 1 : (cores > 64 ? 64 : (int)cores));
    }
}
#endif
