/* AVX2 lanes of coverage compositing: 8 pixels at a time with pixman's arithmetic, and a glyph's whole rows with its
 * tinted copy. Private to CPixelCompositing; x86 only. */
#ifndef LABELKIT_COVERAGE_LANES_H
#define LABELKIT_COVERAGE_LANES_H

#include "PixelArithmetic.h"

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2"), always_inline)) static inline __m256i multiply_lanes_256(__m256i x, __m256i y) {
    return _mm256_mulhi_epu16(_mm256_adds_epu16(_mm256_mullo_epi16(x, y), _mm256_set1_epi16(0x0080)),
                              _mm256_set1_epi16(0x0101));
}

/* What every group of 8 of one glyph shares, made once per glyph. */
typedef struct {
    __m256i background8, color16, alpha16, color8;
} avx2_constants;

__attribute__((target("avx2"), always_inline)) static inline avx2_constants avx2_constants_of(uint32_t color,
                                                                                          uint32_t background) {
    avx2_constants k;
    k.background8 = _mm256_set1_epi32((int)background);
    k.color16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), _mm256_setzero_si256());
    k.alpha16 = _mm256_set1_epi16((short)(color >> 24));
    k.color8 = _mm256_set1_epi32((int)color);
    return k;
}

/* `statement` with the name `constant` bound to `glyph_width`, a compile-time constant where that is 8 or 16 (most
 * glyphs at text sizes), so that the loops over a glyph's groups unroll there. */
#define WITH_GLYPH_WIDTH(glyph_width, constant, statement)                                                            \
    do {                                                                                                              \
        if ((glyph_width) == 8) {                                                                                     \
            const int32_t constant = 8;                                                                               \
            statement;                                                                                                \
        } else if ((glyph_width) == 16) {                                                                             \
            const int32_t constant = 16;                                                                              \
            statement;                                                                                                \
        } else {                                                                                                      \
            const int32_t constant = (glyph_width);                                                                   \
            statement;                                                                                                \
        }                                                                                                             \
    } while (0)

/* `color` IN the 8 coverages of `bytes` OVER the 8 pixels of `d`, with pixman's arithmetic (blend_four's, in two
 * 128-bit halves at once). The coverages are spread to their pixels' lanes by byte shuffles of the 8 bytes broadcast:
 * 255 − coverage straight into the 16-bit lanes the destination is multiplied in, and for black the coverage straight
 * into the alpha bytes of the result. A coverage of 0 gives the pixel back, 255 the colour when it is opaque. */
__attribute__((target("avx2"), always_inline)) static inline __m256i over_eight(__m256i d, long long bytes,
                                                                               const avx2_constants *k, int opaque,
                                                                               int black) {
    /* Lane by lane (pshufb stays in its 128-bit half): pixels 0, 1 | 4, 5 and 2, 3 | 6, 7, as unpacklo and unpackhi
     * of the destination hold them; 0x80 gives a zero byte. */
    const __m256i spread_low = _mm256_setr_epi8(0, -128, 0, -128, 0, -128, 0, -128, 1, -128, 1, -128, 1, -128, 1,
                                                -128, 4, -128, 4, -128, 4, -128, 4, -128, 5, -128, 5, -128, 5, -128,
                                                5, -128);
    const __m256i spread_high = _mm256_setr_epi8(2, -128, 2, -128, 2, -128, 2, -128, 3, -128, 3, -128, 3, -128, 3,
                                                 -128, 6, -128, 6, -128, 6, -128, 6, -128, 7, -128, 7, -128, 7, -128,
                                                 7, -128);
    const __m256i to_alpha = _mm256_setr_epi8(-128, -128, -128, 0, -128, -128, -128, 1, -128, -128, -128, 2, -128,
                                              -128, -128, 3, -128, -128, -128, 4, -128, -128, -128, 5, -128, -128,
                                              -128, 6, -128, -128, -128, 7);
    __m256i m = _mm256_set1_epi64x(bytes);
    __m256i zero = _mm256_setzero_si256();
    __m256i d_low = _mm256_unpacklo_epi8(d, zero);
    __m256i d_high = _mm256_unpackhi_epi8(d, zero);
    __m256i a_low, a_high, added;
    if (opaque) {
        __m256i inverse = _mm256_xor_si256(m, _mm256_set1_epi8(-1));
        a_low = _mm256_shuffle_epi8(inverse, spread_low);
        a_high = _mm256_shuffle_epi8(inverse, spread_high);
    } else {
        __m256i mask_ff = _mm256_set1_epi16(0x00ff);
        a_low = _mm256_xor_si256(multiply_lanes_256(k->alpha16, _mm256_shuffle_epi8(m, spread_low)), mask_ff);
        a_high = _mm256_xor_si256(multiply_lanes_256(k->alpha16, _mm256_shuffle_epi8(m, spread_high)), mask_ff);
    }
    if (black) {
        /* Black: the colour times the coverage is the coverage in the alpha byte, nothing in the others. */
        added = _mm256_shuffle_epi8(m, to_alpha);
    } else {
        added = _mm256_packus_epi16(multiply_lanes_256(k->color16, _mm256_shuffle_epi8(m, spread_low)),
                                    multiply_lanes_256(k->color16, _mm256_shuffle_epi8(m, spread_high)));
    }
    __m256i kept = _mm256_packus_epi16(multiply_lanes_256(d_low, a_low), multiply_lanes_256(d_high, a_high));
    return _mm256_adds_epu8(kept, added);
}

/* Eight pixels from 8 coverages with no test of them (over_eight's arithmetic whatever they are): cheaper than a
 * branch that mispredicts, where coverages follow no pattern. `clear` sets the coverages read to 0 (an overlap
 * mask). */
__attribute__((target("avx2"), always_inline)) static inline void blend_eight_always(uint32_t *destination,
                                                                                    uint8_t *source,
                                                                                    const avx2_constants *k,
                                                                                    int opaque, int black, int clear) {
    long long bytes;
    memcpy(&bytes, source, 8);
    if (clear) memset(source, 0, 8);
    __m256i d = _mm256_loadu_si256((const __m256i *)destination);
    _mm256_storeu_si256((__m256i *)destination, over_eight(d, bytes, k, opaque, black));
}

/* Eight pixels, nothing done when their coverages are all 0 and the colour stored when they are all 255 (opaque);
 * `tinted`, when not NULL, holds the eight results over the background, copied when the destination is still all
 * background. */
__attribute__((target("avx2"), always_inline)) static inline void blend_eight(uint32_t *destination, uint8_t *source,
                                                                             const uint32_t *tinted,
                                                                             const uint8_t *own,
                                                                             const avx2_constants *k, int opaque,
                                                                             int clear, int black) {
    uint64_t m8;
    memcpy(&m8, source, 8);
    if (m8 == 0) return;
    if (clear) memset(source, 0, 8);
    if (m8 == UINT64_MAX && opaque) {
        _mm256_storeu_si256((__m256i *)destination, k->color8);
        return;
    }
    __m256i d = _mm256_loadu_si256((const __m256i *)destination);
    if (tinted && _mm256_movemask_epi8(_mm256_cmpeq_epi32(d, k->background8)) == -1) {
        /* Still the background under all eight, and the coverage the glyph's own: the pixels the arithmetic below
         * would give, made beforehand. */
        uint64_t own8 = m8;
        if (own) memcpy(&own8, own, 8);
        if (own8 == m8) {
            _mm256_storeu_si256((__m256i *)destination, _mm256_loadu_si256((const __m256i *)tinted));
            return;
        }
    }
    _mm256_storeu_si256((__m256i *)destination, over_eight(d, (long long)m8, k, opaque, black));
}

/* A glyph's own coverage with its tinted copy (or NULL), whole rows `width` pixels wide (a multiple of 8): wherever
 * the destination is still the background the copy is the answer, whatever the coverage (a group with none copies
 * the background back), so the coverage is read only where it is not. */
__attribute__((target("avx2"), always_inline)) static inline void blend_whole_glyph_avx2(
    uint32_t *destination, ptrdiff_t destination_stride, const uint8_t *source, ptrdiff_t source_stride,
    const uint32_t *tinted, ptrdiff_t tinted_stride, int32_t width, int32_t rows, const avx2_constants *k, int opaque,
    int black) {
    for (int32_t row = 0; row < rows; row++) {
        for (int32_t column = 0; column < width; column += 8) {
            if (tinted) {
                __m256i d = _mm256_loadu_si256((const __m256i *)(destination + column));
                if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(d, k->background8)) == -1) {
                    _mm256_storeu_si256((__m256i *)(destination + column),
                                        _mm256_loadu_si256((const __m256i *)(tinted + column)));
                    continue;
                }
            }
            blend_eight(destination + column, (uint8_t *)source + column, NULL, NULL, k, opaque, 0, black);
        }
        destination += destination_stride;
        source += source_stride;
        if (tinted) tinted += tinted_stride;
    }
}

/* The group of 8 at `destination` of which only lanes [first, end) are inside the target, through a copy; with
 * `clear`, the 8 coverages are cleared, those outside the target too. */
__attribute__((target("avx2"), always_inline)) static inline void blend_part_of_eight(
    uint32_t *destination, uint8_t *source, int32_t first, int32_t end, const avx2_constants *k, int opaque,
    int black, int clear) {
    __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i inside = _mm256_and_si256(_mm256_cmpgt_epi32(_mm256_set1_epi32(end), lanes),
                                      _mm256_cmpgt_epi32(lanes, _mm256_set1_epi32(first - 1)));
    uint32_t copy[8];
    _mm256_storeu_si256((__m256i *)copy, _mm256_maskload_epi32((const int *)destination, inside));
    blend_eight_always(copy, source, k, opaque, black, clear);
    _mm256_maskstore_epi32((int *)destination, inside, _mm256_loadu_si256((const __m256i *)copy));
}

/* `rows` rows of a glyph whose image a side of the target cuts, from target row `y` at column `x`, the coverage from
 * `source` (an overlap mask, cleared, with `clear`): the groups inside whole, those cut through a copy, those outside
 * passed over (only cleared). */
__attribute__((target("avx2"), always_inline)) static inline void blend_cut_rows(
    lk_pixel_target target, int32_t x, int32_t y, uint8_t *source, ptrdiff_t source_stride, int32_t width,
    int32_t rows, const avx2_constants *k, int opaque, int black, int clear) {
    for (int32_t row = 0; row < rows; row++) {
        uint32_t *destination = target.pixels + (ptrdiff_t)(y + row) * target.stride + x;
        uint8_t *coverage = source + (ptrdiff_t)row * source_stride;
        for (int32_t column = 0; column < width; column += 8) {
            int32_t first = x + column < 0 ? -(x + column) : 0;
            int32_t end = x + column + 8 > target.width ? target.width - (x + column) : 8;
            if (first == 0 && end == 8) {
                blend_eight_always(destination + column, coverage + column, k, opaque, black, clear);
            } else if (first < end) {
                blend_part_of_eight(destination + column, coverage + column, first, end, k, opaque, black, clear);
            } else if (clear) {
                memset(coverage + column, 0, 8);
            }
        }
    }
}
#endif

#endif
