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
    __m256i background8, color16, alpha16, color8, alpha_lanes;
} avx2_constants;

__attribute__((target("avx2"), always_inline)) static inline avx2_constants avx2_constants_of(uint32_t color,
                                                                                          uint32_t background) {
    avx2_constants k;
    k.background8 = _mm256_set1_epi32((int)background);
    k.color16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), _mm256_setzero_si256());
    k.alpha16 = _mm256_set1_epi16((short)(color >> 24));
    k.color8 = _mm256_set1_epi32((int)color);
    k.alpha_lanes = _mm256_set1_epi64x((long long)0x00ff000000000000ull);
    return k;
}

/* Eight pixels with AVX2: the same lane arithmetic as blend_four, in two 128-bit halves at once. `tinted`, when not
 * NULL, holds the eight results over the background, copied when the destination is still all background. */
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
    __m256i zero = _mm256_setzero_si256();
    __m256i mask_ff = _mm256_set1_epi16(0x00ff);
    __m128i bytes = _mm_cvtsi64_si128((long long)m8);
    bytes = _mm_unpacklo_epi8(bytes, bytes);
    __m256i m = _mm256_set_m128i(_mm_unpackhi_epi16(bytes, bytes), _mm_unpacklo_epi16(bytes, bytes));
    __m256i m_low = _mm256_unpacklo_epi8(m, zero);
    __m256i m_high = _mm256_unpackhi_epi8(m, zero);
    __m256i d_low = _mm256_unpacklo_epi8(d, zero);
    __m256i d_high = _mm256_unpackhi_epi8(d, zero);
    /* Black: the colour times the coverage is the coverage in the alpha lane, nothing in the others. */
    __m256i s_low = black ? _mm256_and_si256(m_low, k->alpha_lanes) : multiply_lanes_256(k->color16, m_low);
    __m256i s_high = black ? _mm256_and_si256(m_high, k->alpha_lanes) : multiply_lanes_256(k->color16, m_high);
    __m256i a_low = opaque ? m_low : multiply_lanes_256(k->alpha16, m_low);
    __m256i a_high = opaque ? m_high : multiply_lanes_256(k->alpha16, m_high);
    a_low = _mm256_xor_si256(a_low, mask_ff);
    a_high = _mm256_xor_si256(a_high, mask_ff);
    __m256i kept = _mm256_packus_epi16(multiply_lanes_256(d_low, a_low), multiply_lanes_256(d_high, a_high));
    __m256i added = _mm256_packus_epi16(s_low, s_high);
    _mm256_storeu_si256((__m256i *)destination, _mm256_adds_epu8(kept, added));
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
#endif

#endif
