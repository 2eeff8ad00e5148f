/* The field escaping shared by the Pango oracle, the benchmark harnesses and the Swift side that writes their
 * input: backslash, line feed, carriage return and tab are written as \\, \n, \r and \t. */
#ifndef LABELKIT_FIELD_ESCAPE_H
#define LABELKIT_FIELD_ESCAPE_H

/* Decodes the escapes of one NUL-terminated field in place. */
static void unescape_field(char *field) {
    char *read = field, *write = field;
    while (*read) {
        if (*read == '\\' && read[1]) {
            read++;
            switch (*read) {
            case 'n': *write++ = '\n'; break;
            case 'r': *write++ = '\r'; break;
            case 't': *write++ = '\t'; break;
            default: *write++ = *read; break;
            }
            read++;
        } else {
            *write++ = *read++;
        }
    }
    *write = '\0';
}

#endif
