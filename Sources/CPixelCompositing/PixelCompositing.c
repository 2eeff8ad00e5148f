#include "PixelArithmetic.h"

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

#if defined(__x86_64__) || defined(__i386__)
/* A colour glyph with its tinted copy, the first `width` pixels (a multiple of 4) of rows `image_stride` apart, 8 pixels
 * at a time then 4: the copy wherever the destination is still the background, else each 4 as over_four composites
 * them. */
LK_HOT
__attribute__((target("avx2"))) static void copy_tinted_color_rows_avx2(uint32_t *destination, ptrdiff_t stride,
                                                                       const uint32_t *source,
                                                                       const uint32_t *tinted, int32_t width,
                                                                       ptrdiff_t image_stride, int32_t rows,
                                                                       uint32_t background) {
    __m256i background8 = _mm256_set1_epi32((int)background);
    for (int32_t row = 0; row < rows; row++) {
        int32_t column = 0;
        for (; column + 8 <= width; column += 8) {
            __m256i d = _mm256_loadu_si256((const __m256i *)(destination + column));
            if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(d, background8)) == -1) {
                _mm256_storeu_si256((__m256i *)(destination + column),
                                    _mm256_loadu_si256((const __m256i *)(tinted + column)));
                continue;
            }
            for (int32_t half = column; half < column + 8; half += 4) {
                __m128i s4 = _mm_loadu_si128((const __m128i *)(source + half));
                if (_mm_movemask_epi8(_mm_cmpeq_epi32(s4, _mm_setzero_si128())) != 0xffff) {
                    over_four(destination + half, s4);
                }
            }
        }
        if (column < width) {   /* the last 4 */
            __m128i d = _mm_loadu_si128((const __m128i *)(destination + column));
            if (_mm_movemask_epi8(_mm_cmpeq_epi32(d, _mm256_castsi256_si128(background8))) == 0xffff) {
                _mm_storeu_si128((__m128i *)(destination + column),
                                 _mm_loadu_si128((const __m128i *)(tinted + column)));
            } else {
                __m128i s4 = _mm_loadu_si128((const __m128i *)(source + column));
                if (_mm_movemask_epi8(_mm_cmpeq_epi32(s4, _mm_setzero_si128())) != 0xffff) {
                    over_four(destination + column, s4);
                }
            }
        }
        destination += stride;
        source += image_stride;
        tinted += image_stride;
    }
}
#endif

LK_HOT
static void composite_color(lk_pixel_target target, int32_t x, int32_t y, lk_glyph_image glyph, uint32_t color) {
    int32_t row0, row1, col0, col1;
    if (!clip(x, y, glyph.width, glyph.height, target.width, target.height, &row0, &row1, &col0, &col1)) return;
    const uint32_t *image = glyph.pixels;
    const uint32_t alpha = color >> 24;
    /* The image composited over the background beforehand serves an opaque source only (it was made with none). */
    const uint32_t *tinted_image = alpha == 0xff ? glyph.tinted : NULL;
    const uint32_t background = glyph.tinted_background;
#if defined(__x86_64__) || defined(__i386__)
    if (tinted_image && col0 == 0 && (col1 & 3) == 0 && __builtin_cpu_supports("avx2")) {
        copy_tinted_color_rows_avx2(target.pixels + (ptrdiff_t)(y + row0) * target.stride + x, target.stride,
                                    image + (ptrdiff_t)row0 * glyph.width, tinted_image + (ptrdiff_t)row0 * glyph.width,
                                    col1, glyph.width, row1 - row0, background);
        return;
    }
#endif
    for (int32_t row = row0; row < row1; row++) {
        int32_t first = col0, end = col1;
        narrow_to_span(glyph.spans, row, &first, &end);
        const uint32_t *source = image + (ptrdiff_t)row * glyph.width;
        const uint32_t *tinted = tinted_image ? tinted_image + (ptrdiff_t)row * glyph.width : NULL;
        uint32_t *destination = target.pixels + (ptrdiff_t)(y + row) * target.stride + x;
        int32_t column = first;
#if defined(__x86_64__) || defined(__i386__)
        if (alpha == 0xff) {
            __m128i background4 = _mm_set1_epi32((int)background);
            for (; column + 4 <= end; column += 4) {
                __m128i s4 = _mm_loadu_si128((const __m128i *)(source + column));
                if (_mm_movemask_epi8(_mm_cmpeq_epi32(s4, _mm_setzero_si128())) == 0xffff) continue;
                if (tinted && _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(destination + column)),
                                                                background4)) == 0xffff) {
                    _mm_storeu_si128((__m128i *)(destination + column),
                                     _mm_loadu_si128((const __m128i *)(tinted + column)));
                    continue;
                }
                over_four(destination + column, s4);
            }
        }
#endif
        for (; column < end; column++) {
            uint32_t m = source[column];
            if (m == 0) continue;
            if (tinted && destination[column] == background) {
                destination[column] = tinted[column];
                continue;
            }
            uint32_t s = alpha == 0xff ? m : multiply_channels(m, alpha);
            if (s >> 24 == 0xff) {
                destination[column] = s;
                continue;
            }
            destination[column] = add_saturating(multiply_channels(destination[column], 255 - (s >> 24)), s);
        }
    }
}

LK_HOT
void lk_composite_glyph(lk_pixel_target target, int32_t x, int32_t y, lk_glyph_image glyph, uint32_t color) {
    if (glyph.is_color) {
        composite_color(target, x, y, glyph, color);
    } else {
        lk_composite_coverage(target, x, y, glyph, color);
    }
}

LK_HOT
void lk_add_glyph(void *mask, int32_t mask_width, int32_t mask_height, int32_t is_color, int32_t x, int32_t y,
                  lk_glyph_image glyph) {
    int32_t row0, row1, col0, col1;
    if (!clip(x, y, glyph.width, glyph.height, mask_width, mask_height, &row0, &row1, &col0, &col1)) return;
#if defined(__x86_64__) || defined(__i386__)
    if (!is_color && !glyph.is_color && col0 == 0 && (col1 & 7) == 0) {
        /* Coverage into coverage, whole groups of 8: every group of a row, the empty ones passed over (cheaper than
         * reading the row's span). */
        uint8_t *destination = (uint8_t *)mask + (ptrdiff_t)(y + row0) * mask_width + x;
        const uint8_t *source = (const uint8_t *)glyph.pixels + (ptrdiff_t)row0 * glyph.width;
        for (int32_t row = row0; row < row1; row++) {
            for (int32_t column = 0; column < col1; column += 8) {
                add_eight(destination + column, source + column);
            }
            destination += mask_width;
            source += glyph.width;
        }
        return;
    }
#endif
    for (int32_t row = row0; row < row1; row++) {
        int32_t first = col0, end = col1;
        narrow_to_span(glyph.spans, row, &first, &end);
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
                add_eight(destination + column, source + column);
            }
#endif
            for (; column < end; column++) {
                uint32_t sum = (uint32_t)destination[column] + source[column];
                destination[column] = sum > 255 ? 255 : (uint8_t)sum;
            }
        }
    }
}

LK_HOT
void lk_tint_glyph(lk_glyph_image glyph, uint32_t color, uint32_t background, uint32_t *out) {
    lk_pixel_target canvas = {out, glyph.width, glyph.width, glyph.height};
    lk_fill(canvas, background);
    glyph.tinted = NULL;
    lk_composite_glyph(canvas, 0, 0, glyph, color);
}
