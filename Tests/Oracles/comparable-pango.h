/* A PangoLayout set up to be comparable with LabelKit, shared by the test oracle and the benchmark so that both
 * measure Pango the same way: a pango_cairo context on an image surface; unrounded glyph positions; hint metrics off
 * and hint style none (otherwise each font's ascent and descent are rounded up to whole pixels); "DejaVu Sans 15px"
 * with fontconfig's fallback; word-char wrapping. */
#ifndef LABELKIT_COMPARABLE_PANGO_H
#define LABELKIT_COMPARABLE_PANGO_H

#include <pango/pangocairo.h>

typedef struct {
    cairo_surface_t *surface;
    cairo_t *cairo;
    PangoContext *context;
    cairo_font_options_t *options;
    PangoFontDescription *font;
    PangoLayout *layout;
} comparable_pango;

static comparable_pango comparable_pango_create(void) {
    comparable_pango pango;
    pango.surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    pango.cairo = cairo_create(pango.surface);
    pango.context = pango_cairo_create_context(pango.cairo);
    pango_context_set_round_glyph_positions(pango.context, FALSE);
    pango.options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(pango.options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(pango.options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(pango.context, pango.options);
    pango.layout = pango_layout_new(pango.context);
    pango.font = pango_font_description_from_string("DejaVu Sans 15px");
    pango_layout_set_font_description(pango.layout, pango.font);
    pango_layout_set_wrap(pango.layout, PANGO_WRAP_WORD_CHAR);
    return pango;
}

static void comparable_pango_destroy(comparable_pango *pango) {
    pango_font_description_free(pango->font);
    g_object_unref(pango->layout);
    cairo_font_options_destroy(pango->options);
    g_object_unref(pango->context);
    cairo_destroy(pango->cairo);
    cairo_surface_destroy(pango->surface);
}

#endif
