/* LabelKitCairo's pixel loops: a glyph image composited onto premultiplied ARGB32 pixels with exactly pixman's
 * arithmetic for Cairo's glyph drawing (a solid colour IN the glyph's coverage OVER the destination; component alpha
 * for colour glyphs), so that drawing from a glyph cache gives Cairo's pixels. Plain C types only. */
#ifndef LABELKIT_PIXEL_COMPOSITING_H
#define LABELKIT_PIXEL_COMPOSITING_H

#include <stddef.h>
#include <stdint.h>

/* A glyph image: `width` × `height` pixels, rows `width` pixels apart (1 byte each for coverage, 4 for colour), and
 * for each row the columns [spans[2 * row], spans[2 * row + 1]) outside which the row is zero (NULL: whole rows).
 * `tinted`, when not NULL, holds the same pixels already composited over `tinted_background` in the colour the image
 * is drawn in (lk_tint_coverage, lk_tint_color): wherever the target still holds that background, they are copied
 * rather than computed again. */
typedef struct {
    const void *pixels;
    const uint16_t *spans;
    const uint32_t *tinted;
    uint32_t tinted_background;
    int32_t width;
    int32_t height;
    int32_t is_color;
} lk_glyph_image;

/* Premultiplied ARGB32 pixels, `stride` pixels (not bytes) from one row to the next. */
typedef struct {
    uint32_t *pixels;
    ptrdiff_t stride;
    int32_t width;
    int32_t height;
} lk_pixel_target;

/* `color` (premultiplied ARGB32) IN `glyph` OVER `target`, the glyph's top-left pixel at (x, y), clipped to the
 * target: pixman's OVER with a solid source and an a8 mask, or an a8r8g8b8 component-alpha mask for colour glyphs. */
void lk_composite_glyph(lk_pixel_target target, int32_t x, int32_t y, lk_glyph_image glyph, uint32_t color);

/* Adds `glyph` into an accumulation mask (saturating, as pixman's ADD): `mask` is coverage (1 byte a pixel) unless
 * `is_color`, then 4 bytes a pixel; `mask_width` × `mask_height` pixels, rows `mask_width` apart. */
void lk_add_glyph(void *mask, int32_t mask_width, int32_t mask_height, int32_t is_color, int32_t x, int32_t y,
                  lk_glyph_image glyph);

/* `color` IN an accumulated coverage mask OVER `target`, over `glyph`'s pixels only (its rectangle at (x, y) and its
 * row spans), each mask pixel composited once and set back to 0: after every glyph added into the mask has been
 * passed here, the mask is all zero again. The mask's pixel (0, 0) lies on the target's (mask_left, mask_top). */
void lk_composite_from_mask(lk_pixel_target target, int32_t x, int32_t y, lk_glyph_image glyph, uint8_t *mask,
                            int32_t mask_width, int32_t mask_left, int32_t mask_top, uint32_t color);

/* A glyph image kept in a cache: its rectangle relative to the glyph origin rounded to whole pixels, Cairo's bounding
 * box for its overlap test (24.8 fixed point, relative to the origin), and where its pixels and row spans start in
 * the cache's storage (coverage bytes, or colour pixels when `is_color`). */
typedef struct {
    int32_t left, top, width, height;
    int32_t bbox_left, bbox_top, bbox_right, bbox_bottom;
    int64_t pixel_start;
    int32_t span_start;
    int32_t is_color;
    int32_t ink_width; /* the non-zero columns, before the padding to groups of 8 (or 4) */
} lk_glyph_entry;

/* One glyph of a run: its origin rounded to whole device pixels, and its entry. */
typedef struct {
    int32_t x, y, entry;
} lk_glyph_placement;

/* A run's glyphs composited as Cairo 1.16 composites one `cairo_show_glyphs` call on an image: each glyph in turn,
 * unless a glyph's bounding box meets the union of those before it (`_cairo_scaled_font_glyph_device_extents`), then
 * all of the coverage added into one mask first; colour glyphs always one by one. `mask` is scratch of
 * `mask_capacity` bytes, all zero before and after. Glyphs already composited over `background` in `color`
 * (lk_tint_glyph) are copied where the target still holds that background: entry i's at
 * `tinted_pixels + tinted_starts[i]`, none where that is negative or `tinted_starts` is NULL. Returns 0, or the bytes
 * of mask needed when `mask_capacity` is too small (nothing drawn then). */
size_t lk_composite_run(lk_pixel_target target, const lk_glyph_placement *placements, int32_t count,
                        const lk_glyph_entry *entries, const uint8_t *coverage, const uint32_t *color_pixels,
                        const uint16_t *spans, uint32_t color, uint8_t *mask, size_t mask_capacity,
                        const int64_t *tinted_starts, const uint32_t *tinted_pixels, uint32_t background);

/* `glyph` (its `tinted` ignored) composited in `color` over `glyph.width` × `glyph.height` pixels of `background`,
 * into `out` (rows `glyph.width` apart): what lk_composite_glyph gives wherever the target is that background. */
void lk_tint_glyph(lk_glyph_image glyph, uint32_t color, uint32_t background, uint32_t *out);

/* A glyph as the layout stores it (LabelKitLayout's GlyphData, field for field): its ID, its pen position's x in label
 * coordinates, its cluster. */
typedef struct {
    uint32_t id;
    float pen;
    int32_t cluster;
} lk_glyph_data;

/* A glyph's offset from its pen position (LabelKitLayout's GlyphOffset, field for field), for the glyph at
 * `glyph_index`; a run's offsets are sorted by it. */
typedef struct {
    int32_t glyph_index;
    float x, y;
} lk_glyph_offset;

/* How a run's glyphs go from label coordinates to device pixels: the run's baseline, the renderer's scale and whether
 * it rounds glyph positions to the pixel grid, the device position of the label's origin, and the glyph ID that is
 * never drawn. */
typedef struct {
    double baseline, scale, origin_x, origin_y;
    int32_t rounds_positions;
    uint32_t invisible_glyph;
} lk_glyph_frame;

/* Appends to `placements` (at `*placement_count`, room for every glyph of [first, end)) each glyph of [first, end)
 * placed on whole device pixels with its cache entry `slots[id]`, skipping invisible glyphs and those placed a million
 * pixels or more away; `*offset_cursor` is the first offset not yet passed. Returns -1 when every glyph is placed, or
 * the index of the first glyph with no entry yet (slot -1 or beyond `slot_count`): nothing of it is placed, and the
 * caller caches it and calls again from that index. */
int32_t lk_place_glyphs(const lk_glyph_data *glyphs, int32_t first, int32_t end, const lk_glyph_offset *offsets,
                        int32_t offset_count, int32_t *offset_cursor, lk_glyph_frame frame, const int32_t *slots,
                        int32_t slot_count, lk_glyph_placement *placements, int32_t *placement_count);

/* Every pixel of `target` set to `value`. */
void lk_fill(lk_pixel_target target, uint32_t value);

#endif
