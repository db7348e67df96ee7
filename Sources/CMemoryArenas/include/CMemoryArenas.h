#ifndef REST_RUN_CMEMORYARENAS_H
#define REST_RUN_CMEMORYARENAS_H
// Nothing to call: memory_arenas.c sets glibc's allocator up before main (see there).
#endif
