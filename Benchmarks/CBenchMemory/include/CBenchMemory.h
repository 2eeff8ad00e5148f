#ifndef CBENCHMEMORY_H
#define CBENCHMEMORY_H
/* Bytes glibc's allocator has handed out and not had back: mallinfo2's arena in use plus mmapped blocks. Swift's
 * Glibc module does not import <malloc.h>, so LabelKitBench reads it through this one function. */
unsigned long long labelkit_bench_allocated_bytes(void);
#endif
