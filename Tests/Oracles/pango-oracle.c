/*
 * pango-oracle: lays out text with Pango 1.50 in settings comparable with LabelKit's, for agreement tests and
 * benchmarks. Pango is a test oracle only; no LabelKit target links it.
 *
 * Build: Scripts/build-oracles.sh  (gcc ... $(pkg-config --cflags --libs pangocairo))
 *
 * Usage: pango-oracle [--breaks] [--orientations] < records
 *
 * Input: one record per line. Inside a field, "\n" stands for a line feed, "\r" for a carriage return, "\t" for a
 * tab and "\\" for a backslash.
 *
 *   WIDTH<TAB>TEXT               lay out TEXT at WIDTH px (0 or less: no width limit)
 *   xy<TAB>WIDTH<TAB>X<TAB>Y<TAB>TEXT
 *                                hit-test the point (X, Y) in TEXT laid out at WIDTH (pango_layout_xy_to_index)
 *   rich<TAB>WIDTH<TAB>INDENT<TAB>SPANS<TAB>TEXT
 *                                lay out TEXT at WIDTH with a first-line indent of INDENT px
 *                                (pango_layout_set_indent) and the attribute spans SPANS (see rich-attributes.h);
 *                                answered like a layout record
 *   markup<TAB>WIDTH<TAB>MARKUP  read MARKUP with pango_parse_markup and lay it out at WIDTH (see markup-spans.h)
 *   vertical<TAB>LENGTH<TAB>TEXT  lay out TEXT vertically (vertical-rl: columns top to bottom, right to left),
 *                                wrapping at LENGTH px along the column (0 or less: no limit)
 *   lineheight<TAB>WIDTH<TAB>HEIGHT<TAB>SPACING<TAB>SIZES<TAB>TEXT
 *                                lay out TEXT with a line height and print each line's height and baseline (see
 *                                line-height.h)
 *   tabs<TAB>WIDTH<TAB>DECIMAL<TAB>STOPS<TAB>TEXT
 *                                lay out TEXT at WIDTH with the tab stops STOPS ("100,200:right,300:decimal", "-"
 *                                for Pango's default ones), decimal stops lining up DECIMAL; answered with the x of
 *                                every character (see tab-stops.h)
 *
 * Output: one line per record, in order.
 *
 *   layout:  LINES HEIGHT WIDTH   line count and the logical extents in px (doubles, unrounded);
 *            with --breaks, followed by a space and the UTF-16 offsets at which each line starts, comma-separated
 *            (Pango reports UTF-8 byte offsets; converted so they compare with LabelKit's ranges)
 *   vertical: COLUMNS LENGTH THICKNESS
 *            column count; the longest column's logical length (the largest logical width of a line in layout
 *            coordinates) and the logical extent across all columns, in px (doubles, unrounded); with --breaks,
 *            followed by the UTF-16 offsets at which each column starts as for a layout record; with
 *            --orientations, followed by a space and one letter per UTF-16 code unit of TEXT: U where Pango sets
 *            the character upright (gravity east), R where it rotates it 90 degrees clockwise (gravity south),
 *            - where no run holds it (a hard line break)
 *   xy:      INDEX TRAILING INSIDE   UTF-16 offset of the hit character, trailing count, 1 if inside the text
 *   error:   "error MESSAGE"
 *
 * Settings: a pango_cairo context on an image surface; unrounded glyph positions; hint metrics off and hint style
 * none (otherwise Pango rounds each font's ascent and descent up to whole pixels); "DejaVu Sans 15px" with
 * fontconfig's fallback; PANGO_WRAP_WORD_CHAR; no line limit.
 *
 * Vertical records use a second layout on a context of their own, set up as `pango-view --gravity=east
 * --gravity-hint=natural --rotate=-90`: base gravity PANGO_GRAVITY_EAST, gravity hint PANGO_GRAVITY_HINT_NATURAL
 * and the context's matrix turned 90 degrees clockwise on screen (pango_matrix_rotate turns counter-clockwise, so
 * -90; with --rotate=90 pango-view draws the columns upside down, bottom to top). Pango lays such a paragraph out as
 * horizontal lines in layout coordinates and the matrix turns them into columns, so a line's width is a column's
 * length and the layout's height is the extent across the columns. With metric hinting off the matrix does not
 * change any measurement; it is set so that the context is the one pango-view renders with. Pango 1.50 decides the
 * orientation of each character with its own table (VO=U or Tu of Unicode 11's VerticalOrientation.txt,
 * width_iter_is_upright in itemize.c): those stand upright and are shaped top to bottom (HarfBuzz
 * HB_DIRECTION_TTB, advancing by the vertical advance); all others, VO=Tr included, are rotated and shaped left to
 * right. Every run's logical extent is centred on the column's middle line (PANGO_ANALYSIS_FLAG_CENTERED_BASELINE).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "comparable-pango.h"
#include "field-escape.h"
#include "markup-spans.h"
#include "rich-attributes.h"
#include "line-height.h"
#include "tab-stops.h"


/* The number of UTF-16 code units in the first `bytes` bytes of valid UTF-8 `text`. */
static long utf16_length(const char *text, long bytes) {
    long units = 0;
    for (long i = 0; i < bytes; i++) {
        unsigned char byte = (unsigned char)text[i];
        if ((byte & 0xC0) == 0x80) continue;   /* continuation byte */
        units += (byte >= 0xF0) ? 2 : 1;       /* 4-byte sequences are surrogate pairs */
    }
    return units;
}

/* Splits off the next tab-separated field; returns NULL when there is none. */
static char *next_field(char **cursor) {
    if (*cursor == NULL) return NULL;
    char *field = *cursor;
    char *tab = strchr(field, '\t');
    if (tab) {
        *tab = '\0';
        *cursor = tab + 1;
    } else {
        *cursor = NULL;
    }
    return field;
}

static int parse_double(const char *field, double *value) {
    if (field == NULL || *field == '\0') return 0;
    char *end = NULL;
    *value = strtod(field, &end);
    return end != NULL && *end == '\0';
}

static void set_text(PangoLayout *layout, char *text, double width) {
    unescape_field(text);
    pango_layout_set_attributes(layout, NULL);
    pango_layout_set_indent(layout, 0);
    pango_layout_set_width(layout, width > 0 ? (int)(width * PANGO_SCALE + 0.5) : -1);
    pango_layout_set_text(layout, text, -1);
}

static void print_layout(PangoLayout *layout, const char *text, int with_breaks) {
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    int lines = pango_layout_get_line_count(layout);
    printf("%d %.4f %.4f", lines, (double)logical.height / PANGO_SCALE, (double)logical.width / PANGO_SCALE);
    if (with_breaks) {
        putchar(' ');
        GSList *list = pango_layout_get_lines_readonly(layout);
        for (GSList *item = list; item; item = item->next) {
            PangoLayoutLine *line = item->data;
            printf("%s%ld", item == list ? "" : ",", utf16_length(text, line->start_index));
        }
    }
    putchar('\n');
}

/* Turns a comparable layout into a vertical one, as pango-view --gravity=east --gravity-hint=natural --rotate=-90
 * does: the cairo matrix turned a quarter clockwise and handed to the context with pango_cairo_update_context. */
static void make_vertical(comparable_pango *pango) {
    pango_context_set_base_gravity(pango->context, PANGO_GRAVITY_EAST);
    pango_context_set_gravity_hint(pango->context, PANGO_GRAVITY_HINT_NATURAL);
    PangoMatrix matrix = PANGO_MATRIX_INIT;
    pango_matrix_rotate(&matrix, -90);
    cairo_matrix_t cairo_matrix;
    cairo_matrix_init(&cairo_matrix, matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0);
    cairo_set_matrix(pango->cairo, &cairo_matrix);
    pango_cairo_update_context(pango->cairo, pango->context);
    pango_layout_context_changed(pango->layout);
}

/* Prints the answer to a vertical record; see the header. */
static void print_vertical(PangoLayout *layout, const char *text, int with_breaks, int with_orientations) {
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    int columns = pango_layout_get_line_count(layout);
    int longest = 0;
    GSList *lines = pango_layout_get_lines_readonly(layout);
    for (GSList *item = lines; item; item = item->next) {
        PangoRectangle line_logical;
        pango_layout_line_get_extents(item->data, NULL, &line_logical);
        if (line_logical.width > longest) longest = line_logical.width;
    }
    printf("%d %.4f %.4f", columns, (double)longest / PANGO_SCALE, (double)logical.height / PANGO_SCALE);
    if (with_breaks) {
        putchar(' ');
        for (GSList *item = lines; item; item = item->next) {
            PangoLayoutLine *line = item->data;
            printf("%s%ld", item == lines ? "" : ",", utf16_length(text, line->start_index));
        }
    }
    if (with_orientations) {
        long units = utf16_length(text, (long)strlen(text));
        char *letters = malloc((size_t)units + 1);
        if (letters == NULL) {
            printf(" -\n");
            return;
        }
        memset(letters, '-', (size_t)units);
        letters[units] = '\0';
        for (GSList *item = lines; item; item = item->next) {
            for (GSList *runs = ((PangoLayoutLine *)item->data)->runs; runs; runs = runs->next) {
                PangoItem *run = ((PangoGlyphItem *)runs->data)->item;
                char letter = PANGO_GRAVITY_IS_VERTICAL(run->analysis.gravity) ? 'U' : 'R';
                long start = utf16_length(text, run->offset);
                long end = utf16_length(text, run->offset + run->length);
                for (long unit = start; unit < end && unit < units; unit++) letters[unit] = letter;
            }
        }
        printf(" %s", letters);
        free(letters);
    }
    putchar('\n');
}

int main(int argc, char **argv) {
    int with_breaks = 0, with_orientations = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--breaks") == 0) {
            with_breaks = 1;
        } else if (strcmp(argv[i], "--orientations") == 0) {
            with_orientations = 1;
        } else {
            fprintf(stderr, "usage: pango-oracle [--breaks] [--orientations] < records\n");
            return 2;
        }
    }

    comparable_pango pango = comparable_pango_create();
    PangoLayout *layout = pango.layout;
    /* Created at the first vertical record, so that the other records run exactly as before. */
    comparable_pango vertical;
    int has_vertical = 0;
    comparable_pango markup;
    int has_markup = 0;

    char *record = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&record, &capacity, stdin)) >= 0) {
        if (length > 0 && record[length - 1] == '\n') record[--length] = '\0';
        char *cursor = record;
        char *first = next_field(&cursor);
        double width;
        if (first && strcmp(first, "xy") == 0) {
            double x, y;
            if (!parse_double(next_field(&cursor), &width) || !parse_double(next_field(&cursor), &x)
                || !parse_double(next_field(&cursor), &y) || cursor == NULL) {
                printf("error malformed xy record\n");
                continue;
            }
            char *text = cursor;
            set_text(layout, text, width);
            int index = 0, trailing = 0;
            gboolean inside = pango_layout_xy_to_index(
                layout, (int)(x * PANGO_SCALE), (int)(y * PANGO_SCALE), &index, &trailing);
            printf("%ld %d %d\n", utf16_length(text, index), trailing, inside ? 1 : 0);
        } else if (first && strcmp(first, "rich") == 0) {
            double indent;
            char *spans;
            if (!parse_double(next_field(&cursor), &width) || !parse_double(next_field(&cursor), &indent)
                || (spans = next_field(&cursor)) == NULL || cursor == NULL) {
                printf("error malformed rich record\n");
                continue;
            }
            char *text = cursor;
            set_text(layout, text, width);
            PangoAttrList *attributes = rich_attributes(text, spans);
            if (attributes == NULL) {
                printf("error malformed span list\n");
                continue;
            }
            pango_layout_set_attributes(layout, attributes);
            pango_attr_list_unref(attributes);
            pango_layout_set_indent(layout, (int)(indent * PANGO_SCALE));
            print_layout(layout, text, with_breaks);
        } else if (first && strcmp(first, "lineheight") == 0) {
            line_height_record(layout, cursor);
        } else if (first && strcmp(first, "tabs") == 0) {
            tab_stops_record(layout, cursor);
        } else if (first && strcmp(first, "markup") == 0) {
            if (!parse_double(next_field(&cursor), &width) || cursor == NULL) {
                printf("error malformed markup record\n");
                continue;
            }
            if (!has_markup) markup = markup_pango_create(), has_markup = 1;
            markup_answer(&markup, cursor, width);
        } else if (first && strcmp(first, "vertical") == 0) {
            if (!parse_double(next_field(&cursor), &width) || cursor == NULL) {
                printf("error malformed vertical record\n");
                continue;
            }
            if (!has_vertical) {
                vertical = comparable_pango_create();
                make_vertical(&vertical);
                has_vertical = 1;
            }
            char *text = cursor;
            set_text(vertical.layout, text, width);
            print_vertical(vertical.layout, text, with_breaks, with_orientations);
        } else {
            if (!parse_double(first, &width) || cursor == NULL) {
                printf("error malformed layout record\n");
                continue;
            }
            char *text = cursor;
            set_text(layout, text, width);
            print_layout(layout, text, with_breaks);
        }
    }
    fflush(stdout);

    free(record);
    if (has_vertical) comparable_pango_destroy(&vertical);
    if (has_markup) comparable_pango_destroy(&markup);
    comparable_pango_destroy(&pango);
    return 0;
}
