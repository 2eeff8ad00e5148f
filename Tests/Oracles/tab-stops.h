/* The oracle's `tabs` records: TEXT laid out with a PangoTabArray (left, right, centre and decimal stops, Pango 1.50),
 * answered with the x of every character, for LabelKit's tab-stop agreement tests.
 *
 *   tabs<TAB>WIDTH<TAB>DECIMAL<TAB>STOPS<TAB>TEXT
 *
 * WIDTH: the width in px (0 or less: no limit). DECIMAL: the one character every decimal stop lines up
 * (pango_tab_array_set_decimal_point), "." or ",". STOPS: "-" for none (Pango's default stops, every eight spaces),
 * else comma-separated stops POSITION[:ALIGNMENT], the position in px (a double) and the alignment left (the
 * default), right, center or decimal.
 *
 * Answer: LINES HEIGHT WIDTH STARTS POSITIONS, as a layout record's with --breaks (line count, logical extents in px,
 * the UTF-16 offsets at which the lines start), then one OFFSET:LEFT:WIDTH per character, comma-separated: its UTF-16
 * offset, and the left edge and width in px of its logical rect (pango_layout_index_to_pos; a right-to-left
 * character's rect is turned to have its left edge). The layout's tabs are unset again after each record.
 */
#ifndef LABELKIT_TAB_STOPS_H
#define LABELKIT_TAB_STOPS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pango.h>

#include "field-escape.h"

/* The number of UTF-16 code units in the first `bytes` bytes of valid UTF-8 `text`. */
static long tab_stops_utf16_length(const char *text, long bytes) {
    long units = 0;
    for (long i = 0; i < bytes; i++) {
        unsigned char byte = (unsigned char)text[i];
        if ((byte & 0xC0) == 0x80) continue;
        units += (byte >= 0xF0) ? 2 : 1;
    }
    return units;
}

/* The alignment named by the `length` characters at `name`; 0 when it names none. */
static int tab_stops_alignment(const char *name, size_t length, PangoTabAlign *alignment) {
    static const struct {
        const char *name;
        PangoTabAlign alignment;
    } names[] = {
        {"left", PANGO_TAB_LEFT}, {"right", PANGO_TAB_RIGHT}, {"center", PANGO_TAB_CENTER},
        {"decimal", PANGO_TAB_DECIMAL},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strlen(names[i].name) == length && strncmp(name, names[i].name, length) == 0) {
            *alignment = names[i].alignment;
            return 1;
        }
    }
    return 0;
}

/* The tab array STOPS describes, every decimal stop on `decimal`, positions in Pango units; *tabs is NULL for "-".
 * Returns 0 when STOPS is malformed. */
static int tab_stops_parse(const char *stops, gunichar decimal, PangoTabArray **tabs) {
    *tabs = NULL;
    if (strcmp(stops, "-") == 0) return 1;
    int count = 1;
    for (const char *p = stops; *p; p++) count += *p == ',';
    PangoTabArray *array = pango_tab_array_new(count, FALSE);
    const char *cursor = stops;
    for (int i = 0; i < count; i++) {
        char *end = NULL;
        double position = strtod(cursor, &end);
        if (end == cursor || position < 0) break;
        PangoTabAlign alignment = PANGO_TAB_LEFT;
        if (*end == ':') {
            size_t length = strcspn(end + 1, ",");
            if (!tab_stops_alignment(end + 1, length, &alignment)) break;
            end += 1 + length;
        }
        if (*end != (i + 1 < count ? ',' : '\0')) break;
        pango_tab_array_set_tab(array, i, alignment, (int)(position * PANGO_SCALE + 0.5));
        if (alignment == PANGO_TAB_DECIMAL) pango_tab_array_set_decimal_point(array, i, decimal);
        cursor = end + 1;
        if (i + 1 == count) {
            *tabs = array;
            return 1;
        }
    }
    pango_tab_array_free(array);
    return 0;
}

/* Answers one `tabs` record, whose fields after the kind are `fields`, with `layout`. */
static void tab_stops_record(PangoLayout *layout, char *fields) {
    char *width_field = fields;
    char *decimal_field = width_field ? strchr(width_field, '\t') : NULL;
    char *stops_field = decimal_field ? strchr(decimal_field + 1, '\t') : NULL;
    char *text = stops_field ? strchr(stops_field + 1, '\t') : NULL;
    if (text == NULL) {
        printf("error malformed tabs record\n");
        return;
    }
    *decimal_field++ = '\0';
    *stops_field++ = '\0';
    *text++ = '\0';
    char *end = NULL;
    double width = strtod(width_field, &end);
    gunichar decimal = g_utf8_get_char_validated(decimal_field, -1);
    PangoTabArray *tabs = NULL;
    if (end == width_field || *end != '\0' || decimal == (gunichar)-1 || decimal == (gunichar)-2 || decimal == 0
        || !tab_stops_parse(stops_field, decimal, &tabs)) {
        printf("error malformed tabs record\n");
        return;
    }
    unescape_field(text);
    pango_layout_set_attributes(layout, NULL);
    pango_layout_set_indent(layout, 0);
    pango_layout_set_width(layout, width > 0 ? (int)(width * PANGO_SCALE + 0.5) : -1);
    pango_layout_set_tabs(layout, tabs);
    pango_layout_set_text(layout, text, -1);

    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    printf("%d %.4f %.4f ", pango_layout_get_line_count(layout), (double)logical.height / PANGO_SCALE,
           (double)logical.width / PANGO_SCALE);
    GSList *lines = pango_layout_get_lines_readonly(layout);
    for (GSList *item = lines; item; item = item->next) {
        PangoLayoutLine *line = item->data;
        printf("%s%ld", item == lines ? "" : ",", tab_stops_utf16_length(text, line->start_index));
    }
    putchar(' ');
    for (const char *p = text; *p; p = g_utf8_next_char(p)) {
        PangoRectangle rect;
        pango_layout_index_to_pos(layout, (int)(p - text), &rect);
        int left = rect.width < 0 ? rect.x + rect.width : rect.x;
        printf("%s%ld:%.4f:%.4f", p == text ? "" : ",", tab_stops_utf16_length(text, p - text),
               (double)left / PANGO_SCALE, (double)abs(rect.width) / PANGO_SCALE);
    }
    putchar('\n');

    pango_layout_set_tabs(layout, NULL);
    if (tabs) pango_tab_array_free(tabs);
}

#endif
