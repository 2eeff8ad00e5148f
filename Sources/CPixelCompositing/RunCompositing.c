#include "CoverageLanes.h"

#include <string.h>

size_t lk_composite_run(lk_pixel_target target, const lk_glyph_placement *placements, int32_t count,
                        const lk_glyph_entry *entries, const uint8_t *coverage, const uint32_t *color_pixels,
                        const uint16_t *spans, uint32_t color, uint8_t *mask, size_t mask_capacity,
                        const int64_t *tinted_starts, const uint32_t *tinted_pixels, uint32_t background) {
    lk_strike_storage storage = {entries, coverage, color_pixels, spans, tinted_starts, tinted_pixels, background};
    int overlap = 0, any_color = 0;
    int64_t box_left = INT64_MAX, box_top = INT64_MAX, box_right = INT64_MIN, box_bottom = INT64_MIN;
    int32_t image_left = INT32_MAX, image_top = INT32_MAX, image_right = INT32_MIN, image_bottom = INT32_MIN;
    for (int32_t i = 0; i < count; i++) {
        const lk_glyph_entry *entry = &entries[placements[i].entry];
        int64_t x = (int64_t)placements[i].x * 256, y = (int64_t)placements[i].y * 256;
        int64_t left = x + entry->bbox_left, right = x + entry->bbox_right;
        int64_t top = y + entry->bbox_top, bottom = y + entry->bbox_bottom;
        if (!overlap && left != right && top != bottom) {
            overlap = right > box_left && left < box_right && bottom > box_top && top < box_bottom;
        }
        if (left < box_left) box_left = left;
        if (right > box_right) box_right = right;
        if (top < box_top) box_top = top;
        if (bottom > box_bottom) box_bottom = bottom;
        if (entry->width <= 0) continue;
        any_color |= entry->is_color;
        int32_t image_x = placements[i].x + entry->left, image_y = placements[i].y + entry->top;
        if (image_x < image_left) image_left = image_x;
        if (image_y < image_top) image_top = image_y;
        if (image_x + entry->width > image_right) image_right = image_x + entry->width;
        if (image_y + entry->height > image_bottom) image_bottom = image_y + entry->height;
    }
    if (image_left >= image_right) return 0;
    if (!overlap || any_color) {
        lk_composite_glyphs(target, placements, count, NULL, storage, color);
        return 0;
    }
    /* The mask covers the glyphs' images inside the target. */
    int32_t left = image_left > 0 ? image_left : 0, top = image_top > 0 ? image_top : 0;
    int32_t right = image_right < target.width ? image_right : target.width;
    int32_t bottom = image_bottom < target.height ? image_bottom : target.height;
    if (left >= right || top >= bottom) return 0;
    size_t needed = (size_t)(right - left) * (size_t)(bottom - top);
    if (needed > mask_capacity) return needed;
    /* Only glyphs whose inked columns meet another glyph's need the mask: the pixels of the others are theirs alone,
     * where the mask would hold their own coverage. Two passes over the glyphs in order mark every glyph whose columns
     * meet an earlier one's (forward, against the rightmost edge so far) or a later one's (backward, against the
     * leftmost edge to come); rows are not looked at, so a few more are marked than need be. */
    uint8_t shares_stack[256];
    uint8_t *shares = count <= 256 ? shares_stack : NULL;
    if (shares) {
        int32_t rightmost = INT32_MIN;
        for (int32_t i = 0; i < count; i++) {
            const lk_glyph_entry *entry = &entries[placements[i].entry];
            shares[i] = 0;
            if (entry->width <= 0) continue;
            int32_t first = placements[i].x + entry->left, end = first + entry->ink_width;
            if (first < rightmost) shares[i] = 1;
            if (end > rightmost) rightmost = end;
        }
        int32_t leftmost = INT32_MAX;
        for (int32_t i = count - 1; i >= 0; i--) {
            const lk_glyph_entry *entry = &entries[placements[i].entry];
            if (entry->width <= 0) continue;
            int32_t first = placements[i].x + entry->left, end = first + entry->ink_width;
            if (end > leftmost) shares[i] = 1;
            if (first < leftmost) leftmost = first;
        }
    }
    for (int32_t i = 0; i < count; i++) {
        const lk_glyph_entry *entry = &entries[placements[i].entry];
        if (entry->width <= 0 || (shares && !shares[i])) continue;
        lk_add_glyph(mask, right - left, bottom - top, 0, placements[i].x + entry->left - left,
                     placements[i].y + entry->top - top, lk_image_of(placements[i].entry, storage));
    }
    /* The glyphs alone first, then those through the mask: no pixel is inked by one of each (a glyph alone composites
     * nothing where its coverage is 0, and copies its tinted background only over pixels still the background), so the
     * order changes nothing. */
    if (shares) lk_composite_glyphs(target, placements, count, shares, storage, color);
    for (int32_t i = 0; i < count; i++) {
        const lk_glyph_entry *entry = &entries[placements[i].entry];
        if (entry->width <= 0 || (shares && !shares[i])) continue;
        lk_composite_from_mask(target, placements[i].x + entry->left, placements[i].y + entry->top,
                               lk_image_of(placements[i].entry, storage), mask, right - left, left, top, color);
    }
    return 0;
}

void lk_fill(lk_pixel_target target, uint32_t value) {
    if (target.width <= 0 || target.height <= 0) return;
    size_t row_bytes = (size_t)target.width * 4;
    if (value == 0) {
        for (int32_t row = 0; row < target.height; row++) {
            memset(target.pixels + (ptrdiff_t)row * target.stride, 0, row_bytes);
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
/* lk_composite_glyphs with AVX2, the colour's kind folded in. */
__attribute__((target("avx2"), always_inline)) static inline void composite_glyphs_avx2(
    lk_pixel_target target, const lk_glyph_placement *placements, int32_t count, const uint8_t *skip,
    lk_strike_storage storage, uint32_t color, int opaque, int black) {
    avx2_constants k = avx2_constants_of(color, storage.background);
    for (int32_t i = 0; i < count; i++) {
        if (skip && skip[i]) continue;
        int32_t index = placements[i].entry;
        const lk_glyph_entry *entry = &storage.entries[index];
        if (entry->width <= 0) continue;
        int32_t x = placements[i].x + entry->left, y = placements[i].y + entry->top;
        if (entry->is_color || x < 0 || y < 0 || x + entry->width > target.width ||
            y + entry->height > target.height) {
            lk_composite_glyph(target, x, y, lk_image_of(index, storage), color);
            continue;
        }
        int64_t tinted_start = storage.tinted_starts ? storage.tinted_starts[index] : -1;
        blend_whole_glyph_avx2(target.pixels + (ptrdiff_t)y * target.stride + x, target.stride,
                               storage.coverage + entry->pixel_start, entry->width,
                               tinted_start >= 0 ? storage.tinted_pixels + tinted_start : NULL, entry->width,
                               entry->width, entry->height, &k, opaque, black);
    }
}

__attribute__((target("avx2"))) static void composite_glyphs_avx2_black(lk_pixel_target target,
                                                                        const lk_glyph_placement *placements,
                                                                        int32_t count, const uint8_t *skip,
                                                                        lk_strike_storage storage, uint32_t color) {
    composite_glyphs_avx2(target, placements, count, skip, storage, color, 1, 1);
}

__attribute__((target("avx2"))) static void composite_glyphs_avx2_opaque(lk_pixel_target target,
                                                                         const lk_glyph_placement *placements,
                                                                         int32_t count, const uint8_t *skip,
                                                                         lk_strike_storage storage, uint32_t color) {
    composite_glyphs_avx2(target, placements, count, skip, storage, color, 1, 0);
}

__attribute__((target("avx2"))) static void composite_glyphs_avx2_translucent(lk_pixel_target target,
                                                                              const lk_glyph_placement *placements,
                                                                              int32_t count, const uint8_t *skip,
                                                                              lk_strike_storage storage,
                                                                              uint32_t color) {
    composite_glyphs_avx2(target, placements, count, skip, storage, color, 0, 0);
}
#endif

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
