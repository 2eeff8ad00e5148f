/* A run's glyphs placed on whole device pixels, as LabelKitCairo's painter places them for Cairo: the layout's pen
 * and offset in label coordinates, rounded to the pixel grid when the renderer asks, moved into device space, then
 * rounded to the pixel Cairo 1.16 puts a glyph's cached image on (_cairo_lround). Written out in C so that the
 * per-glyph loop runs without Swift's per-element checks; the arithmetic is the Swift code's, operation for operation
 * (no contraction into fused multiply-adds, which would round differently). */
#include "PixelArithmetic.h"

#include <math.h>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* floor(v + 0.5) as an integer, for |v| < 1e6 (checked before): truncated toward zero, then one less where that
 * went up. libm's floor is a call through the PLT (two a glyph); this is four instructions. */
static inline int32_t nearest_pixel(double v) {
    double half_up = v + 0.5;
    int32_t truncated = (int32_t)half_up;
    return truncated - ((double)truncated > half_up);
}

LK_HOT
int32_t lk_place_glyphs(const lk_glyph_data *glyphs, int32_t first, int32_t end, const lk_glyph_offset *offsets,
                        int32_t offset_count, int32_t *offset_cursor, lk_glyph_frame frame, const int32_t *slots,
                        int32_t slot_count, lk_glyph_placement *placements, int32_t *placement_count) {
    int32_t cursor = *offset_cursor, count = *placement_count;
    int32_t stopped = -1;
    for (int32_t index = first; index < end; index++) {
        lk_glyph_data glyph = glyphs[index];
        float offset_x = 0, offset_y = 0;
        int has_offset = cursor < offset_count && offsets[cursor].glyph_index == index;
        if (has_offset) {
            offset_x = offsets[cursor].x;
            offset_y = offsets[cursor].y;
        }
        if (glyph.id == frame.invisible_glyph) {
            cursor += has_offset;
            continue;
        }
        float pen = glyph.pen + offset_x;
        double x = (double)pen;
        double y = frame.baseline + (double)offset_y;
        if (frame.rounds_positions) {
            x = round(x * frame.scale) / frame.scale;
            y = round(y * frame.scale) / frame.scale;
        }
        double device_x = frame.scale * x + frame.origin_x;
        double device_y = frame.scale * y + frame.origin_y;
        if (!(fabs(device_x) < 1e6) || !(fabs(device_y) < 1e6)) {
            cursor += has_offset;
            continue;
        }
        int32_t entry = glyph.id < (uint32_t)slot_count ? slots[glyph.id] : -1;
        if (entry < 0) {   /* not cached yet: the caller draws it and calls again from here */
            stopped = index;
            break;
        }
        cursor += has_offset;
        placements[count].x = nearest_pixel(device_x);
        placements[count].y = nearest_pixel(device_y);
        placements[count].entry = entry;
        count++;
    }
    *offset_cursor = cursor;
    *placement_count = count;
    return stopped;
}
