/* The pixel arithmetic LabelKit's compositing files share: pixman's rounding, Cairo's clipping of a glyph to the
 * target. Private to CPixelCompositing. */
#ifndef LABELKIT_PIXEL_ARITHMETIC_H
#define LABELKIT_PIXEL_ARITHMETIC_H

#include "CPixelCompositing.h"

#include <string.h>

/* Marks every function of the compositing files that is not inlined: it starts on a 64-byte boundary, so that where
 * its hot loops fall among cache lines and the decoder's windows depends on its own code, not on how long the code
 * before it in the binary happens to be. Without it, a change elsewhere moved drawing by 2–12 % on kinds whose code
 * it never touched (Benchmarks/HISTORY.md). */
#define LK_HOT __attribute__((aligned(64)))

/* x × a / 255 for each 8-bit channel of x, rounded as pixman rounds (t = x·a + 128; (t + (t >> 8)) >> 8). */
static inline uint32_t multiply_channels(uint32_t x, uint32_t a) {
    uint32_t rb = (x & 0x00ff00ffu) * a + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
    uint32_t ag = ((x >> 8) & 0x00ff00ffu) * a + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00ff00ffu)) & 0xff00ff00u;
    return rb | ag;
}

static inline uint32_t multiply_one(uint32_t x, uint32_t a) {
    uint32_t t = x * a + 0x80u;
    return (t + (t >> 8)) >> 8;
}


/* x + y for each channel, saturating at 255 (pixman's UN8x4_ADD_UN8x4). */
static inline uint32_t add_saturating(uint32_t x, uint32_t y) {
    uint32_t rb = (x & 0x00ff00ffu) + (y & 0x00ff00ffu);
    rb |= 0x01000100u - ((rb >> 8) & 0x00ff00ffu);
    rb &= 0x00ff00ffu;
    uint32_t ag = ((x >> 8) & 0x00ff00ffu) + ((y >> 8) & 0x00ff00ffu);
    ag |= 0x01000100u - ((ag >> 8) & 0x00ff00ffu);
    ag &= 0x00ff00ffu;
    return rb | ag << 8;
}

/* Columns [*first, *end) of `row` narrowed to the row's span, when the image has spans (NULL: whole rows). */
static inline void narrow_to_span(const uint16_t *spans, int32_t row, int32_t *first, int32_t *end) {
    if (!spans) return;
    if (spans[2 * row] > *first) *first = spans[2 * row];
    if (spans[2 * row + 1] < *end) *end = spans[2 * row + 1];
}

/* The glyph's rows and columns inside the target: [*row0, *row1) × [*col0, *col1) in glyph coordinates. */
static inline int clip(int32_t x, int32_t y, int32_t width, int32_t height, int32_t target_width,
                       int32_t target_height, int32_t *row0, int32_t *row1, int32_t *col0, int32_t *col1) {
    *row0 = y < 0 ? -y : 0;
    *row1 = y + height > target_height ? target_height - y : height;
    *col0 = x < 0 ? -x : 0;
    *col1 = x + width > target_width ? target_width - x : width;
    return *row0 < *row1 && *col0 < *col1;
}

__attribute__((always_inline)) static inline void blend_one(uint32_t *destination, uint32_t m, uint32_t color,
                                                            uint32_t opaque) {
    if (m == 0) return;
    if (m == 0xff && opaque) {
        *destination = color;
        return;
    }
    uint32_t s = m == 0xff ? color : multiply_channels(color, m);
    *destination = add_saturating(multiply_channels(*destination, 255 - (s >> 24)), s);
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* 8 coverages of `source` added into `destination`, saturating (pixman's ADD on a8); nothing when they are all 0. */
static inline void add_eight(uint8_t *destination, const uint8_t *source) {
    uint64_t b;
    memcpy(&b, source, 8);
    if (b == 0) return;
    __m128i sum = _mm_adds_epu8(_mm_loadl_epi64((const __m128i *)destination), _mm_cvtsi64_si128((long long)b));
    _mm_storel_epi64((__m128i *)destination, sum);
}

/* pixman's pix_multiply_1x128: each 16-bit lane x·y / 255, rounded as multiply_one rounds. */
__attribute__((always_inline)) static inline __m128i multiply_lanes(__m128i x, __m128i y) {
    return _mm_mulhi_epu16(_mm_adds_epu16(_mm_mullo_epi16(x, y), _mm_set1_epi16(0x0080)), _mm_set1_epi16(0x0101));
}
#endif

/* The strike's storage of a run: its pixels, and the same composited over `background` where it has them. */
typedef struct {
    const lk_glyph_entry *entries;
    const uint8_t *coverage;
    const uint32_t *color_pixels;
    const uint16_t *spans;
    const int64_t *tinted_starts;
    const uint32_t *tinted_pixels;
    uint32_t background;
} lk_strike_storage;

/* Entry `index`'s pixels composited over the storage's background, or NULL when the tint has none of it. */
static inline const uint32_t *lk_tinted_of(int32_t index, lk_strike_storage storage) {
    int64_t start = storage.tinted_starts ? storage.tinted_starts[index] : -1;
    return start >= 0 ? storage.tinted_pixels + start : NULL;
}

static inline lk_glyph_image lk_image_of(int32_t index, lk_strike_storage storage) {
    const lk_glyph_entry *entry = &storage.entries[index];
    lk_glyph_image image;
    image.pixels = entry->is_color ? (const void *)(storage.color_pixels + entry->pixel_start)
                                   : (const void *)(storage.coverage + entry->pixel_start);
    image.tinted = lk_tinted_of(index, storage);
    image.tinted_background = storage.background;
    image.spans = storage.spans + entry->span_start;
    image.width = entry->width;
    image.height = entry->height;
    image.is_color = entry->is_color;
    return image;
}

/* `color` IN a coverage glyph OVER `target` (CoverageCompositing.c): lk_composite_glyph's rule for coverage. */
void lk_composite_coverage(lk_pixel_target target, int32_t x, int32_t y, lk_glyph_image glyph, uint32_t color);

/* The glyphs of `placements` that `skip` (when not NULL) does not mark, each composited alone as lk_composite_glyph
 * composites it, in `color`; one dispatch for the run, the common glyph (coverage, wholly inside the target) drawn
 * without the general path's set-up (RunCompositing.c). */
void lk_composite_glyphs(lk_pixel_target target, const lk_glyph_placement *placements, int32_t count,
                         const uint8_t *skip, lk_strike_storage storage, uint32_t color);

#endif
