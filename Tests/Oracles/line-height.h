/* The oracle's `lineheight` records: TEXT laid out with Pango 1.50's line-height attribute over the whole text, line
 * spacing, and ranges in other sizes; each line's height and baseline printed. Included by pango-oracle.c after
 * field-escape.h and rich-attributes.h, whose helpers it uses.
 *
 *   lineheight<TAB>WIDTH<TAB>HEIGHT<TAB>SPACING<TAB>SIZES<TAB>TEXT
 *
 *   WIDTH    px, as a layout record's (0 or less: no width limit)
 *   HEIGHT   "xF": pango_attr_line_height_new(F), F times each run's height; "Npx":
 *            pango_attr_line_height_new_absolute(N * PANGO_SCALE)
 *   SPACING  px between lines (pango_layout_set_spacing)
 *   SIZES    ranges set in another size, "START|END|PX" separated by ';' (UTF-16 offsets; px, as
 *            pango_attr_size_new_absolute), or empty
 *
 * Answer: LINES, then for each line a space and START:HEIGHT:BASELINE — the UTF-16 offset where the line starts, its
 * logical height (pango_layout_iter_get_line_extents) and its baseline's distance below the line's logical top
 * (pango_layout_iter_get_baseline), in px (doubles, unrounded).
 */
#ifndef LABELKIT_LINE_HEIGHT_H
#define LABELKIT_LINE_HEIGHT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pango.h>

/* The number of UTF-16 code units in the first `bytes` bytes of valid UTF-8 `text`. */
static long line_height_utf16_offset(const char *text, long bytes) {
    long units = 0;
    for (long i = 0; i < bytes; i++) {
        unsigned char byte = (unsigned char)text[i];
        if ((byte & 0xC0) == 0x80) continue;
        units += (byte >= 0xF0) ? 2 : 1;
    }
    return units;
}

/* The line-height attribute HEIGHT names ("x1.5" or "24px"); NULL when it is malformed. */
static PangoAttribute *line_height_attribute(const char *height) {
    char *end = NULL;
    if (height[0] == 'x') {
        double factor = strtod(height + 1, &end);
        if (end == height + 1 || *end != '\0' || !(factor > 0)) return NULL;
        return pango_attr_line_height_new(factor);
    }
    double px = strtod(height, &end);
    if (end == height || strcmp(end, "px") != 0 || !(px >= 0)) return NULL;
    return pango_attr_line_height_new_absolute((int)(px * PANGO_SCALE + 0.5));
}

/* Adds the size ranges of SIZES (destroyed in the process) to `list`; 0 when one is malformed. */
static int line_height_sizes(PangoAttrList *list, const char *text, char *sizes) {
    char *ranges[256];
    int count = *sizes ? split_in_place(sizes, ';', ranges, 256) : 0;
    for (int i = 0; i < count; i++) {
        char *fields[3];
        if (split_in_place(ranges[i], '|', fields, 3) != 3) return 0;
        double px = strtod(fields[2], NULL);
        if (!(px > 0)) return 0;
        PangoAttribute *size = pango_attr_size_new_absolute((int)(px * PANGO_SCALE + 0.5));
        size->start_index = byte_index_of_utf16_offset(text, atol(fields[0]));
        size->end_index = byte_index_of_utf16_offset(text, atol(fields[1]));
        pango_attr_list_insert(list, size);
    }
    return 1;
}

/* Answers a lineheight record, `fields` being what follows its kind; see the header. */
static void line_height_record(PangoLayout *layout, char *fields) {
    char *parts[5];
    if (fields == NULL || split_in_place(fields, '\t', parts, 5) != 5) {
        printf("error malformed lineheight record\n");
        return;
    }
    char *end = NULL;
    double width = strtod(parts[0], &end);
    double spacing = strtod(parts[2], NULL);
    PangoAttribute *height = line_height_attribute(parts[1]);
    if (end == parts[0] || height == NULL) {
        if (height) pango_attribute_destroy(height);
        printf("error malformed lineheight record\n");
        return;
    }
    char *text = parts[4];
    unescape_field(text);
    PangoAttrList *list = pango_attr_list_new();
    pango_attr_list_insert(list, height);
    if (!line_height_sizes(list, text, parts[3])) {
        pango_attr_list_unref(list);
        printf("error malformed size list\n");
        return;
    }
    pango_layout_set_indent(layout, 0);
    pango_layout_set_width(layout, width > 0 ? (int)(width * PANGO_SCALE + 0.5) : -1);
    pango_layout_set_spacing(layout, (int)(spacing * PANGO_SCALE + 0.5));
    pango_layout_set_text(layout, text, -1);
    pango_layout_set_attributes(layout, list);
    pango_attr_list_unref(list);

    printf("%d", pango_layout_get_line_count(layout));
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    do {
        PangoRectangle logical;
        pango_layout_iter_get_line_extents(iter, NULL, &logical);
        int baseline = pango_layout_iter_get_baseline(iter);
        PangoLayoutLine *line = pango_layout_iter_get_line_readonly(iter);
        printf(" %ld:%.4f:%.4f", line_height_utf16_offset(text, line->start_index),
               (double)logical.height / PANGO_SCALE, (double)(baseline - logical.y) / PANGO_SCALE);
    } while (pango_layout_iter_next_line(iter));
    pango_layout_iter_free(iter);
    putchar('\n');
    /* The other records lay out without spacing or attributes. */
    pango_layout_set_spacing(layout, 0);
    pango_layout_set_attributes(layout, NULL);
}

#endif
