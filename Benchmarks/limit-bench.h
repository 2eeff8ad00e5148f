/* What limit-bench's two files share: the engine (faces, reused buffers and ICU iterators, the cached mode's table
 * of shaped segments) and the functions of limit-layout.c that main calls. See limit-bench.c. */
#ifndef LIMIT_BENCH_H
#define LIMIT_BENCH_H

#include <hb.h>
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

/* bench-common.h defines its helpers static for one-file programs; limit-layout.c uses only a few of them. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "bench-common.h"
#pragma GCC diagnostic pop

#define FACE_COUNT 7
#define FONT_SIZE 15.0
#define SCALE 64   /* hb_font scale: 1/64 px */

typedef struct {
    hb_font_t *font;
    hb_set_t *coverage;
    double line_height;   /* ascent + descent in px */
} face_entry;

typedef struct {
    face_entry faces[FACE_COUNT];
    hb_buffer_t *buffer;
    UBreakIterator *lines;
    UBreakIterator *characters;
    uint16_t *utf16;
    int32_t *advances;        /* per UTF-16 unit: the advance of the cluster that starts there, 1/64 px */
    unsigned char *face_of;   /* per UTF-16 unit: the face index of its cluster */
    int capacity;
    int line_count;
    double height;
    /* The cached mode's table of shaped segments (NULL in the uncached limit). */
    struct segment_cache *cache;
} limit_engine;

/* The cached limit (`limit-bench DIR cached`): a table of shaped segments — (face, segment's UTF-16 units) → the
   advance at each unit — as LabelKit's word cache keeps words. A segment runs up to and including the spaces after
   it, inside a run of one face; one of more than MAX_CACHED_SEGMENT units is shaped every time, with the label as
   context, as in the uncached limit. Everything else is the uncached limit's work. */
#define MAX_CACHED_SEGMENT 96

typedef struct {
    uint64_t hash;
    int face;
    int length;
    uint16_t *units;
    int32_t *advances;
} segment_entry;

struct segment_cache {
    segment_entry *slots;
    size_t capacity;   /* a power of two */
    size_t count;
    long hits, misses;
};

/* Grows the cached mode's table of segments (doubling it; an empty one, as main makes it, to 4,096 slots). */
void segment_grow(struct segment_cache *cache);

/* Lays out one label (a bench_rates_per_kind body; `context` is the limit_engine), leaving its line count and height
   in the engine. */
void layout_label(const bench_label *label, void *context);

/* The counted pass of the profile mode: one layout of each chosen label. */
__attribute__((noinline)) double limit_profiled_pass(const bench_label *labels, int count, int wanted, int kind,
                                                     limit_engine *engine);

#endif
