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

static void composite_coverage(lk_pixel_target target, int32_t x, int32_t y, lk_glyph_image glyph, uint32_t color) {
    int32_t row0, row1, col0, col1;
    if (!clip(x, y, glyph.width, glyph.height, target.width, target.height, &row0, &row1, &col0, &col1)) return;
    const uint8_t *coverage = glyph.pixels;
    const uint32_t opaque = color >> 24 == 0xff;
    const uint32_t inverse_alpha_of_color = 255 - (color >> 24);
    for (int32_t row = row0; row < row1; row++) {
        int32_t first = col0, end = col1;
        if (glyph.spans) {
            if (glyph.spans[2 * row] > first) first = glyph.spans[2 * row];
            if (glyph.spans[2 * row + 1] < end) end = glyph.spans[2 * row + 1];
        }
        const uint8_t *source = coverage + (ptrdiff_t)row * glyph.width;
        uint32_t *destination = target.pixels + (ptrdiff_t)(y + row) * target.stride + x;
        for (int32_t column = first; column < end; column++) {
            uint32_t m = source[column];
            if (m == 0) continue;
            if (m == 0xff) {
                if (opaque) {
                    destination[column] = color;
                } else {
                    destination[column] =
                        add_saturating(multiply_channels(destination[column], inverse_alpha_of_color), color);
                }
                continue;
            }
            uint32_t s = multiply_channels(color, m);
            destination[column] = add_saturating(multiply_channels(destination[column], 255 - (s >> 24)), s);
        }
    }
}

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
        for (int32_t column = first; column < end; column++) {
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
            for (int32_t column = first; column < end; column++) {
                uint32_t sum = (uint32_t)destination[column] + source[column];
                destination[column] = sum > 255 ? 255 : (uint8_t)sum;
            }
        }
    }
}

void lk_fill(lk_pixel_target target, uint32_t value) {
    for (int32_t row = 0; row < target.height; row++) {
        uint32_t *destination = target.pixels + (ptrdiff_t)row * target.stride;
        if (value == 0) {
            memset(destination, 0, (size_t)target.width * 4);
        } else {
            for (int32_t column = 0; column < target.width; column++) destination[column] = value;
        }
    }
}
