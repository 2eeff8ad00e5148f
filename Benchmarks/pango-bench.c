/*
 * pango-bench: Pango 1.50's side of `make bench`. Lays out every label of bench/corpus.tsv with one reused
 * PangoLayout (pango_layout_set_text + pango_layout_get_pixel_extents per label) in the settings of the Pango oracle
 * (Tests/Oracles/pango-oracle.c): unrounded glyph positions, hint metrics off, hint style none, "DejaVu Sans 15px"
 * with fontconfig's fallback, PANGO_WRAP_WORD_CHAR, no line limit. Then hit-tests bench/points.tsv with
 * pango_layout_xy_to_index over each label, laid out beforehand (only the xy_to_index calls are timed).
 *
 * Usage: pango-bench DIR   writes DIR/pango.txt (figures) and DIR/pango-labels.tsv (lines and height per label)
 * Build: make bench        (gcc -O2 ... $(pkg-config --cflags --libs pangocairo))
 */
#include "../Tests/Oracles/comparable-pango.h"

#include "bench-common.h"

static long long sink;

static void set_label(PangoLayout *layout, const bench_label *label) {
    pango_layout_set_width(layout, (int)(label->width * PANGO_SCALE + 0.5));
    pango_layout_set_text(layout, label->text, label->length);
}

static void measure_label(const bench_label *label, void *context) {
    PangoLayout *layout = context;
    set_label(layout, label);
    PangoRectangle logical;
    pango_layout_get_pixel_extents(layout, NULL, &logical);
    sink += logical.height;
}

int main(int argc, char **argv) {
    if (argc != 2) bench_fail("usage: pango-bench DIR", NULL);
    const char *directory = argv[1];
    int count = 0, point_count = 0;
    bench_label *labels = bench_read_corpus(directory, &count);
    bench_point *points = bench_read_points(directory, &point_count);

    comparable_pango pango = comparable_pango_create();
    PangoLayout *layout = pango.layout;

    double rates[KIND_COUNT + 2];
    bench_rates_per_kind(labels, count, measure_label, layout, rates);
    fprintf(stderr, "Pango layout: done\n");

    /* Per-label answers for the agreement: line count and the logical height (unrounded, as the oracle reports). */
    FILE *per_label = bench_open_output(directory, "pango-labels.tsv");
    for (int i = 0; i < count; i++) {
        set_label(layout, &labels[i]);
        PangoRectangle logical;
        pango_layout_get_extents(layout, NULL, &logical);
        fprintf(per_label, "%d %.4f\n", pango_layout_get_line_count(layout), (double)logical.height / PANGO_SCALE);
    }
    fclose(per_label);

    /* Hit-testing: points are grouped by label (as written); lay the label out untimed, time its xy_to_index calls. */
    double times[REPETITIONS + 1];
    long inside = 0;
    for (int repetition = 0; repetition <= REPETITIONS; repetition++) {
        double elapsed = 0;
        inside = 0;
        for (int start = 0; start < point_count;) {
            int end = start;
            while (end < point_count && points[end].label == points[start].label) end++;
            set_label(layout, &labels[points[start].label]);
            PangoRectangle logical;
            pango_layout_get_extents(layout, NULL, &logical);   /* forces the layout before timing */
            double begin = bench_now();
            for (int p = start; p < end; p++) {
                int index = 0, trailing = 0;
                inside += pango_layout_xy_to_index(layout, (int)(points[p].x * PANGO_SCALE),
                                                   (int)(points[p].y * PANGO_SCALE), &index, &trailing);
                sink += index;
            }
            elapsed += bench_now() - begin;
            start = end;
        }
        times[repetition] = elapsed;   /* times[0] is the warm-up */
    }
    double hit_time = bench_median(times + 1, REPETITIONS);
    fprintf(stderr, "Pango hit-testing: done (%ld of %d points inside)\n", inside, point_count);

    FILE *output = bench_open_output(directory, "pango.txt");
    bench_write_rates(output, "layout", rates);
    fprintf(output, "hit_points_per_s %.1f\n", point_count / hit_time);
    fprintf(output, "peak_rss_mb %.1f\n", bench_peak_rss_mb());
    fprintf(output, "checksum %lld\n", sink);
    fclose(output);

    comparable_pango_destroy(&pango);
    for (int i = 0; i < count; i++) free(labels[i].text);
    free(labels);
    free(points);
    return 0;
}
