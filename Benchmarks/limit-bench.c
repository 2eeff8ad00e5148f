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
 *        limit-bench DIR cached   the same work with a table of shaped segments (the cached limit, below): writes
 *                        DIR/cached-limit.txt and DIR/cached-limit-labels.tsv
 *        limit-bench DIR profile COUNT [KIND]   for callgrind: lays out the first COUNT labels (of KIND) once
 *                        uncounted, then once in limit_profiled_pass (--toggle-collect='limit_profiled_pass')
 * Build: make bench        (gcc -O2 ... $(pkg-config --cflags --libs harfbuzz icu-uc fontconfig))
 */
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

#include "bench-common.h"

#define FACE_COUNT 7
#define FONT_SIZE 15.0
#define SCALE 64   /* hb_font scale: 1/64 px */

typedef struct {
    hb_font_t *font;
    hb_set_t *coverage;
    double line_height;   /* ascent + descent in px */
} face_entry;

typedef struct {
    face_entry faces[FACE_COUNT];
    hb_buffer_t *buffer;
    UBreakIterator *lines;
    UBreakIterator *characters;
    uint16_t *utf16;
    int32_t *advances;        /* per UTF-16 unit: the advance of the cluster that starts there, 1/64 px */
    unsigned char *face_of;   /* per UTF-16 unit: the face index of its cluster */
    int capacity;
    int line_count;
    double height;
    /* The cached mode's table of shaped segments (NULL in the uncached limit). */
    struct segment_cache *cache;
} limit_engine;

/* The cached limit (`limit-bench DIR cached`): a table of shaped segments — (face, segment's UTF-16 units) → the
   advance at each unit — as LabelKit's word cache keeps words. A segment runs up to and including the spaces after
   it, inside a run of one face; one of more than MAX_CACHED_SEGMENT units is shaped every time, with the label as
   context, as in the uncached limit. Everything else is the uncached limit's work. */
#define MAX_CACHED_SEGMENT 96

typedef struct {
    uint64_t hash;
    int face;
    int length;
    uint16_t *units;
    int32_t *advances;
} segment_entry;

struct segment_cache {
    segment_entry *slots;
    size_t capacity;   /* a power of two */
    size_t count;
    long hits, misses;
};

static uint64_t segment_hash(int face, const uint16_t *units, int length) {
    uint64_t hash = 1469598103934665603ull ^ (uint64_t)face;
    for (int i = 0; i < length; i++) { hash ^= units[i]; hash *= 1099511628211ull; }
    return hash ? hash : 1;
}

static segment_entry *segment_find(struct segment_cache *cache, uint64_t hash, int face, const uint16_t *units,
                                   int length) {
    size_t mask = cache->capacity - 1;
    for (size_t slot = hash & mask;; slot = (slot + 1) & mask) {
        segment_entry *entry = &cache->slots[slot];
        if (entry->hash == 0) return entry;
        if (entry->hash == hash && entry->face == face && entry->length == length
            && memcmp(entry->units, units, sizeof *units * (size_t)length) == 0) {
            return entry;
        }
    }
}

static void segment_grow(struct segment_cache *cache) {
    segment_entry *old = cache->slots;
    size_t old_capacity = cache->capacity;
    cache->capacity = old_capacity ? old_capacity * 2 : 4096;
    cache->slots = calloc(cache->capacity, sizeof *cache->slots);
    if (cache->slots == NULL) bench_fail("out of memory", NULL);
    for (size_t i = 0; i < old_capacity; i++) {
        if (old[i].hash == 0) continue;
        *segment_find(cache, old[i].hash, old[i].face, old[i].units, old[i].length) = old[i];
    }
    free(old);
}


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

static void reserve(limit_engine *engine, int units) {
    if (units <= engine->capacity) return;
    engine->capacity = units * 2;
    engine->utf16 = realloc(engine->utf16, sizeof *engine->utf16 * engine->capacity);
    engine->advances = realloc(engine->advances, sizeof *engine->advances * engine->capacity);
    engine->face_of = realloc(engine->face_of, engine->capacity);
}

/* UTF-8 → UTF-16 into the engine's buffer; returns the number of units. */
static int transcode(limit_engine *engine, const bench_label *label) {
    reserve(engine, label->length + 1);
    const unsigned char *bytes = (const unsigned char *)label->text;
    int units = 0;
    for (int i = 0; i < label->length;) {
        uint32_t scalar = bytes[i];
        int extra = scalar >= 0xF0 ? 3 : scalar >= 0xE0 ? 2 : scalar >= 0xC0 ? 1 : 0;
        if (extra) scalar &= 0x3F >> extra;
        for (int k = 1; k <= extra; k++) scalar = (scalar << 6) | (bytes[i + k] & 0x3F);
        i += extra + 1;
        if (scalar >= 0x10000) {
            scalar -= 0x10000;
            engine->utf16[units++] = (uint16_t)(0xD800 + (scalar >> 10));
            engine->utf16[units++] = (uint16_t)(0xDC00 + (scalar & 0x3FF));
        } else {
            engine->utf16[units++] = (uint16_t)scalar;
        }
    }
    return units;
}

static uint32_t scalar_at(const uint16_t *text, int offset, int length) {
    uint32_t unit = text[offset];
    if ((unit & 0xFC00) == 0xD800 && offset + 1 < length) return 0x10000 + ((unit - 0xD800) << 10) + (text[offset + 1] - 0xDC00);
    return unit;
}

/* The face for the cluster [start, end): emoji presentation goes to the emoji face; otherwise the first face that
 * covers the cluster's first scalar. */
static int choose_face(const limit_engine *engine, const uint16_t *text, int start, int end, int length) {
    uint32_t first = scalar_at(text, start, length);
    int emoji = first >= 0x1F000 && first <= 0x1FAFF;
    for (int i = start; i < end && !emoji; i++) emoji = text[i] == 0xFE0F || text[i] == 0x20E3;
    if (emoji && hb_set_has(engine->faces[2].coverage, first)) return 2;
    for (int face = 0; face < FACE_COUNT; face++) {
        if (hb_set_has(engine->faces[face].coverage, first)) return face;
    }
    return 0;
}

static void shape_run(limit_engine *engine, int face, int start, int end, int length) {
    hb_buffer_t *buffer = engine->buffer;
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf16(buffer, engine->utf16, length, (unsigned)start, end - start);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(engine->faces[face].font, buffer, NULL, 0);
    unsigned glyph_count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &glyph_count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &glyph_count);
    for (unsigned g = 0; g < glyph_count; g++) engine->advances[infos[g].cluster] += positions[g].x_advance;
}

static int is_space(uint16_t unit) { return unit == ' ' || unit == '\n' || unit == '\r' || unit == '\t' || unit == 0x3000; }

/* A segment shaped alone, its advances added at `start`, and kept in the table. */
static void shape_segment_through_cache(limit_engine *engine, int face, int start, int end) {
    struct segment_cache *cache = engine->cache;
    const uint16_t *units = engine->utf16 + start;
    int length = end - start;
    uint64_t hash = segment_hash(face, units, length);
    segment_entry *entry = segment_find(cache, hash, face, units, length);
    if (entry->hash != 0) {
        cache->hits++;
        for (int i = 0; i < length; i++) engine->advances[start + i] += entry->advances[i];
        return;
    }
    cache->misses++;
    hb_buffer_t *buffer = engine->buffer;
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf16(buffer, units, length, 0, length);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(engine->faces[face].font, buffer, NULL, 0);
    unsigned glyph_count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &glyph_count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &glyph_count);
    int32_t *advances = calloc((size_t)length, sizeof *advances);
    uint16_t *copy = malloc(sizeof *copy * (size_t)length);
    if (advances == NULL || copy == NULL) bench_fail("out of memory", NULL);
    for (unsigned g = 0; g < glyph_count; g++) advances[infos[g].cluster] += positions[g].x_advance;
    memcpy(copy, units, sizeof *copy * (size_t)length);
    for (int i = 0; i < length; i++) engine->advances[start + i] += advances[i];
    *entry = (segment_entry){hash, face, length, copy, advances};
    if (++cache->count * 2 > cache->capacity) segment_grow(cache);
}

/* A run of one face through the table: segment by segment, each up to and including the spaces after it. */
static void shape_run_cached(limit_engine *engine, int face, int start, int end, int length) {
    int segment_start = start;
    for (int i = start; i < end; i++) {
        int ends = i + 1 == end || (is_space(engine->utf16[i]) && !is_space(engine->utf16[i + 1]));
        if (!ends) continue;
        if (i + 1 - segment_start > MAX_CACHED_SEGMENT) {
            shape_run(engine, face, segment_start, i + 1, length);
        } else {
            shape_segment_through_cache(engine, face, segment_start, i + 1);
        }
        segment_start = i + 1;
    }
}

/* Line_Break BK, CR, LF and NL: a break after one of these is forced. (ICU's rule status would also call the
   dictionary breaks before a newline forced in Thai and Khmer.) */
static int is_hard_break(uint16_t unit) {
    return (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029;
}

typedef struct {
    int open;
    int32_t width;     /* including the trailing spaces of its last segment */
    unsigned faces;    /* bit per face used on the line */
    int count;
    double height;
} line_state;

/* Ends the current line: its height is that of the tallest face on it (the primary face on an empty line). */
static void close_line(const limit_engine *engine, line_state *line) {
    double tallest = 0;
    for (int f = 0; f < FACE_COUNT; f++) {
        if (((line->faces ? line->faces : 1u) & (1u << f)) && engine->faces[f].line_height > tallest) {
            tallest = engine->faces[f].line_height;
        }
    }
    line->count++;
    line->height += tallest;
    line->open = 0;
    line->width = 0;
    line->faces = 0;
}

static void layout_label(const bench_label *label, void *context) {
    limit_engine *engine = context;
    int length = transcode(engine, label);
    const uint16_t *text = engine->utf16;
    memset(engine->advances, 0, sizeof *engine->advances * (size_t)length);
    UErrorCode status = U_ZERO_ERROR;

    /* Clusters, a face per cluster, and a shaped run per stretch of one face. */
    ubrk_setText(engine->characters, text, length, &status);
    int run_start = 0, run_face = -1;
    for (int start = ubrk_first(engine->characters), end; start < length; start = end) {
        end = ubrk_next(engine->characters);
        int face = choose_face(engine, text, start, end, length);
        memset(engine->face_of + start, face, (size_t)(end - start));
        if (face != run_face) {
            if (run_face >= 0) {
                if (engine->cache) shape_run_cached(engine, run_face, run_start, start, length);
                else shape_run(engine, run_face, run_start, start, length);
            }
            run_face = face;
            run_start = start;
        }
    }
    if (run_face >= 0) {
        if (engine->cache) shape_run_cached(engine, run_face, run_start, length, length);
        else shape_run(engine, run_face, run_start, length, length);
    }

    /* Greedy filling at the width, between ICU's line-break opportunities; trailing spaces hang. */
    int32_t max_width = (int32_t)(label->width * SCALE);
    line_state line = {0};
    ubrk_setText(engine->lines, text, length, &status);
    for (int start = ubrk_first(engine->lines), end; start < length; start = end) {
        end = ubrk_next(engine->lines);
        int hard = is_hard_break(text[end - 1]);
        int content_end = end;
        while (content_end > start && is_space(text[content_end - 1])) content_end--;
        int32_t content = 0, total = 0;
        unsigned faces = 0;
        for (int i = start; i < end; i++) {
            total += engine->advances[i];
            if (i < content_end) { content += engine->advances[i]; faces |= 1u << engine->face_of[i]; }
        }
        if (line.open && line.width + content > max_width) close_line(engine, &line);
        if (content > max_width) {
            /* A word wider than the line: break between clusters (advances sit on cluster starts). */
            for (int i = start; i < content_end; i++) {
                if (line.open && engine->advances[i] > 0 && line.width + engine->advances[i] > max_width) {
                    close_line(engine, &line);
                }
                line.width += engine->advances[i];
                line.faces |= 1u << engine->face_of[i];
                line.open = 1;
            }
            line.width += total - content;
        } else {
            line.width += total;
            line.faces |= faces;
            line.open = 1;
        }
        if (hard) close_line(engine, &line);
    }
    if (line.open || line.count == 0) close_line(engine, &line);
    engine->line_count = line.count;
    engine->height = line.height;
}

/* The counted pass of the profile mode: one layout of each chosen label. */
__attribute__((noinline)) static double limit_profiled_pass(const bench_label *labels, int count, int wanted,
                                                            int kind, limit_engine *engine) {
    double total = 0;
    int done = 0;
    for (int i = 0; i < count && done < wanted; i++) {
        if (kind >= 0 && labels[i].kind != kind) continue;
        layout_label(&labels[i], engine);
        total += engine->height;
        done++;
    }
    return total;
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
