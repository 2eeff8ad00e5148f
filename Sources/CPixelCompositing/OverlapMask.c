/* The overlap mask: a run's touching glyphs added into one coverage mask, then composited from it (OverlapMask.h). */
#include "CoverageLanes.h"
#include "OverlapMask.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
/* A glyph's coverage, `width` (a multiple of 8) × `rows`, added into the mask at `destination`. */
__attribute__((target("avx2"), always_inline)) static inline void add_rows(uint8_t *destination,
                                                                          ptrdiff_t destination_stride,
                                                                          const uint8_t *source, int32_t width,
                                                                          int32_t rows) {
    for (int32_t row = 0; row < rows; row++) {
        for (int32_t column = 0; column < width; column += 8) {
            _mm_storel_epi64((__m128i *)(destination + column),
                             _mm_adds_epu8(_mm_loadl_epi64((const __m128i *)(destination + column)),
                                           _mm_loadl_epi64((const __m128i *)(source + column))));
        }
        destination += destination_stride;
        source += width;
    }
}

/* A glyph's rectangle composited from the mask at `source` and the mask cleared there, `width` (a multiple of 8) ×
 * `rows`, every group of 8 with the same arithmetic and no test of its pixels: the mask's pixels follow no pattern a
 * branch predictor could learn, and a mispredicted branch costs more than the arithmetic it would save. */
__attribute__((target("avx2"), always_inline)) static inline void blend_rows_from_mask(
    uint32_t *destination, ptrdiff_t destination_stride, uint8_t *source, ptrdiff_t source_stride, int32_t width,
    int32_t rows, const avx2_constants *k, int opaque, int black) {
    for (int32_t row = 0; row < rows; row++) {
        for (int32_t column = 0; column < width; column += 8) {
            blend_eight_always(destination + column, source + column, k, opaque, black, 1);
        }
        destination += destination_stride;
        source += source_stride;
    }
}

/* A glyph of the mask as both of composite_through_mask_avx2's passes need it, worked out once: its rows inside the
 * target, from `coverage` (its first such row), over the target's pixel (x, y) and the mask's byte `mask_offset`. A
 * glyph the mask does not hold whole columns of (`general`) goes through lk_add_glyph and lk_composite_from_mask. */
typedef struct {
    const uint8_t *coverage;
    ptrdiff_t mask_offset;
    int32_t x, y, width, rows, placement;
    int32_t general;
} mask_glyph;

enum { mask_glyph_batch = 128 };

/* The glyphs of placements [first, end) that `shares` marks (every one when it is NULL) with rows inside the target,
 * as mask_glyphs into `out`; returns how many. */
static inline int32_t collect_mask_glyphs(lk_pixel_target target, const lk_glyph_placement *placements, int32_t first,
                                          int32_t end, const uint8_t *shares, lk_strike_storage storage,
                                          lk_mask_area mask, mask_glyph *out) {
    int32_t n = 0;
    for (int32_t i = first; i < end; i++) {
        const lk_glyph_entry *entry = &storage.entries[placements[i].entry];
        int32_t width = entry->width, height = entry->height;
        if (width <= 0 || (shares && !shares[i])) continue;
        int32_t x = placements[i].x + entry->left, y = placements[i].y + entry->top;
        int32_t row0 = y < 0 ? -y : 0, row1 = y + height > target.height ? target.height - y : height;
        int cut = x < 0 || x + width > target.width;
        int general = cut && !mask.whole_columns;
        if (row0 >= row1 && !general) continue;
        mask_glyph *glyph = &out[n++];
        glyph->placement = i;
        glyph->general = general;
        if (general) continue;
        glyph->coverage = storage.coverage + entry->pixel_start + (ptrdiff_t)row0 * width;
        glyph->mask_offset = (ptrdiff_t)(y + row0 - mask.top) * mask.width + (x - mask.left);
        glyph->x = x;
        glyph->y = y + row0;
        glyph->width = width;
        glyph->rows = row1 - row0;
    }
    return n;
}

/* The add pass over `n` mask glyphs. */
__attribute__((target("avx2"), always_inline)) static inline void add_mask_glyphs(
    const mask_glyph *glyphs, int32_t n, const lk_glyph_placement *placements, lk_strike_storage storage,
    lk_mask_area mask) {
    for (int32_t g = 0; g < n; g++) {
        const mask_glyph *glyph = &glyphs[g];
        if (glyph->general) {
            const lk_glyph_placement *placement = &placements[glyph->placement];
            const lk_glyph_entry *entry = &storage.entries[placement->entry];
            lk_add_glyph(mask.pixels, mask.width, mask.height, 0, placement->x + entry->left - mask.left,
                         placement->y + entry->top - mask.top, lk_image_of(placement->entry, storage));
            continue;
        }
        uint8_t *destination = mask.pixels + glyph->mask_offset;
        WITH_GLYPH_WIDTH(glyph->width, w, add_rows(destination, mask.width, glyph->coverage, w, glyph->rows));
    }
}

/* The compositing pass over `n` mask glyphs, the mask cleared behind it. */
__attribute__((target("avx2"), always_inline)) static inline void blend_mask_glyphs(
    lk_pixel_target target, const mask_glyph *glyphs, int32_t n, const lk_glyph_placement *placements,
    lk_strike_storage storage, uint32_t color, lk_mask_area mask, const avx2_constants *k, int opaque, int black) {
    for (int32_t g = 0; g < n; g++) {
        const mask_glyph *glyph = &glyphs[g];
        if (glyph->general) {
            const lk_glyph_placement *placement = &placements[glyph->placement];
            const lk_glyph_entry *entry = &storage.entries[placement->entry];
            lk_composite_from_mask(target, placement->x + entry->left, placement->y + entry->top,
                                   lk_image_of(placement->entry, storage), mask.pixels, mask.width, mask.left,
                                   mask.top, color);
            continue;
        }
        uint8_t *source = mask.pixels + glyph->mask_offset;
        int32_t x = glyph->x, width = glyph->width;
        if (x < 0 || x + width > target.width) {
            blend_cut_rows(target, x, glyph->y, source, mask.width, width, glyph->rows, k, opaque, black, 1);
            continue;
        }
        uint32_t *destination = target.pixels + (ptrdiff_t)glyph->y * target.stride + x;
        WITH_GLYPH_WIDTH(width, w,
                         blend_rows_from_mask(destination, target.stride, source, mask.width, w, glyph->rows, k,
                                              opaque, black));
    }
}

/* lk_composite_through_mask with AVX2, the colour's kind folded in: the glyphs' rows inside the target added, then
 * composited in place, whole groups of 8, the constants made once for the run. What each pass needs of a glyph is
 * worked out once (collect_mask_glyphs), for up to mask_glyph_batch glyphs at a time; a run with more has it worked
 * out again for the second pass. A glyph the target's side cuts by less than a group of 8 has its cut groups
 * composited through a copy (the first glyph of a line often starts a pixel left of the label); the glyphs 8 and 16
 * pixels wide (most of them, at text sizes) have loops of their own (WITH_GLYPH_WIDTH). */
__attribute__((target("avx2"), always_inline)) static inline void composite_through_mask_avx2(
    lk_pixel_target target, const lk_glyph_placement *placements, int32_t count, const uint8_t *shares,
    lk_strike_storage storage, uint32_t color, lk_mask_area mask, int opaque, int black) {
    mask_glyph glyphs[mask_glyph_batch];
    int32_t n = 0;
    for (int32_t first = 0; first < count; first += mask_glyph_batch) {
        int32_t end = count - first > mask_glyph_batch ? first + mask_glyph_batch : count;
        n = collect_mask_glyphs(target, placements, first, end, shares, storage, mask, glyphs);
        add_mask_glyphs(glyphs, n, placements, storage, mask);
    }
    avx2_constants k = avx2_constants_of(color, storage.background);
    if (count <= mask_glyph_batch) {
        blend_mask_glyphs(target, glyphs, n, placements, storage, color, mask, &k, opaque, black);
        return;
    }
    for (int32_t first = 0; first < count; first += mask_glyph_batch) {
        int32_t end = count - first > mask_glyph_batch ? first + mask_glyph_batch : count;
        n = collect_mask_glyphs(target, placements, first, end, shares, storage, mask, glyphs);
        blend_mask_glyphs(target, glyphs, n, placements, storage, color, mask, &k, opaque, black);
    }
}

LK_HOT
__attribute__((target("avx2"))) static void composite_through_mask_avx2_black(
    lk_pixel_target target, const lk_glyph_placement *placements, int32_t count, const uint8_t *shares,
    lk_strike_storage storage, uint32_t color, lk_mask_area mask) {
    composite_through_mask_avx2(target, placements, count, shares, storage, color, mask, 1, 1);
}

LK_HOT
__attribute__((target("avx2"))) static void composite_through_mask_avx2_opaque(
    lk_pixel_target target, const lk_glyph_placement *placements, int32_t count, const uint8_t *shares,
    lk_strike_storage storage, uint32_t color, lk_mask_area mask) {
    composite_through_mask_avx2(target, placements, count, shares, storage, color, mask, 1, 0);
}

LK_HOT
__attribute__((target("avx2"))) static void composite_through_mask_avx2_translucent(
    lk_pixel_target target, const lk_glyph_placement *placements, int32_t count, const uint8_t *shares,
    lk_strike_storage storage, uint32_t color, lk_mask_area mask) {
    composite_through_mask_avx2(target, placements, count, shares, storage, color, mask, 0, 0);
}
#endif

LK_HOT
void lk_composite_through_mask(lk_pixel_target target, const lk_glyph_placement *placements, int32_t count,
                               const uint8_t *shares, lk_strike_storage storage, uint32_t color, lk_mask_area mask) {
#if defined(__x86_64__) || defined(__i386__)
    if (__builtin_cpu_supports("avx2")) {
        if (color == 0xff000000u) {
            composite_through_mask_avx2_black(target, placements, count, shares, storage, color, mask);
        } else if (color >> 24 == 0xff) {
            composite_through_mask_avx2_opaque(target, placements, count, shares, storage, color, mask);
        } else {
            composite_through_mask_avx2_translucent(target, placements, count, shares, storage, color, mask);
        }
        return;
    }
#endif
    for (int32_t i = 0; i < count; i++) {
        const lk_glyph_entry *entry = &storage.entries[placements[i].entry];
        if (entry->width <= 0 || (shares && !shares[i])) continue;
        lk_add_glyph(mask.pixels, mask.width, mask.height, 0, placements[i].x + entry->left - mask.left,
                     placements[i].y + entry->top - mask.top, lk_image_of(placements[i].entry, storage));
    }
    for (int32_t i = 0; i < count; i++) {
        const lk_glyph_entry *entry = &storage.entries[placements[i].entry];
        if (entry->width <= 0 || (shares && !shares[i])) continue;
        lk_composite_from_mask(target, placements[i].x + entry->left, placements[i].y + entry->top,
                               lk_image_of(placements[i].entry, storage), mask.pixels, mask.width, mask.left, mask.top,
                               color);
    }
}
