#include "CPixelCompositing.h"

#include <string.h>

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

/* Each channel of x times the same channel of a, / 255 (pixman's UN8x4_MUL_UN8x4). */
static inline uint32_t multiply_componentwise(uint32_t x, uint32_t a) {
    return multiply_one(x & 0xff, a & 0xff) | multiply_one((x >> 8) & 0xff, (a >> 8) & 0xff) << 8 |
           multiply_one((x >> 16) & 0xff, (a >> 16) & 0xff) << 16 | multiply_one(x >> 24, a >> 24) << 24;
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

/* The rows [row0, row1) of a glyph's rectangle at (x, y), coverage from `source` (`source_stride` bytes a row, row 0
 * the rectangle's first), each row between its span and [col0, col1). */
typedef struct {
    uint32_t *destination;
    ptrdiff_t destination_stride;
    uint8_t *source;
    ptrdiff_t source_stride;
    const uint16_t *spans;
    int32_t row0, row1, col0, col1;
    uint32_t color;
} rows_job;

#define ROW_BOUNDS                                                                                                    \
    int32_t column = job.col0, end = job.col1;                                                                        \
    if (job.spans) {                                                                                                  \
        if (job.spans[2 * row] > column) column = job.spans[2 * row];                                                 \
        if (job.spans[2 * row + 1] < end) end = job.spans[2 * row + 1];                                               \
    }                                                                                                                 \
    uint32_t *destination = job.destination + (ptrdiff_t)row * job.destination_stride;                                \
    uint8_t *source = job.source + (ptrdiff_t)row * job.source_stride;

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* pixman's pix_multiply_1x128: each 16-bit lane x·y / 255, rounded as multiply_one rounds. */
__attribute__((always_inline)) static inline __m128i multiply_lanes(__m128i x, __m128i y) {
    return _mm_mulhi_epu16(_mm_adds_epu16(_mm_mullo_epi16(x, y), _mm_set1_epi16(0x0080)), _mm_set1_epi16(0x0101));
}

/* Four pixels: `color` IN the four coverages of `m4` OVER `destination`, exactly as the scalar rule (pixman's
 * in_over: the colour and its alpha times the coverage, then the destination times 255 − that alpha, added with
 * saturation). A coverage of 0 leaves a pixel as it is, and 255 with an opaque colour gives the colour, as there;
 * with an opaque colour the alpha times the coverage is the coverage itself, so it is not computed. */
__attribute__((always_inline)) static inline void blend_four(uint32_t *destination, uint32_t m4, __m128i color16,
                                                             __m128i alpha16, int opaque) {
    __m128i zero = _mm_setzero_si128();
    __m128i m = _mm_cvtsi32_si128((int)m4);
    m = _mm_unpacklo_epi8(m, m);
    m = _mm_unpacklo_epi16(m, m);
    __m128i m_low = _mm_unpacklo_epi8(m, zero);
    __m128i m_high = _mm_unpackhi_epi8(m, zero);
    __m128i d = _mm_loadu_si128((const __m128i *)destination);
    __m128i d_low = _mm_unpacklo_epi8(d, zero);
    __m128i d_high = _mm_unpackhi_epi8(d, zero);
    __m128i s_low = multiply_lanes(color16, m_low);
    __m128i s_high = multiply_lanes(color16, m_high);
    __m128i a_low = opaque ? m_low : multiply_lanes(alpha16, m_low);
    __m128i a_high = opaque ? m_high : multiply_lanes(alpha16, m_high);
    a_low = _mm_xor_si128(a_low, _mm_set1_epi16(0x00ff));
    a_high = _mm_xor_si128(a_high, _mm_set1_epi16(0x00ff));
    __m128i kept = _mm_packus_epi16(multiply_lanes(d_low, a_low), multiply_lanes(d_high, a_high));
    __m128i added = _mm_packus_epi16(s_low, s_high);
    _mm_storeu_si128((__m128i *)destination, _mm_adds_epu8(kept, added));
}

/* Columns [column, end) of one row, 4 pixels at a time, then one by one; `clear` sets the coverages read back to 0
 * (the overlap mask). */
__attribute__((always_inline)) static inline void blend_row_sse2(uint32_t *destination, uint8_t *source,
                                                                 int32_t column, int32_t end, uint32_t color,
                                                                 int opaque, int clear) {
    __m128i color16 = _mm_unpacklo_epi8(_mm_set1_epi32((int)color), _mm_setzero_si128());
    __m128i alpha16 = _mm_set1_epi16((short)(color >> 24));
    __m128i color4 = _mm_set1_epi32((int)color);
    for (; column + 4 <= end; column += 4) {
        uint32_t m4;
        memcpy(&m4, source + column, 4);
        if (m4 == 0) continue;
        if (clear) memset(source + column, 0, 4);
        if (m4 == 0xffffffffu && opaque) {
            _mm_storeu_si128((__m128i *)(destination + column), color4);
        } else {
            blend_four(destination + column, m4, color16, alpha16, opaque);
        }
    }
    for (; column < end; column++) {
        blend_one(destination + column, source[column], color, (uint32_t)opaque);
        if (clear) source[column] = 0;
    }
}

__attribute__((target("avx2"), always_inline)) static inline __m256i multiply_lanes_256(__m256i x, __m256i y) {
    return _mm256_mulhi_epu16(_mm256_adds_epu16(_mm256_mullo_epi16(x, y), _mm256_set1_epi16(0x0080)),
                              _mm256_set1_epi16(0x0101));
}

/* Eight pixels at a time with AVX2: the same lane arithmetic as blend_four, in two 128-bit halves at once. */
__attribute__((target("avx2"), always_inline)) static inline void blend_row_avx2(uint32_t *destination,
                                                                                uint8_t *source, int32_t column,
                                                                                int32_t end, uint32_t color,
                                                                                int opaque, int clear, int black) {
    __m256i zero = _mm256_setzero_si256();
    __m256i color16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), zero);
    __m256i alpha16 = _mm256_set1_epi16((short)(color >> 24));
    __m256i color8 = _mm256_set1_epi32((int)color);
    __m256i mask_ff = _mm256_set1_epi16(0x00ff);
    __m256i alpha_lanes = _mm256_set1_epi64x((long long)0x00ff000000000000ull);
    for (; column + 8 <= end; column += 8) {
        uint64_t m8;
        memcpy(&m8, source + column, 8);
        if (m8 == 0) continue;
        if (clear) memset(source + column, 0, 8);
        if (m8 == UINT64_MAX && opaque) {
            _mm256_storeu_si256((__m256i *)(destination + column), color8);
            continue;
        }
        __m128i bytes = _mm_cvtsi64_si128((long long)m8);
        bytes = _mm_unpacklo_epi8(bytes, bytes);
        __m256i m = _mm256_set_m128i(_mm_unpackhi_epi16(bytes, bytes), _mm_unpacklo_epi16(bytes, bytes));
        __m256i m_low = _mm256_unpacklo_epi8(m, zero);
        __m256i m_high = _mm256_unpackhi_epi8(m, zero);
        __m256i d = _mm256_loadu_si256((const __m256i *)(destination + column));
        __m256i d_low = _mm256_unpacklo_epi8(d, zero);
        __m256i d_high = _mm256_unpackhi_epi8(d, zero);
        /* Black: the colour times the coverage is the coverage in the alpha lane, nothing in the others. */
        __m256i s_low = black ? _mm256_and_si256(m_low, alpha_lanes) : multiply_lanes_256(color16, m_low);
        __m256i s_high = black ? _mm256_and_si256(m_high, alpha_lanes) : multiply_lanes_256(color16, m_high);
        __m256i a_low = opaque ? m_low : multiply_lanes_256(alpha16, m_low);
        __m256i a_high = opaque ? m_high : multiply_lanes_256(alpha16, m_high);
        a_low = _mm256_xor_si256(a_low, mask_ff);
        a_high = _mm256_xor_si256(a_high, mask_ff);
        __m256i kept = _mm256_packus_epi16(multiply_lanes_256(d_low, a_low), multiply_lanes_256(d_high, a_high));
        __m256i added = _mm256_packus_epi16(s_low, s_high);
        _mm256_storeu_si256((__m256i *)(destination + column), _mm256_adds_epu8(kept, added));
    }
    for (; column < end; column++) {   /* only where the target's edge cuts a group of 8 */
        blend_one(destination + column, source[column], color, (uint32_t)opaque);
        if (clear) source[column] = 0;
    }
}

__attribute__((target("avx2"), always_inline)) static inline void blend_rows_avx2(rows_job job, int opaque,
                                                                                 int clear, int black) {
    for (int32_t row = job.row0; row < job.row1; row++) {
        ROW_BOUNDS
        blend_row_avx2(destination, source, column, end, job.color, opaque, clear, black);
    }
}

__attribute__((always_inline)) static inline void blend_rows_sse2(rows_job job, int opaque, int clear) {
    for (int32_t row = job.row0; row < job.row1; row++) {
        ROW_BOUNDS
        blend_row_sse2(destination, source, column, end, job.color, opaque, clear);
    }
}

/* One copy of the row loop per instruction set, opacity and clearing, each with its constants folded in. */
__attribute__((target("avx2"))) static void blend_rows_avx2_black(rows_job job) { blend_rows_avx2(job, 1, 0, 1); }
__attribute__((target("avx2"))) static void blend_rows_avx2_black_clear(rows_job job) { blend_rows_avx2(job, 1, 1, 1); }
__attribute__((target("avx2"))) static void blend_rows_avx2_opaque(rows_job job) { blend_rows_avx2(job, 1, 0, 0); }
__attribute__((target("avx2"))) static void blend_rows_avx2_opaque_clear(rows_job job) {
    blend_rows_avx2(job, 1, 1, 0);
}
__attribute__((target("avx2"))) static void blend_rows_avx2_translucent(rows_job job) { blend_rows_avx2(job, 0, 0, 0); }
__attribute__((target("avx2"))) static void blend_rows_avx2_translucent_clear(rows_job job) {
    blend_rows_avx2(job, 0, 1, 0);
}
static void blend_rows_sse2_opaque(rows_job job) { blend_rows_sse2(job, 1, 0); }
static void blend_rows_sse2_opaque_clear(rows_job job) { blend_rows_sse2(job, 1, 1); }
static void blend_rows_sse2_translucent(rows_job job) { blend_rows_sse2(job, 0, 0); }
static void blend_rows_sse2_translucent_clear(rows_job job) { blend_rows_sse2(job, 0, 1); }

static void blend_rows(rows_job job, int clear) {
    int opaque = job.color >> 24 == 0xff;
    if (__builtin_cpu_supports("avx2")) {
        if (job.color == 0xff000000u) {
            if (clear) blend_rows_avx2_black_clear(job); else blend_rows_avx2_black(job);
        } else if (opaque) {
            if (clear) blend_rows_avx2_opaque_clear(job); else blend_rows_avx2_opaque(job);
        } else {
            if (clear) blend_rows_avx2_translucent_clear(job); else blend_rows_avx2_translucent(job);
        }
    } else if (opaque) {
        if (clear) blend_rows_sse2_opaque_clear(job); else blend_rows_sse2_opaque(job);
    } else {
        if (clear) blend_rows_sse2_translucent_clear(job); else blend_rows_sse2_translucent(job);
    }
}
#else

static void blend_rows(rows_job job, int clear) {
    uint32_t opaque = job.color >> 24 == 0xff;
    for (int32_t row = job.row0; row < job.row1; row++) {
        ROW_BOUNDS
        for (; column < end; column++) {
            blend_one(destination + column, source[column], job.color, opaque);
            if (clear) source[column] = 0;
        }
    }
}
#endif

static void composite_coverage(lk_pixel_target target, int32_t x, int32_t y, lk_glyph_image glyph, uint32_t color) {
    rows_job job;
    if (!clip(x, y, glyph.width, glyph.height, target.width, target.height, &job.row0, &job.row1, &job.col0, &job.col1))
        return;
    job.destination = target.pixels + (ptrdiff_t)y * target.stride + x;
    job.destination_stride = target.stride;
    job.source = (uint8_t *)glyph.pixels;   /* read only: nothing is cleared here */
    job.source_stride = glyph.width;
    job.spans = glyph.spans;
    job.color = color;
    blend_rows(job, 0);
}

#if defined(__x86_64__) || defined(__i386__)
/* Four colour pixels `s` (premultiplied) OVER `destination`: s + d × (255 − alpha of s) / 255, saturating, as the
 * scalar rule (a pixel of alpha 255 replaces the destination, one of 0 leaves it). */
__attribute__((always_inline)) static inline void over_four(uint32_t *destination, __m128i s) {
    __m128i zero = _mm_setzero_si128();
    __m128i d = _mm_loadu_si128((const __m128i *)destination);
    __m128i s_low = _mm_unpacklo_epi8(s, zero);
    __m128i s_high = _mm_unpackhi_epi8(s, zero);
    __m128i keep_low = _mm_xor_si128(_mm_shufflehi_epi16(_mm_shufflelo_epi16(s_low, 0xff), 0xff), _mm_set1_epi16(0xff));
    __m128i keep_high =
        _mm_xor_si128(_mm_shufflehi_epi16(_mm_shufflelo_epi16(s_high, 0xff), 0xff), _mm_set1_epi16(0xff));
    __m128i kept = _mm_packus_epi16(multiply_lanes(_mm_unpacklo_epi8(d, zero), keep_low),
                                    multiply_lanes(_mm_unpackhi_epi8(d, zero), keep_high));
    _mm_storeu_si128((__m128i *)destination, _mm_adds_epu8(kept, s));
}
#endif

static void composite_color(lk_pixel_target target, int32_t x, int32_t y, lk_glyph_image glyph, uint32_t color) {
    int32_t row0, row1, col0, col1;
    if (!clip(x, y, glyph.width, glyph.height, target.width, target.height, &row0, &row1, &col0, &col1)) return;
    const uint32_t *image = glyph.pixels;
    const uint32_t alpha = color >> 24;
    for (int32_t row = row0; row < row1; row++) {
        int32_t first = col0, end = col1;
        if (glyph.spans) {
            if (glyph.spans[2 * row] > first) first = glyph.spans[2 * row];
            if (glyph.spans[2 * row + 1] < end) end = glyph.spans[2 * row + 1];
        }
        const uint32_t *source = image + (ptrdiff_t)row * glyph.width;
        uint32_t *destination = target.pixels + (ptrdiff_t)(y + row) * target.stride + x;
        int32_t column = first;
#if defined(__x86_64__) || defined(__i386__)
        if (alpha == 0xff) {
            for (; column + 4 <= end; column += 4) {
                __m128i s4 = _mm_loadu_si128((const __m128i *)(source + column));
                if (_mm_movemask_epi8(_mm_cmpeq_epi32(s4, _mm_setzero_si128())) == 0xffff) continue;
                over_four(destination + column, s4);
            }
        }
#endif
        for (; column < end; column++) {
            uint32_t m = source[column];
            if (m == 0) continue;
            uint32_t s = alpha == 0xff ? m : multiply_channels(m, alpha);
            if (s >> 24 == 0xff) {
                destination[column] = s;
                continue;
            }
            destination[column] = add_saturating(multiply_channels(destination[column], 255 - (s >> 24)), s);
        }
    }
}

void lk_composite_glyph(lk_pixel_target target, int32_t x, int32_t y, lk_glyph_image glyph, uint32_t color) {
    if (glyph.is_color) {
        composite_color(target, x, y, glyph, color);
    } else {
        composite_coverage(target, x, y, glyph, color);
    }
}

void lk_add_glyph(void *mask, int32_t mask_width, int32_t mask_height, int32_t is_color, int32_t x, int32_t y,
                  lk_glyph_image glyph) {
    int32_t row0, row1, col0, col1;
    if (!clip(x, y, glyph.width, glyph.height, mask_width, mask_height, &row0, &row1, &col0, &col1)) return;
    for (int32_t row = row0; row < row1; row++) {
        int32_t first = col0, end = col1;
        if (glyph.spans) {
            if (glyph.spans[2 * row] > first) first = glyph.spans[2 * row];
            if (glyph.spans[2 * row + 1] < end) end = glyph.spans[2 * row + 1];
        }
        ptrdiff_t target_row = (ptrdiff_t)(y + row) * mask_width + x;
        ptrdiff_t source_row = (ptrdiff_t)row * glyph.width;
        if (is_color && glyph.is_color) {
            uint32_t *destination = (uint32_t *)mask + target_row;
            const uint32_t *source = (const uint32_t *)glyph.pixels + source_row;
            for (int32_t column = first; column < end; column++) {
                destination[column] = add_saturating(destination[column], source[column]);
            }
        } else if (is_color) {
            /* Coverage added into a colour mask counts in every channel (a grey glyph of a colour face). */
            uint32_t *destination = (uint32_t *)mask + target_row;
            const uint8_t *source = (const uint8_t *)glyph.pixels + source_row;
            for (int32_t column = first; column < end; column++) {
                destination[column] = add_saturating(destination[column], source[column] * 0x01010101u);
            }
        } else if (!glyph.is_color) {
            uint8_t *destination = (uint8_t *)mask + target_row;
            const uint8_t *source = (const uint8_t *)glyph.pixels + source_row;
            int32_t column = first;
#if defined(__x86_64__) || defined(__i386__)
            for (; column + 8 <= end; column += 8) {
                uint64_t b;
                memcpy(&b, source + column, 8);
                if (b == 0) continue;
                __m128i sum = _mm_adds_epu8(_mm_loadl_epi64((const __m128i *)(destination + column)),
                                            _mm_cvtsi64_si128((long long)b));
                _mm_storel_epi64((__m128i *)(destination + column), sum);
            }
#endif
            for (; column < end; column++) {
                uint32_t sum = (uint32_t)destination[column] + source[column];
                destination[column] = sum > 255 ? 255 : (uint8_t)sum;
            }
        }
    }
}


void lk_composite_from_mask(lk_pixel_target target, int32_t x, int32_t y, lk_glyph_image glyph, uint8_t *mask,
                            int32_t mask_width, int32_t mask_left, int32_t mask_top, uint32_t color) {
    rows_job job;
    if (!clip(x, y, glyph.width, glyph.height, target.width, target.height, &job.row0, &job.row1, &job.col0, &job.col1))
        return;
    job.destination = target.pixels + (ptrdiff_t)y * target.stride + x;
    job.destination_stride = target.stride;
    job.source = mask + (ptrdiff_t)(y - mask_top) * mask_width + (x - mask_left);
    job.source_stride = mask_width;
    job.spans = glyph.spans;
    job.color = color;
    blend_rows(job, 1);
}
