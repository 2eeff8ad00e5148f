/* A run of glyphs composited as Cairo composites it, one glyph at a time or through the overlap mask (OverlapMask.c)
 * where their boxes meet; and the background fill. */
#include "CoverageLanes.h"
#include "OverlapMask.h"

#include <string.h>

LK_HOT
size_t lk_composite_run(lk_pixel_target target, const lk_glyph_placement *placements, int32_t count,
                        const lk_glyph_entry *entries, const uint8_t *coverage, const uint32_t *color_pixels,
                        const uint16_t *spans, uint32_t color, uint8_t *mask, size_t mask_capacity,
                        const int64_t *tinted_starts, const uint32_t *tinted_pixels, uint32_t background) {
    lk_strike_storage storage = {entries, coverage, color_pixels, spans, tinted_starts, tinted_pixels, background};
    /* Cairo's test: does a glyph's box meet the union of those before it? Looked at only until it does. */
    int overlap = 0;
    int64_t box_left = INT64_MAX, box_top = INT64_MAX, box_right = INT64_MIN, box_bottom = INT64_MIN;
    for (int32_t i = 0; i < count; i++) {
        const lk_glyph_entry *entry = &entries[placements[i].entry];
        int64_t x = (int64_t)placements[i].x * 256, y = (int64_t)placements[i].y * 256;
        int64_t left = x + entry->bbox_left, right = x + entry->bbox_right;
        int64_t top = y + entry->bbox_top, bottom = y + entry->bbox_bottom;
        if (left != right && top != bottom && right > box_left && left < box_right && bottom > box_top &&
            top < box_bottom) {
            overlap = 1;
            break;
        }
        if (left < box_left) box_left = left;
        if (right > box_right) box_right = right;
        if (top < box_top) box_top = top;
        if (bottom > box_bottom) box_bottom = bottom;
    }
    if (!overlap) {
        lk_composite_glyphs(target, placements, count, NULL, storage, color);
        return 0;
    }
    /* Only glyphs whose inked columns meet another glyph's need the mask: the pixels of the others are theirs alone,
     * where the mask would hold their own coverage. Two passes over the glyphs in order mark every glyph whose columns
     * meet an earlier one's (forward, against the rightmost edge so far) or a later one's (backward, against the
     * leftmost edge to come); rows are not looked at, so a few more are marked than need be. The forward pass also
     * finds the images' bounds and whether a glyph is in colour. */
    uint8_t shares_stack[256];
    uint8_t *shares = count <= 256 ? shares_stack : NULL;
    int any_color = 0;
    int32_t image_left = INT32_MAX, image_top = INT32_MAX, image_right = INT32_MIN, image_bottom = INT32_MIN;
    int32_t rightmost = INT32_MIN;
    for (int32_t i = 0; i < count; i++) {
        const lk_glyph_entry *entry = &entries[placements[i].entry];
        if (shares) shares[i] = 0;
        if (entry->width <= 0) continue;
        any_color |= entry->is_color;
        int32_t image_x = placements[i].x + entry->left, image_y = placements[i].y + entry->top;
        if (image_x < image_left) image_left = image_x;
        if (image_y < image_top) image_top = image_y;
        if (image_x + entry->width > image_right) image_right = image_x + entry->width;
        if (image_y + entry->height > image_bottom) image_bottom = image_y + entry->height;
        int32_t ink_end = image_x + entry->ink_width;
        if (shares && image_x < rightmost) shares[i] = 1;
        if (ink_end > rightmost) rightmost = ink_end;
    }
    if (image_left >= image_right) return 0;
    if (any_color) {
        lk_composite_glyphs(target, placements, count, NULL, storage, color);
        return 0;
    }
    /* The mask covers the glyphs' images inside the target, and their columns whole when the target's sides cut
     * them by less than a group of 8. */
    int whole_columns = 0;
#if defined(__x86_64__) || defined(__i386__)
    /* Only the AVX2 loops clear a glyph's columns outside the target. */
    whole_columns = image_left > -8 && image_right < target.width + 8 && __builtin_cpu_supports("avx2");
#endif
    int32_t left = image_left > 0 || whole_columns ? image_left : 0, top = image_top > 0 ? image_top : 0;
    int32_t right = image_right < target.width || whole_columns ? image_right : target.width;
    int32_t bottom = image_bottom < target.height ? image_bottom : target.height;
    if (left >= right || top >= bottom || right <= 0 || left >= target.width) return 0;
    size_t needed = (size_t)(right - left) * (size_t)(bottom - top);
    if (needed > mask_capacity) return needed;
    if (shares) {
        int32_t leftmost = INT32_MAX;
        for (int32_t i = count - 1; i >= 0; i--) {
            const lk_glyph_entry *entry = &entries[placements[i].entry];
            if (entry->width <= 0) continue;
            int32_t first = placements[i].x + entry->left, end = first + entry->ink_width;
            if (end > leftmost) shares[i] = 1;
            if (first < leftmost) leftmost = first;
        }
    }
    /* The glyphs alone first, then those through the mask: no pixel is inked by one of each (a glyph alone composites
     * nothing where its coverage is 0, and copies its tinted background only over pixels still the background), so the
     * order changes nothing. */
    if (shares) lk_composite_glyphs(target, placements, count, shares, storage, color);
    lk_mask_area area = {mask, left, top, right - left, bottom - top, whole_columns};
    lk_composite_through_mask(target, placements, count, shares, storage, color, area);
    return 0;
}

LK_HOT
void lk_fill(lk_pixel_target target, uint32_t value) {
    if (target.width <= 0 || target.height <= 0) return;
    size_t row_bytes = (size_t)target.width * 4;
    /* Four equal bytes (no background, opaque white or black) are memset's, over the whole block at once when the
     * rows follow one another, as in a new image: glibc's string stores there write whole cache lines without reading
     * them first; drawing the bench corpus was 4.4 % faster than with the first row copied (Benchmarks/HISTORY.md). */
    if ((value & 0xffu) * 0x01010101u == value) {
        int byte = (int)(value & 0xffu);
        if (target.stride == target.width) {
            memset(target.pixels, byte, row_bytes * (size_t)target.height);
            return;
        }
        for (int32_t row = 0; row < target.height; row++) {
            memset(target.pixels + (ptrdiff_t)row * target.stride, byte, row_bytes);
        }
        return;
    }
    /* The first row pixel by pixel, the others copied from it (memcpy's wide stores). */
    for (int32_t column = 0; column < target.width; column++) target.pixels[column] = value;
    for (int32_t row = 1; row < target.height; row++) {
        memcpy(target.pixels + (ptrdiff_t)row * target.stride, target.pixels, row_bytes);
    }
}

#if defined(__x86_64__) || defined(__i386__)
/* lk_composite_glyphs with AVX2, the colour's kind folded in: a coverage glyph's rows inside the target whole, with
 * loops of their own for the glyphs 8 and 16 pixels wide (WITH_GLYPH_WIDTH); one the target's side cuts by less than a
 * group of 8 through blend_cut_rows (the first glyph of a line often starts a pixel left of the label); the others as
 * lk_composite_glyph composites them. */
__attribute__((target("avx2"), always_inline)) static inline void composite_glyphs_avx2(
    lk_pixel_target target, const lk_glyph_placement *placements, int32_t count, const uint8_t *skip,
    lk_strike_storage storage, uint32_t color, int opaque, int black) {
    avx2_constants k = avx2_constants_of(color, storage.background);
    for (int32_t i = 0; i < count; i++) {
        if (skip && skip[i]) continue;
        int32_t index = placements[i].entry;
        const lk_glyph_entry *entry = &storage.entries[index];
        int32_t width = entry->width, height = entry->height;
        if (width <= 0) continue;
        int32_t x = placements[i].x + entry->left, y = placements[i].y + entry->top;
        int cut = x < 0 || x + width > target.width;
        if (entry->is_color || (cut && (x <= -8 || x + width >= target.width + 8))) {
            lk_composite_glyph(target, x, y, lk_image_of(index, storage), color);
            continue;
        }
        int32_t row0 = y < 0 ? -y : 0, row1 = y + height > target.height ? target.height - y : height;
        if (row0 >= row1) continue;
        const uint8_t *source = storage.coverage + entry->pixel_start + (ptrdiff_t)row0 * width;
        if (cut) {
            blend_cut_rows(target, x, y + row0, (uint8_t *)source, width, width, row1 - row0, &k, opaque, black, 0);
            continue;
        }
        uint32_t *destination = target.pixels + (ptrdiff_t)(y + row0) * target.stride + x;
        const uint32_t *tinted = lk_tinted_of(index, storage);
        if (tinted) tinted += (ptrdiff_t)row0 * width;
        WITH_GLYPH_WIDTH(width, w,
                         blend_whole_glyph_avx2(destination, target.stride, source, w, tinted, w, w, row1 - row0, &k,
                                                opaque, black));
    }
}

LK_HOT
__attribute__((target("avx2"))) static void composite_glyphs_avx2_black(lk_pixel_target target,
                                                                        const lk_glyph_placement *placements,
                                                                        int32_t count, const uint8_t *skip,
                                                                        lk_strike_storage storage, uint32_t color) {
    composite_glyphs_avx2(target, placements, count, skip, storage, color, 1, 1);
}

LK_HOT
__attribute__((target("avx2"))) static void composite_glyphs_avx2_opaque(lk_pixel_target target,
                                                                         const lk_glyph_placement *placements,
                                                                         int32_t count, const uint8_t *skip,
                                                                         lk_strike_storage storage, uint32_t color) {
    composite_glyphs_avx2(target, placements, count, skip, storage, color, 1, 0);
}

LK_HOT
__attribute__((target("avx2"))) static void composite_glyphs_avx2_translucent(lk_pixel_target target,
                                                                              const lk_glyph_placement *placements,
                                                                              int32_t count, const uint8_t *skip,
                                                                              lk_strike_storage storage,
                                                                              uint32_t color) {
    composite_glyphs_avx2(target, placements, count, skip, storage, color, 0, 0);
}
#endif

LK_HOT
void lk_composite_glyphs(lk_pixel_target target, const lk_glyph_placement *placements, int32_t count,
                         const uint8_t *skip, lk_strike_storage storage, uint32_t color) {
#if defined(__x86_64__) || defined(__i386__)
    if (__builtin_cpu_supports("avx2")) {
        if (color == 0xff000000u) {
            composite_glyphs_avx2_black(target, placements, count, skip, storage, color);
        } else if (color >> 24 == 0xff) {
            composite_glyphs_avx2_opaque(target, placements, count, skip, storage, color);
        } else {
            composite_glyphs_avx2_translucent(target, placements, count, skip, storage, color);
        }
        return;
    }
#endif
    for (int32_t i = 0; i < count; i++) {
        if (skip && skip[i]) continue;
        const lk_glyph_entry *entry = &storage.entries[placements[i].entry];
        if (entry->width <= 0) continue;
        lk_composite_glyph(target, placements[i].x + entry->left, placements[i].y + entry->top,
                           lk_image_of(placements[i].entry, storage), color);
    }
}
