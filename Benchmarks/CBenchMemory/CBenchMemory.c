#include "CBenchMemory.h"
#include <malloc.h>

unsigned long long labelkit_bench_allocated_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return (unsigned long long)(info.uordblks + info.hblkhd);
}
