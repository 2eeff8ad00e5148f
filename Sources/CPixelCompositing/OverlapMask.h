/* The overlap mask of a run's touching glyphs (OverlapMask.c): Cairo's way with glyphs whose boxes meet, their
 * coverage added into one mask and composited from it. Private to CPixelCompositing. */
#ifndef LABELKIT_OVERLAP_MASK_H
#define LABELKIT_OVERLAP_MASK_H

#include "PixelArithmetic.h"

/* The mask of a run's touching glyphs: `width` × `height` coverage bytes, rows `width` apart, its pixel (0, 0) on the
 * target's (left, top); all zero before and after a run. Its rows are inside the target; its columns hold every
 * glyph's image whole when `whole_columns` (images cut by the target's side by less than a group of 8), else only
 * those inside the target. */
typedef struct {
    uint8_t *pixels;
    int32_t left, top, width, height;
    int whole_columns;
} lk_mask_area;

/* The glyphs `shares` marks (every glyph when it is NULL) added into the mask, then composited from it, each mask
 * pixel once, leaving the mask zero. */
void lk_composite_through_mask(lk_pixel_target target, const lk_glyph_placement *placements, int32_t count,
                               const uint8_t *shares, lk_strike_storage storage, uint32_t color, lk_mask_area mask);

#endif
