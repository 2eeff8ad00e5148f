/* limit-bench's counted work: one label's layout, as limit-bench.c describes it — UTF-16, clusters, a face per
 * cluster, shaping (through the table of segments in the cached mode), greedy filling at the width. */
#include "limit-bench.h"

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

void segment_grow(struct segment_cache *cache) {
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

void layout_label(const bench_label *label, void *context) {
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
__attribute__((noinline)) double limit_profiled_pass(const bench_label *labels, int count, int wanted, int kind,
                                                     limit_engine *engine) {
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
