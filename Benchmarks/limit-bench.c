/*
 * limit-bench: the limit of `make bench` — the work any engine must do to measure a label, in plain C with every
 * object reused: UTF-8 → UTF-16, grapheme clusters (ICU character break iterator), font choice per cluster by
 * coverage (DejaVu Sans, then Noto Sans CJK JP, then Noto Color Emoji, then the Noto Sans faces fontconfig's fallback
 * gives Devanagari, Bengali, Thai and Khmer; hb_face_collect_unicodes sets), HarfBuzz
 * shaping of each run of one face (one hb_buffer, one hb_font per face, the label as context), ICU line breaking
 * (one UBRK_LINE iterator) and greedy filling at the width with hanging trailing spaces, hard breaks, and emergency
 * breaks between clusters in a word wider than the line; height = sum over lines of the tallest face's
 * ascent + descent.
 *
 * What it omits, so it is a floor rather than an engine: bidi (runs are shaped in HarfBuzz's guessed direction and
 * never reordered), per-cluster fallback beyond these seven faces (no fontconfig query), style runs, kerning across
 * runs, truncation, alignment and positioning of glyphs, and any result (no glyph arrays, no cluster boxes kept).
 *
 * Usage: limit-bench DIR   writes DIR/limit.txt (figures) and DIR/limit-labels.tsv (lines and height per label)
 *        limit-bench DIR cached   the same work with a table of shaped segments (the cached limit, limit-bench.h):
 *                        writes DIR/cached-limit.txt and DIR/cached-limit-labels.tsv
 *        limit-bench DIR profile COUNT [KIND]   for callgrind: lays out the first COUNT labels (of KIND) once
 *                        uncounted, then once in limit_profiled_pass (--toggle-collect='limit_profiled_pass')
 * Build: make bench        (gcc -O2 ... limit-bench.c limit-layout.c $(pkg-config --cflags --libs harfbuzz icu-uc
 *                        fontconfig))
 *
 * This file opens the faces and runs the modes; limit-layout.c lays out one label (the counted work), and
 * limit-bench.h holds what the two share.
 */
#include <fontconfig/fontconfig.h>

#include "limit-bench.h"

static void find_font(const char *family, char **path, int *index) {
    FcPattern *pattern = FcNameParse((const FcChar8 *)family);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    FcChar8 *file = NULL;
    if (!match || FcPatternGetString(match, FC_FILE, 0, &file) != FcResultMatch) bench_fail("no font for", family);
    *path = strdup((const char *)file);
    if (FcPatternGetInteger(match, FC_INDEX, 0, index) != FcResultMatch) *index = 0;
    FcPatternDestroy(match);
    FcPatternDestroy(pattern);
}

static void open_face(face_entry *entry, const char *family) {
    char *path;
    int index;
    find_font(family, &path, &index);
    hb_blob_t *blob = hb_blob_create_from_file(path);
    hb_face_t *face = hb_face_create(blob, (unsigned)index);
    entry->font = hb_font_create(face);
    hb_font_set_scale(entry->font, (int)(FONT_SIZE * SCALE), (int)(FONT_SIZE * SCALE));
    entry->coverage = hb_set_create();
    hb_face_collect_unicodes(face, entry->coverage);
    hb_font_extents_t extents;
    hb_font_get_h_extents(entry->font, &extents);
    entry->line_height = (double)(extents.ascender - extents.descender) / SCALE;
    fprintf(stderr, "limit: %s → %s#%d, line height %.2f px\n", family, path, index, entry->line_height);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    free(path);
}
int main(int argc, char **argv) {
    int cached = argc >= 3 && strcmp(argv[argc - 1], "cached") == 0;
    if (cached) argc--;
    int profile = argc >= 4 && strcmp(argv[2], "profile") == 0;
    if (argc != 2 && !profile) bench_fail("usage: limit-bench DIR [profile COUNT [KIND]] [cached]", NULL);
    const char *directory = argv[1];
    int count = 0;
    bench_label *labels = bench_read_corpus(directory, &count);

    limit_engine engine = {0};
    open_face(&engine.faces[0], "DejaVu Sans");
    open_face(&engine.faces[1], "Noto Sans CJK JP");
    open_face(&engine.faces[2], "Noto Color Emoji");
    open_face(&engine.faces[3], "Noto Sans Devanagari");
    open_face(&engine.faces[4], "Noto Sans Bengali");
    open_face(&engine.faces[5], "Noto Sans Thai");
    open_face(&engine.faces[6], "Noto Sans Khmer");
    engine.buffer = hb_buffer_create();
    UErrorCode status = U_ZERO_ERROR;
    engine.lines = ubrk_open(UBRK_LINE, "en", NULL, 0, &status);
    engine.characters = ubrk_open(UBRK_CHARACTER, "en", NULL, 0, &status);
    if (U_FAILURE(status)) bench_fail("ICU break iterators:", u_errorName(status));
    struct segment_cache cache = {0};
    if (cached) {
        segment_grow(&cache);
        engine.cache = &cache;
    }
    const char *name = cached ? "cached-limit" : "limit";

    if (profile) {
        int wanted = atoi(argv[3]);
        int kind = -1;
        for (int k = 0; argc >= 5 && k < KIND_COUNT; k++) if (strcmp(argv[4], kind_names[k]) == 0) kind = k;
        if (argc >= 5 && kind < 0) bench_fail("unknown kind", argv[4]);
        int chosen = 0;
        for (int i = 0; i < count && chosen < wanted; i++) if (kind < 0 || labels[i].kind == kind) chosen++;
        /* The warm-up pass: the same labels, uncounted (callgrind counts only inside the function's calls it is
           told to toggle, so the warm-up goes through layout_label directly). */
        for (int i = 0, done = 0; i < count && done < chosen; i++) {
            if (kind >= 0 && labels[i].kind != kind) continue;
            layout_label(&labels[i], &engine);
            done++;
        }
        printf("profile: %d labels, height %.1f\n", chosen, limit_profiled_pass(labels, count, chosen, kind, &engine));
        return 0;
    }

    double rates[KIND_COUNT + 2];
    bench_rates_per_kind(labels, count, layout_label, &engine, rates);
    fprintf(stderr, "%s: done\n", name);

    char file[64];
    snprintf(file, sizeof file, "%s-labels.tsv", name);
    FILE *per_label = bench_open_output(directory, file);
    for (int i = 0; i < count; i++) {
        layout_label(&labels[i], &engine);
        fprintf(per_label, "%d %.4f\n", engine.line_count, engine.height);
    }
    fclose(per_label);

    snprintf(file, sizeof file, "%s.txt", name);
    FILE *output = bench_open_output(directory, file);
    bench_write_rates(output, "layout", rates);
    fprintf(output, "peak_rss_mb %.1f\n", bench_peak_rss_mb());
    if (cached) {
        fprintf(output, "segment_hits %ld\nsegment_misses %ld\nsegments_held %zu\n", cache.hits, cache.misses,
                cache.count);
    }
    fclose(output);

    ubrk_close(engine.lines);
    ubrk_close(engine.characters);
    hb_buffer_destroy(engine.buffer);
    for (int f = 0; f < FACE_COUNT; f++) { hb_font_destroy(engine.faces[f].font); hb_set_destroy(engine.faces[f].coverage); }
    for (int i = 0; i < count; i++) free(labels[i].text);
    free(labels);
    free(engine.utf16); free(engine.advances); free(engine.face_of);
    for (size_t i = 0; i < cache.capacity; i++) { free(cache.slots[i].units); free(cache.slots[i].advances); }
    free(cache.slots);
    return 0;
}
