#ifndef LABELKIT_GRAPHEME_BREAKS_H
#define LABELKIT_GRAPHEME_BREAKS_H

// Grapheme-cluster boundaries without ICU's iterator (GraphemeBreaks.c), for CICUShim.c. Not part of the module's
// public header: this one may include ICU's.

#include <stdint.h>

/* Ors `bit` into `flags[i]` for every grapheme-cluster boundary `i` of `text` (0 and `length` included) as ICU 72's
   root character iterator gives them, and returns 1. For a text with a code point whose boundaries these rules do not
   reproduce (which ICU's iterator must segment) returns 0 with `bit` cleared in `flags[0...length]`. No allocation;
   the tables it reads are filled once per process. */
int labelkit_mark_grapheme_breaks(const uint16_t *text, int32_t length, uint8_t *flags, uint8_t bit);

#endif
