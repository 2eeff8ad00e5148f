/* The oracle's `markup` records: Pango markup read by pango_parse_markup, answered with the text, every attribute
 * and the laid-out text's measurement, so that LabelKit's Pango markup reader can be compared with Pango's.
 *
 *   markup<TAB>WIDTH<TAB>MARKUP
 *
 * Answer, one line: "LINES HEIGHT WIDTH<TAB>TEXT<TAB>ATTRIBUTES", or "error MESSAGE" when Pango rejects the markup
 * (the message on one line). LINES HEIGHT WIDTH are as for a layout record; TEXT is the markup's text with the
 * oracle's field escapes (\\ \n \r \t); ATTRIBUTES are separated by ';', each TYPE|START|END|VALUE with START and END
 * UTF-16 offsets into TEXT and TYPE Pango's attribute type name (the nick of its PangoAttrType). VALUE is:
 *   colours (foreground, background, underline-color, strikethrough-color): RRRRGGGGBBBB, 16-bit hex components
 *   family: the family name (escaped as TEXT; ';' and '|' as \s and \p)
 *   size, absolute-size, weight, style, underline, strikethrough, rise, letter-spacing, foreground-alpha,
 *   background-alpha, absolute-line-height, font-scale, baseline-shift and other integer attributes: the integer
 *   scale, line-height: the factor (%.17g)
 *   anything else: -
 *
 * The layout is the record's own comparable Pango ("DejaVu Sans 15px") with the context's resolution at 72 dpi, so
 * that the markup's points are pixels as LabelKit reads them (a pango_cairo context is 96 dpi by default; sizes in
 * px, as the base font's, do not depend on it).
 */
#ifndef LABELKIT_MARKUP_SPANS_H
#define LABELKIT_MARKUP_SPANS_H

#include <stdio.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "comparable-pango.h"

/* UTF-16 code units in the first `bytes` bytes of valid UTF-8 `text`. */
static long markup_utf16_offset(const char *text, guint bytes) {
    long units = 0;
    for (guint i = 0; i < bytes && text[i] != '\0'; i++) {
        unsigned char byte = (unsigned char)text[i];
        if ((byte & 0xC0) == 0x80) continue;
        units += (byte >= 0xF0) ? 2 : 1;
    }
    return units;
}

/* Prints `text` with the field escapes, and ';' and '|' as \s and \p. */
static void markup_print_escaped(const char *text) {
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case '\\': fputs("\\\\", stdout); break;
        case '\n': fputs("\\n", stdout); break;
        case '\r': fputs("\\r", stdout); break;
        case '\t': fputs("\\t", stdout); break;
        case ';': fputs("\\s", stdout); break;
        case '|': fputs("\\p", stdout); break;
        default: putchar(*p); break;
        }
    }
}

static void markup_print_attribute(const PangoAttribute *attribute, const char *text) {
    PangoAttrType type = attribute->klass->type;
    guint length = (guint)strlen(text);
    guint start = attribute->start_index < length ? attribute->start_index : length;
    guint end = attribute->end_index < length ? attribute->end_index : length;
    /* The nick of PangoAttrType's GEnum ("foreground", "absolute-size"); pango_attr_type_get_name names only the
     * types registered at run time. */
    GEnumClass *types = g_type_class_ref(PANGO_TYPE_ATTR_TYPE);
    GEnumValue *value = g_enum_get_value(types, (gint)type);
    const char *name = value ? value->value_nick : "unknown";
    g_type_class_unref(types);
    printf("%s|%ld|%ld|", name, markup_utf16_offset(text, start), markup_utf16_offset(text, end));
    PangoAttrColor *color = pango_attribute_as_color((PangoAttribute *)attribute);
    PangoAttrString *string = pango_attribute_as_string((PangoAttribute *)attribute);
    PangoAttrInt *integer = pango_attribute_as_int((PangoAttribute *)attribute);
    PangoAttrFloat *number = pango_attribute_as_float((PangoAttribute *)attribute);
    PangoAttrSize *size = pango_attribute_as_size((PangoAttribute *)attribute);
    if (color) {
        printf("%04x%04x%04x", color->color.red, color->color.green, color->color.blue);
    } else if (string) {
        markup_print_escaped(string->value);
    } else if (size) {
        printf("%d", size->size);
    } else if (integer) {
        printf("%d", integer->value);
    } else if (number) {
        printf("%.17g", number->value);
    } else {
        putchar('-');
    }
}

/* Answers one markup record: `markup` (escaped, decoded here) at `width` px, laid out with `pango`. */
static void markup_answer(comparable_pango *pango, char *markup, double width) {
    unescape_field(markup);
    PangoAttrList *attributes = NULL;
    char *text = NULL;
    GError *error = NULL;
    if (!pango_parse_markup(markup, -1, 0, &attributes, &text, NULL, &error)) {
        printf("error ");
        markup_print_escaped(error ? error->message : "unknown");
        putchar('\n');
        if (error) g_error_free(error);
        return;
    }
    PangoLayout *layout = pango->layout;
    pango_layout_set_indent(layout, 0);
    pango_layout_set_width(layout, width > 0 ? (int)(width * PANGO_SCALE + 0.5) : -1);
    pango_layout_set_text(layout, text, -1);
    pango_layout_set_attributes(layout, attributes);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    printf("%d %.4f %.4f\t", pango_layout_get_line_count(layout), (double)logical.height / PANGO_SCALE,
           (double)logical.width / PANGO_SCALE);
    markup_print_escaped(text);
    putchar('\t');
    GSList *list = pango_attr_list_get_attributes(attributes);
    int first = 1;
    for (GSList *item = list; item; item = item->next) {
        if (!first) putchar(';');
        first = 0;
        markup_print_attribute(item->data, text);
    }
    putchar('\n');
    g_slist_free_full(list, (GDestroyNotify)pango_attribute_destroy);
    pango_layout_set_attributes(layout, NULL);
    pango_attr_list_unref(attributes);
    g_free(text);
}

/* A comparable Pango for markup records: 72 dpi, so that a markup point is a pixel. */
static comparable_pango markup_pango_create(void) {
    comparable_pango pango = comparable_pango_create();
    pango_cairo_context_set_resolution(pango.context, 72);
    pango_layout_context_changed(pango.layout);
    return pango;
}

#endif
