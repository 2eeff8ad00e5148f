/*
 * pango-draw-bench: Pango's side of the draw benchmark (`make bench-draw`, Benchmarks/README.md). Every label of
 * DIR/corpus.tsv gets its own PangoLayout beforehand, in the settings of the layout benchmark
 * (Tests/Oracles/comparable-pango.h: unrounded glyph positions, hint metrics off, hint style none, "DejaVu Sans
 * 15px" with fontconfig's fallback, word-char wrapping). Timed per label, as LabelKitBench's `draw` mode does with
 * `LabelRenderer.render`: a new ARGB32 image surface of the layout's logical size in whole pixels (rounded up), a
 * new cairo_t, the background painted white, `pango_cairo_show_layout`, and the surface and context destroyed.
 *
 * Usage: pango-draw-bench DIR   writes DIR/pango-draw.txt (draw.KIND labels per second)
 * Build: make bench-draw         (gcc -O2 ... $(pkg-config --cflags --libs pangocairo))
 */
#include "../Tests/Oracles/comparable-pango.h"

#include "bench-common.h"

typedef struct {
    PangoLayout **layouts;
    int *widths;
    int *heights;
    const bench_label *first;
} draw_context;

static long long sink;

static void draw_label(const bench_label *label, void *opaque) {
    draw_context *context = opaque;
    long index = label - context->first;
    cairo_surface_t *surface =
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, context->widths[index], context->heights[index]);
    cairo_t *cairo = cairo_create(surface);
    cairo_set_source_rgb(cairo, 1, 1, 1);
    cairo_paint(cairo);
    cairo_set_source_rgb(cairo, 0, 0, 0);
    pango_cairo_show_layout(cairo, context->layouts[index]);
    cairo_surface_flush(surface);
    sink += cairo_image_surface_get_data(surface)[0];
    cairo_destroy(cairo);
    cairo_surface_destroy(surface);
}

int main(int argc, char **argv) {
    if (argc != 2) bench_fail("usage: pango-draw-bench DIR", NULL);
    const char *directory = argv[1];
    int count = 0;
    bench_label *labels = bench_read_corpus(directory, &count);

    comparable_pango pango = comparable_pango_create();
    draw_context context;
    context.layouts = malloc(sizeof *context.layouts * (size_t)count);
    context.widths = malloc(sizeof *context.widths * (size_t)count);
    context.heights = malloc(sizeof *context.heights * (size_t)count);
    context.first = labels;
    for (int i = 0; i < count; i++) {
        PangoLayout *layout = pango_layout_new(pango.context);
        pango_layout_set_font_description(layout, pango.font);
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
        pango_layout_set_width(layout, (int)(labels[i].width * PANGO_SCALE + 0.5));
        pango_layout_set_text(layout, labels[i].text, labels[i].length);
        PangoRectangle logical;
        pango_layout_get_extents(layout, NULL, &logical);
        context.layouts[i] = layout;
        context.widths[i] = (int)ceil((double)logical.width / PANGO_SCALE);
        context.heights[i] = (int)ceil((double)logical.height / PANGO_SCALE);
    }

    double rates[KIND_COUNT + 2];
    bench_rates_per_kind(labels, count, draw_label, &context, rates);
    fprintf(stderr, "Pango drawing: done\n");

    FILE *output = bench_open_output(directory, "pango-draw.txt");
    bench_write_rates(output, "draw", rates);
    fprintf(output, "checksum %lld\n", sink);
    fclose(output);

    for (int i = 0; i < count; i++) {
        g_object_unref(context.layouts[i]);
        free(labels[i].text);
    }
    free(context.layouts);
    free(context.widths);
    free(context.heights);
    comparable_pango_destroy(&pango);
    free(labels);
    return 0;
}
