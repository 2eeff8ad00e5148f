/*
 * pango-cli-bench: the whole-process Pango equivalent of `labelkit measure --batch FILE`, for the "command line" row
 * of `make bench`. Reads JSON Lines ({"text":"…","width":W}, other keys skipped), lays each label out with a new
 * PangoLayout in the settings of the Pango oracle (Tests/Oracles/comparable-pango.h: unrounded glyph positions, hint
 * metrics off, "DejaVu Sans 15px" with fontconfig's fallback, PANGO_WRAP_WORD_CHAR), and prints
 * {"width":W,"height":H,"lines":N,"truncated":false} per line, the size rounded up to whole pixels as LabelKit does.
 * A line it cannot read prints {"error":"line N: not a JSON object"}.
 *
 * Usage: pango-cli-bench FILE.jsonl > results.jsonl
 * Build: make bench        (gcc -O2 ... $(pkg-config --cflags --libs pangocairo))
 */
#include "../Tests/Oracles/comparable-pango.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A record's text (UTF-8, unescaped, in a buffer the caller owns) and width (negative: none). */
typedef struct {
    char *text;
    size_t length, capacity;
    double width;
    int has_text;
} record;

static const char *skip_space(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
    return p;
}

static void append_byte(record *r, char byte) {
    if (r->length + 1 >= r->capacity) {
        r->capacity = r->capacity ? r->capacity * 2 : 256;
        r->text = realloc(r->text, r->capacity);
    }
    r->text[r->length++] = byte;
}

static void append_code_point(record *r, unsigned long c) {
    if (c < 0x80) {
        append_byte(r, (char)c);
    } else if (c < 0x800) {
        append_byte(r, (char)(0xC0 | c >> 6));
        append_byte(r, (char)(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
        append_byte(r, (char)(0xE0 | c >> 12));
        append_byte(r, (char)(0x80 | (c >> 6 & 0x3F)));
        append_byte(r, (char)(0x80 | (c & 0x3F)));
    } else {
        append_byte(r, (char)(0xF0 | c >> 18));
        append_byte(r, (char)(0x80 | (c >> 12 & 0x3F)));
        append_byte(r, (char)(0x80 | (c >> 6 & 0x3F)));
        append_byte(r, (char)(0x80 | (c & 0x3F)));
    }
}

/* The string at p (on its quote); decoded into r when r is not NULL. Returns the byte after it, NULL on an error. */
static const char *read_string(const char *p, const char *end, record *r) {
    p++;
    while (p < end && *p != '"') {
        if (*p != '\\') {
            if (r) append_byte(r, *p);
            p++;
            continue;
        }
        if (++p >= end) return NULL;
        char escape = *p++;
        unsigned long c;
        switch (escape) {
        case 'n': c = '\n'; break;
        case 'r': c = '\r'; break;
        case 't': c = '\t'; break;
        case 'b': c = '\b'; break;
        case 'f': c = '\f'; break;
        case 'u':
            if (end - p < 4) return NULL;
            c = strtoul((char[]){p[0], p[1], p[2], p[3], 0}, NULL, 16);
            p += 4;
            if (c >= 0xD800 && c < 0xDC00 && end - p >= 6 && p[0] == '\\' && p[1] == 'u') {
                unsigned long low = strtoul((char[]){p[2], p[3], p[4], p[5], 0}, NULL, 16);
                c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
                p += 6;
            }
            break;
        default: c = (unsigned char)escape; break;
        }
        if (r) append_code_point(r, c);
    }
    return p < end ? p + 1 : NULL;
}

/* Skips the value at p (strings, numbers, literals, nested containers). */
static const char *skip_value(const char *p, const char *end) {
    int depth = 0;
    do {
        p = skip_space(p, end);
        if (p >= end) return NULL;
        if (*p == '"') {
            if (!(p = read_string(p, end, NULL))) return NULL;
        } else if (*p == '{' || *p == '[') {
            depth++;
            p++;
        } else if (*p == '}' || *p == ']') {
            depth--;
            p++;
        } else {
            while (p < end && !strchr(",]} \t\r\n", *p)) p++;
        }
        if (depth > 0) {
            p = skip_space(p, end);
            if (p < end && (*p == ',' || *p == ':')) p++;
        }
    } while (depth > 0);
    return p;
}

/* Reads {"text":…,"width":…} from a line; returns 0 when it is not an object with a "text" string. */
static int read_record(const char *p, const char *end, record *r) {
    r->length = 0;
    r->width = -1;
    r->has_text = 0;
    p = skip_space(p, end);
    if (p >= end || *p++ != '{') return 0;
    for (;;) {
        p = skip_space(p, end);
        if (p < end && *p == '}') break;
        if (p >= end || *p != '"') return 0;
        const char *key = p + 1;
        if (!(p = read_string(p, end, NULL))) return 0;
        size_t key_length = (size_t)(p - 1 - key);
        p = skip_space(p, end);
        if (p >= end || *p++ != ':') return 0;
        p = skip_space(p, end);
        if (key_length == 4 && memcmp(key, "text", 4) == 0 && p < end && *p == '"') {
            r->length = 0;
            if (!(p = read_string(p, end, r))) return 0;
            r->has_text = 1;
        } else if (key_length == 5 && memcmp(key, "width", 5) == 0) {
            char *number_end;
            r->width = strtod(p, &number_end);
            p = number_end;
        } else if (!(p = skip_value(p, end))) {
            return 0;
        }
        p = skip_space(p, end);
        if (p < end && *p == ',') p++;
    }
    append_byte(r, '\0');
    r->length--;
    return r->has_text;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: pango-cli-bench FILE.jsonl\n");
        return 2;
    }
    FILE *input = strcmp(argv[1], "-") == 0 ? stdin : fopen(argv[1], "r");
    if (!input) {
        fprintf(stderr, "pango-cli-bench: cannot read %s\n", argv[1]);
        return 2;
    }
    comparable_pango pango = comparable_pango_create();
    record r = {0};
    char *line = NULL;
    size_t line_capacity = 0;
    ssize_t length;
    long number = 0;
    while ((length = getline(&line, &line_capacity, input)) >= 0) {
        number++;
        if (length > 0 && line[length - 1] == '\n') length--;
        if (skip_space(line, line + length) == line + length) continue;
        if (!read_record(line, line + length, &r)) {
            printf("{\"error\":\"line %ld: not a JSON object\"}\n", number);
            continue;
        }
        /* A new layout per label, as an application that lays out each label on its own does. */
        PangoLayout *layout = pango_layout_new(pango.context);
        pango_layout_set_font_description(layout, pango.font);
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
        if (r.width >= 0) pango_layout_set_width(layout, (int)(r.width * PANGO_SCALE + 0.5));
        pango_layout_set_text(layout, r.text, (int)r.length);
        PangoRectangle logical;
        pango_layout_get_extents(layout, NULL, &logical);
        printf("{\"width\":%.0f,\"height\":%.0f,\"lines\":%d,\"truncated\":false}\n",
               ceil((double)logical.width / PANGO_SCALE), ceil((double)logical.height / PANGO_SCALE),
               pango_layout_get_line_count(layout));
        g_object_unref(layout);
    }
    free(line);
    free(r.text);
    if (input != stdin) fclose(input);
    comparable_pango_destroy(&pango);
    return 0;
}
