/* Coverage glyphs composited onto ARGB32 pixels, a row at a time: AVX2 8 pixels at a time, SSE2 4, plain C
 * elsewhere; one glyph's own coverage, or an accumulated mask of several (lk_composite_from_mask). */
#include "CoverageLanes.h"

/* The rows [row0, row1) of a glyph's rectangle at (x, y), coverage from `source` (`source_stride` bytes a row, row 0
 * the rectangle's first), each row between its span and [col0, col1). */
typedef struct {
    uint32_t *destination;
    ptrdiff_t destination_stride;
    uint8_t *source;
    ptrdiff_t source_stride;
    const uint16_t *spans;
    /* The glyph's pixels already composited over `background` (or NULL), and, when the source is a mask of several
     * glyphs, the glyph's own coverage (else NULL): both `tinted_stride` pixels a row. A tinted group is copied only
     * where the source is the glyph's own coverage and the destination the background. */
    const uint32_t *tinted;
    const uint8_t *own;
    ptrdiff_t tinted_stride;
    int32_t row0, row1, col0, col1;
    uint32_t color;
    uint32_t background;
} rows_job;

#define ROW_BOUNDS                                                                                                    \
    int32_t column = job.col0, end = job.col1;                                                                        \
    narrow_to_span(job.spans, row, &column, &end);                                                                    \
    uint32_t *destination = job.destination + (ptrdiff_t)row * job.destination_stride;                                \
    uint8_t *source = job.source + (ptrdiff_t)row * job.source_stride;                                              \
    const uint32_t *tinted = job.tinted ? job.tinted + (ptrdiff_t)row * job.tinted_stride : NULL;                  \
    const uint8_t *own = job.own ? job.own + (ptrdiff_t)row * job.tinted_stride : NULL;

#if defined(__x86_64__) || defined(__i386__)
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
                                                                 const uint32_t *tinted, int32_t column,
                                                                 int32_t end, uint32_t color, uint32_t background,
                                                                 int opaque, int clear) {
    __m128i color16 = _mm_unpacklo_epi8(_mm_set1_epi32((int)color), _mm_setzero_si128());
    __m128i alpha16 = _mm_set1_epi16((short)(color >> 24));
    __m128i color4 = _mm_set1_epi32((int)color);
    __m128i background4 = _mm_set1_epi32((int)background);
    for (; column + 4 <= end; column += 4) {
        uint32_t m4;
        memcpy(&m4, source + column, 4);
        if (m4 == 0) continue;
        if (clear) memset(source + column, 0, 4);
        if (m4 == 0xffffffffu && opaque) {
            _mm_storeu_si128((__m128i *)(destination + column), color4);
        } else if (tinted && _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(destination + column)),
                                                                background4)) == 0xffff) {
            /* Still the background under all four: the pixels the arithmetic below would give, made beforehand. */
            _mm_storeu_si128((__m128i *)(destination + column), _mm_loadu_si128((const __m128i *)(tinted + column)));
        } else {
            blend_four(destination + column, m4, color16, alpha16, opaque);
        }
    }
    for (; column < end; column++) {
        blend_one(destination + column, source[column], color, (uint32_t)opaque);
        if (clear) source[column] = 0;
    }
}

/* Rows cut by the target's edge: each row between its span and [col0, col1), 8 pixels at a time, then one by one. */
__attribute__((target("avx2"), always_inline)) static inline void blend_rows_avx2_clipped(rows_job job, int opaque,
                                                                                         int clear, int black) {
    avx2_constants k = avx2_constants_of(job.color, job.background);
    for (int32_t row = job.row0; row < job.row1; row++) {
        ROW_BOUNDS
        for (; column + 8 <= end; column += 8) {
            blend_eight(destination + column, source + column, tinted ? tinted + column : NULL,
                        own ? own + column : NULL, &k, opaque, clear, black);
        }
        for (; column < end; column++) {   /* only where the target's edge cuts a group of 8 */
            if (tinted && !own && source[column] != 0 && destination[column] == job.background) {
                destination[column] = tinted[column];
                if (clear) source[column] = 0;
                continue;
            }
            blend_one(destination + column, source[column], job.color, (uint32_t)opaque);
            if (clear) source[column] = 0;
        }
    }
}

/* A glyph wholly inside the target, its width a multiple of 8: whole rows, groups of 8 with nothing in them passed
 * over (cheaper than reading the row's span). */
__attribute__((target("avx2"), always_inline)) static inline void blend_rows_avx2_whole(rows_job job, int opaque,
                                                                                       int clear, int black) {
    avx2_constants k = avx2_constants_of(job.color, job.background);
    uint32_t *destination = job.destination + (ptrdiff_t)job.row0 * job.destination_stride;
    uint8_t *source = job.source + (ptrdiff_t)job.row0 * job.source_stride;
    const uint32_t *tinted = job.tinted ? job.tinted + (ptrdiff_t)job.row0 * job.tinted_stride : NULL;
    const uint8_t *own = job.own ? job.own + (ptrdiff_t)job.row0 * job.tinted_stride : NULL;
    int32_t width = job.col1;
    if (!own && !clear) {
        blend_whole_glyph_avx2(destination, job.destination_stride, source, job.source_stride, tinted,
                               job.tinted_stride, width, job.row1 - job.row0, &k, opaque, black);
        return;
    }
    for (int32_t row = job.row0; row < job.row1; row++) {
        for (int32_t column = 0; column < width; column += 8) {
            blend_eight(destination + column, source + column, tinted ? tinted + column : NULL,
                        own ? own + column : NULL, &k, opaque, clear, black);
        }
        destination += job.destination_stride;
        source += job.source_stride;
        if (tinted) tinted += job.tinted_stride;
        if (own) own += job.tinted_stride;
    }
}

__attribute__((target("avx2"), always_inline)) static inline void blend_rows_avx2(rows_job job, int opaque,
                                                                                 int clear, int black) {
    if (job.col0 == 0 && (job.col1 & 7) == 0) {
        blend_rows_avx2_whole(job, opaque, clear, black);
    } else {
        blend_rows_avx2_clipped(job, opaque, clear, black);
    }
}

__attribute__((always_inline)) static inline void blend_rows_sse2(rows_job job, int opaque, int clear) {
    for (int32_t row = job.row0; row < job.row1; row++) {
        ROW_BOUNDS
        (void)own;   /* a mask's groups are computed: the tinted copy serves a glyph's own coverage here */
        blend_row_sse2(destination, source, job.own ? NULL : tinted, column, end, job.color, job.background, opaque,
                       clear);
    }
}

/* One copy of the row loop per instruction set, opacity and clearing, each with its constants folded in. */
LK_HOT
__attribute__((target("avx2"))) static void blend_rows_avx2_black(rows_job job) { blend_rows_avx2(job, 1, 0, 1); }
LK_HOT
__attribute__((target("avx2"))) static void blend_rows_avx2_black_clear(rows_job job) { blend_rows_avx2(job, 1, 1, 1); }
LK_HOT
__attribute__((target("avx2"))) static void blend_rows_avx2_opaque(rows_job job) { blend_rows_avx2(job, 1, 0, 0); }
LK_HOT
__attribute__((target("avx2"))) static void blend_rows_avx2_opaque_clear(rows_job job) {
    blend_rows_avx2(job, 1, 1, 0);
}
LK_HOT
__attribute__((target("avx2"))) static void blend_rows_avx2_translucent(rows_job job) { blend_rows_avx2(job, 0, 0, 0); }
LK_HOT
__attribute__((target("avx2"))) static void blend_rows_avx2_translucent_clear(rows_job job) {
    blend_rows_avx2(job, 0, 1, 0);
}
LK_HOT
static void blend_rows_sse2_opaque(rows_job job) { blend_rows_sse2(job, 1, 0); }
LK_HOT
static void blend_rows_sse2_opaque_clear(rows_job job) { blend_rows_sse2(job, 1, 1); }
LK_HOT
static void blend_rows_sse2_translucent(rows_job job) { blend_rows_sse2(job, 0, 0); }
LK_HOT
static void blend_rows_sse2_translucent_clear(rows_job job) { blend_rows_sse2(job, 0, 1); }

LK_HOT
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

LK_HOT
static void blend_rows(rows_job job, int clear) {
    uint32_t opaque = job.color >> 24 == 0xff;
    for (int32_t row = job.row0; row < job.row1; row++) {
        ROW_BOUNDS
        for (; column < end; column++) {
            if (tinted && !own && source[column] != 0 && destination[column] == job.background) {
                destination[column] = tinted[column];
                continue;
            }
            blend_one(destination + column, source[column], job.color, opaque);
            if (clear) source[column] = 0;
        }
    }
}
#endif

LK_HOT
void lk_composite_coverage(lk_pixel_target target, int32_t x, int32_t y, lk_glyph_image glyph, uint32_t color) {
    rows_job job;
    if (!clip(x, y, glyph.width, glyph.height, target.width, target.height, &job.row0, &job.row1, &job.col0, &job.col1))
        return;
    job.destination = target.pixels + (ptrdiff_t)y * target.stride + x;
    job.destination_stride = target.stride;
    job.source = (uint8_t *)glyph.pixels;   /* read only: nothing is cleared here */
    job.source_stride = glyph.width;
    job.spans = glyph.spans;
    job.tinted = glyph.tinted;
    job.own = NULL;
    job.tinted_stride = glyph.width;
    job.background = glyph.tinted_background;
    job.color = color;
    blend_rows(job, 0);
}

LK_HOT
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
    job.tinted = glyph.is_color ? NULL : glyph.tinted;
    job.own = (const uint8_t *)glyph.pixels;
    job.tinted_stride = glyph.width;
    job.background = glyph.tinted_background;
    job.color = color;
    blend_rows(job, 1);
}
