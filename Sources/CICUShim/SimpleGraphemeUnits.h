#ifndef LABELKIT_SIMPLE_GRAPHEME_UNITS_H
#define LABELKIT_SIMPLE_GRAPHEME_UNITS_H

// The code units of the shim's fast grapheme path, for CICUShim.c (graphemes_need_no_iterator and its walk) and
// LineBreakTable.c (the table of simple units, filled with the line rules). Not part of the module's public header.

#include <stdint.h>

/* Whether `unit` is one graphemes_need_no_iterator (CICUShim.c) accepts (see there); inlined into both walks that ask
   (there, and the table of simple units in LineBreakTable.c). */
static inline int is_simple_grapheme_unit(uint16_t unit) {
    if (unit < 0x0370) return 1;
    if (unit >= 0x0590 && unit <= 0x06FF) {
        return !((unit >= 0x0600 && unit <= 0x0605) || unit == 0x061C || unit == 0x06DD);
    }
    if (unit >= 0x1E00 && unit <= 0x1EFF) return 1;
    if (unit >= 0x2000 && unit <= 0x206F) return unit != 0x200C && unit != 0x200D;
    if (unit >= 0x3000 && unit <= 0x9FFF) return !((unit >= 0x302A && unit <= 0x302F) || unit == 0x3099 || unit == 0x309A);
    if (unit >= 0xAC00 && unit <= 0xD7A3) return 1;
    return unit >= 0xFF00 && unit <= 0xFFEF && unit != 0xFF9E && unit != 0xFF9F;
}

/* Whether a unit is_simple_grapheme_unit accepts is Extend: a combining diacritical mark, a Hebrew point or
   cantillation mark, an Arabic haraka or Quranic annotation mark. */
static inline __attribute__((always_inline)) int is_simple_extend(uint16_t unit) {
    if (unit < 0x0300) return 0;
    if (unit <= 0x036F) return 1;
    if (unit < 0x0591 || unit > 0x06ED) return 0;
    if (unit <= 0x05C7) return unit != 0x05BE && unit != 0x05C0 && unit != 0x05C3 && unit != 0x05C6;
    return (unit >= 0x0610 && unit <= 0x061A) || (unit >= 0x064B && unit <= 0x065F) || unit == 0x0670 ||
           (unit >= 0x06D6 && unit <= 0x06DC) || (unit >= 0x06DF && unit <= 0x06E4) || unit == 0x06E7 ||
           unit == 0x06E8 || (unit >= 0x06EA && unit <= 0x06ED);
}

/* Grapheme_Cluster_Break CR, LF or Control among the units graphemes_need_no_iterator accepts: C0, DEL, C1, the
   soft hyphen (Cf), and the format controls and separators of general punctuation (ZWSP, LRM, RLM, LINE and
   PARAGRAPH SEPARATOR, the embeddings and overrides, the word joiner to the deprecated format characters). */
static inline int is_control_break_class(uint16_t unit) {
    return unit < 0x20 || (unit >= 0x7F && unit <= 0x9F) || unit == 0xAD || unit == 0x200B || unit == 0x200E ||
           unit == 0x200F || (unit >= 0x2028 && unit <= 0x202E) || (unit >= 0x2060 && unit <= 0x206F);
}

#endif
