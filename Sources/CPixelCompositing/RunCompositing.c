#include "CoverageLanes.h"

#include <string.h>

/* The mask of a run's touching glyphs: `width` × `height` coverage bytes, rows `width` apart, its pixel (0, 0) on the
 * target's (left, top); all zero before and after a run. */
typedef struct {
    uint8_t *pixels;
    int32_t left, top, width, height;
} lk_mask_area;

#if defined(__x86_64__) || defined(__i386__)
/* composite_through_mask with AVX2, the colour's kind folded in: a glyph wholly inside the target is added and then
 * composited in place, its rows whole, the constants made once for the run; the others as lk_add_glyph and
 * lk_composite_from_mask do it. */
__attribute__((target("avx2"), always_inline)) static inline void composite_through_mask_avx2(
    lk_pixel_target target, const lk_glyph_placement *placements, int32_t count, const uint8_t *shares,
    lk_strike_storage storage, uint32_t color, lk_mask_area mask, int opaque, int black) {
    for (int32_t i = 0; i < count; i++) {
        const lk_glyph_entry *entry = &storage.entries[placements[i].entry];
        if (entry->width <= 0 || (shares && !shares[i])) continue;
        int32_t x = placements[i].x + entry->left - mask.left, y = placements[i].y + entry->top - mask.top;
        if (x < 0 || y < 0 || x + entry->width > mask.width || y + entry->height > mask.height) {
            lk_add_glyph(mask.pixels, mask.width, mask.height, 0, x, y, lk_image_of(placements[i].entry, storage));
            continue;
        }
        uint8_t *destination = mask.pixels + (ptrdiff_t)y * mask.width + x;
        const uint8_t *source = storage.coverage + entry->pixel_start;
        for (int32_t row = 0; row < entry->height; row++) {
            for (int32_t column = 0; column < entry->width; column += 8) {
                add_eight(destination + column, source + column);
            }
            destination += mask.width;
            source += entry->width;
        }
    }
    avx2_constants k = avx2_constants_of(color, storage.background);
    for (int32_t i = 0; i < count; i++) {
        int32_t index = placements[i].entry;
        const lk_glyph_entry *entry = &storage.entries[index];
        if (entry->width <= 0 || (shares && !shares[i])) continue;
        int32_t x = placements[i].x + entry->left, y = placements[i].y + entry->top;
        if (x < 0 || y < 0 || x + entry->width > target.width || y + entry->height > target.height) {
            lk_composite_from_mask(target, x, y, lk_image_of(index, storage), mask.pixels, mask.width, mask.left,
                                   mask.top, color);
            continue;
        }
        /* Inside the target, so inside the mask, which covers every image inside the target. */
        uint32_t *destination = target.pixels + (ptrdiff_t)y * target.stride + x;
        uint8_t *source = mask.pixels + (ptrdiff_t)(y - mask.top) * mask.width + (x - mask.left);
        const uint8_t *own = storage.coverage + entry->pixel_start;
        const uint32_t *tinted = lk_tinted_of(index, storage);
        for (int32_t row = 0; row < entry->height; row++) {
            for (int32_t column = 0; column < entry->width; column += 8) {
                blend_eight(destination + column, source + column, tinted ? tinted + column : NULL, own + column,
                            &k, opaque, 1, black);
            }
            destination += target.stride;
            source += mask.width;
            own += entry->width;
            if (tinted) tinted += entry->width;
        }
    }
}

__attribute__((target("avx2"))) static void composite_through_mask_avx2_black(
    lk_pixel_target target, const lk_glyph_placement *placements, int32_t count, const uint8_t *shares,
    lk_strike_storage storage, uint32_t color, lk_mask_area mask) {
    composite_through_mask_avx2(target, placements, count, shares, storage, color, mask, 1, 1);
}

__attribute__((target("avx2"))) static void composite_through_mask_avx2_opaque(
    lk_pixel_target target, const lk_glyph_placement *placements, int32_t count, const uint8_t *shares,
    lk_strike_storage storage, uint32_t color, lk_mask_area mask) {
    composite_through_mask_avx2(target, placements, count, shares, storage, color, mask, 1, 0);
}

__attribute__((target("avx2"))) static void composite_through_mask_avx2_translucent(
    lk_pixel_target target, const lk_glyph_placement *placements, int32_t count, const uint8_t *shares,
    lk_strike_storage storage, uint32_t color, lk_mask_area mask) {
    composite_through_mask_avx2(target, placements, count, shares, storage, color, mask, 0, 0);
}
#endif

/* The glyphs `shares` marks (every glyph when it is NULL) added into the mask, then composited from it, each mask
 * pixel once, leaving the mask zero. */
static void composite_through_mask(lk_pixel_target target, const lk_glyph_placement *placements, int32_t count,
                                   const uint8_t *shares, lk_strike_storage storage, uint32_t color,
                                   lk_mask_area mask) {
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
    int any_color = 0;
    int32_t image_left = INT32_MAX, image_top = INT32_MAX, image_right = INT32_MIN, image_bottom = INT32_MIN;
    for (int32_t i = 0; i < count; i++) {
        const lk_glyph_entry *entry = &entries[placements[i].entry];
        if (entry->width <= 0) continue;
        any_color |= entry->is_color;
        int32_t image_x = placements[i].x + entry->left, image_y = placements[i].y + entry->top;
        if (image_x < image_left) image_left = image_x;
        if (image_y < image_top) image_top = image_y;
        if (image_x + entry->width > image_right) image_right = image_x + entry->width;
        if (image_y + entry->height > image_bottom) image_bottom = image_y + entry->height;
    }
    if (image_left >= image_right) return 0;
    if (any_color) {
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
    /* The glyphs alone first, then those through the mask: no pixel is inked by one of each (a glyph alone composites
     * nothing where its coverage is 0, and copies its tinted background only over pixels still the background), so the
     * order changes nothing. */
    if (shares) lk_composite_glyphs(target, placements, count, shares, storage, color);
    lk_mask_area area = {mask, left, top, right - left, bottom - top};
    composite_through_mask(target, placements, count, shares, storage, color, area);
    return 0;
}

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
        blend_whole_glyph_avx2(target.pixels + (ptrdiff_t)y * target.stride + x, target.stride,
                               storage.coverage + entry->pixel_start, entry->width, lk_tinted_of(index, storage),
                               entry->width, entry->width, entry->height, &k, opaque, black);
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
