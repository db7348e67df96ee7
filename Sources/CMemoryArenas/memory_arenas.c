// The rest-run command's threads allocate from one glibc arena, as MALLOC_ARENA_MAX=1 does
// (unless that variable is set). glibc grows an extra thread's arena one page at a time, each
// page an mprotect call: ~1,000 calls for 2,000 requests with --jobs 8, ~300 for 500 in a row,
// where the main arena grows 128 KiB at a time. Benchmarks/RESULTS.md has the numbers.
//
// It runs as a constructor, before main: the Swift runtime runs an async main on a dispatch
// thread, whose first allocation already fixes how many arenas glibc allows, so a mallopt from
// Swift comes too late.
#include <stdlib.h>  // first: on glibc it defines __GLIBC__

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>

__attribute__((constructor)) static void rest_run_use_one_memory_arena(void) {
    if (getenv("MALLOC_ARENA_MAX") == NULL) {
        mallopt(M_ARENA_MAX, 1);
    }
}
#endif
