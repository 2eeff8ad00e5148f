/* Pango's forms of LabelKit's rich text attributes, for the oracle's `rich` records: a span list read from text and
 * turned into a PangoAttrList, and the first-line indent.
 *
 * Spans are separated by ';', their fields by '|'; offsets are UTF-16 code units (converted here to Pango's UTF-8
 * byte indexes), lengths are px (doubles):
 *
 *   rise|START|END|PX                 pango_attr_rise_new: the text moved up by PX
 *   feat|START|END|FEATURES           pango_attr_font_features_new: "tnum,-liga" (no ';' or '|')
 *   shape|START|END|WIDTH|Y|HEIGHT    pango_attr_shape_new with the logical rect (0, Y, WIDTH, HEIGHT) relative to
 *                                     the baseline, y down: an inline box (an attachment)
 */
#ifndef LABELKIT_RICH_ATTRIBUTES_H
#define LABELKIT_RICH_ATTRIBUTES_H

#include <stdlib.h>
#include <string.h>

#include <pango/pango.h>

/* The UTF-8 byte index of UTF-16 offset `units` in valid UTF-8 `text` (clamped to its end). */
static guint byte_index_of_utf16_offset(const char *text, long units) {
    long seen = 0;
    guint index = 0;
    while (text[index] != '\0' && seen < units) {
        unsigned char byte = (unsigned char)text[index];
        int length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
        seen += length == 4 ? 2 : 1;
        for (int i = 0; i < length && text[index] != '\0'; i++) index++;
    }
    return index;
}

/* Splits `field` at `separator` into at most `capacity` parts, in place; returns their number. */
static int split_in_place(char *field, char separator, char **parts, int capacity) {
    int count = 0;
    while (field != NULL && count < capacity) {
        parts[count++] = field;
        char *next = strchr(field, separator);
        if (next) *next++ = '\0';
        field = next;
    }
    return count;
}

/* Reads `spans` (destroyed in the process) into an attribute list over `text`; NULL for a malformed span. */
static PangoAttrList *rich_attributes(const char *text, char *spans) {
    PangoAttrList *list = pango_attr_list_new();
    char *items[256];
    int count = *spans ? split_in_place(spans, ';', items, 256) : 0;
    for (int i = 0; i < count; i++) {
        char *fields[6];
        int fieldCount = split_in_place(items[i], '|', fields, 6);
        if (fieldCount < 4) goto malformed;
        guint start = byte_index_of_utf16_offset(text, atol(fields[1]));
        guint end = byte_index_of_utf16_offset(text, atol(fields[2]));
        PangoAttribute *attribute = NULL;
        if (strcmp(fields[0], "rise") == 0) {
            attribute = pango_attr_rise_new((int)(strtod(fields[3], NULL) * PANGO_SCALE));
        } else if (strcmp(fields[0], "feat") == 0) {
            attribute = pango_attr_font_features_new(fields[3]);
        } else if (strcmp(fields[0], "shape") == 0 && fieldCount == 6) {
            PangoRectangle logical = {
                0, (int)(strtod(fields[4], NULL) * PANGO_SCALE), (int)(strtod(fields[3], NULL) * PANGO_SCALE),
                (int)(strtod(fields[5], NULL) * PANGO_SCALE),
            };
            attribute = pango_attr_shape_new(&logical, &logical);
        } else {
            goto malformed;
        }
        attribute->start_index = start;
        attribute->end_index = end;
        pango_attr_list_insert(list, attribute);
    }
    return list;
malformed:
    pango_attr_list_unref(list);
    return NULL;
}

#endif
