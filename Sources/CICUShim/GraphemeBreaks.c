/* ---- Grapheme clusters without ICU's iterator -----------------------------------------------------------------------

   ICU's character iterator (RuleBasedBreakIterator over its compiled char.txt) was a large share of a label's analysis
   for any text outside the shim's small fast path. The rules it applies are few: UAX #29's extended grapheme clusters
   for Unicode 15.0 (GB3–GB13) and one tailoring of ICU's root rules, the Indic conjunct rule its char.txt calls GB 9.3
   (from CLDR, for aksaras; Unicode 15.1 later made a rule of its own, GB9c, out of the same idea):

       $LinkingConsonant $ExtCccZwj* $Virama $ExtCccZwj* × $LinkingConsonant

   where a linking consonant and a virama are the Indic_Syllabic_Category Consonant and Virama of six scripts
   (Devanagari, Bengali, Gujarati, Oriya, Telugu, Malayalam), and $ExtCccZwj is an Extend of non-zero canonical
   combining class, or ZWJ. So "क्ष" (U+0915 U+094D U+0937) is one cluster in ICU 72, three code points before a
   break in UAX #29 15.0. Applied in one pass over the code points with the little state the rules look back at,
   they give ICU's boundaries exactly; tests compare them with the iterator's on Unicode's test file, every short
   sequence of property values and the corpus.

   The properties of a code point come from ICU's own property API, through a class byte: a table of the BMP and of
   the emoji plane (U+1F000–U+1FFFF) filled once, and ICU's lookups for the rest of the supplementary planes. An
   unpaired surrogate is a code point of its own, as ICU's UTF-16 text reads it (ICU 72 gives it
   Grapheme_Cluster_Break Other: a base that takes the marks after it). */

#include "GraphemeBreaks.h"

#include <pthread.h>

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>

/* The low four bits of a class byte: the Grapheme_Cluster_Break value (UAX #29, Unicode 15.0). */
enum {
    GB_OTHER, GB_CR, GB_LF, GB_CONTROL, GB_EXTEND, GB_ZWJ, GB_REGIONAL_INDICATOR, GB_PREPEND, GB_SPACING_MARK,
    GB_L, GB_V, GB_T, GB_LV, GB_LVT,
    /* A code point whose boundaries the rules here do not reproduce: its text goes to ICU's iterator. */
    GB_NOT_COVERED = 15,
};

/* The high bits: what the rules read besides the break value. */
enum {
    GB_BREAK_VALUE_MASK = 0x0F,
    /* Extended_Pictographic (GB11). */
    GB_PICTOGRAPHIC = 1 << 4,
    /* ICU's $LinkingConsonant (GB 9.3). */
    GB_LINKING_CONSONANT = 1 << 5,
    /* ICU's $Virama (GB 9.3). */
    GB_VIRAMA = 1 << 6,
    /* ICU's $ExtCccZwj (GB 9.3): Extend of non-zero canonical combining class, or ZWJ. */
    GB_EXTEND_CCC_ZWJ = 1 << 7,
};

/* Whether ICU's GB 9.3 counts a code point of `script` (its Script property, not Script_Extensions). */
static int is_conjunct_script(int32_t script) {
    switch (script) {
    case USCRIPT_DEVANAGARI: case USCRIPT_BENGALI: case USCRIPT_GUJARATI: case USCRIPT_ORIYA: case USCRIPT_TELUGU:
    case USCRIPT_MALAYALAM:
        return 1;
    default:
        return 0;
    }
}

/* The class byte of one code point from ICU's properties. */
static uint8_t grapheme_class_from_icu(UChar32 c) {
    uint8_t value;
    switch ((UGraphemeClusterBreak)u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
    case U_GCB_OTHER: value = GB_OTHER; break;
    case U_GCB_CR: value = GB_CR; break;
    case U_GCB_LF: value = GB_LF; break;
    case U_GCB_CONTROL: value = GB_CONTROL; break;
    case U_GCB_EXTEND: value = GB_EXTEND; break;
    case U_GCB_ZWJ: value = GB_ZWJ; break;
    case U_GCB_REGIONAL_INDICATOR: value = GB_REGIONAL_INDICATOR; break;
    case U_GCB_PREPEND: value = GB_PREPEND; break;
    case U_GCB_SPACING_MARK: value = GB_SPACING_MARK; break;
    case U_GCB_L: value = GB_L; break;
    case U_GCB_V: value = GB_V; break;
    case U_GCB_T: value = GB_T; break;
    case U_GCB_LV: value = GB_LV; break;
    case U_GCB_LVT: value = GB_LVT; break;
    /* E_Base, E_Modifier, Glue_After_Zwj and E_Base_GAZ have no code points since Unicode 11: should a future ICU
       give one, its texts go to the iterator. */
    default: return GB_NOT_COVERED;
    }
    uint8_t bits = value;
    if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) bits |= GB_PICTOGRAPHIC;
    if (value == GB_ZWJ || (value == GB_EXTEND && u_getCombiningClass(c) != 0)) bits |= GB_EXTEND_CCC_ZWJ;
    if (c >= 0x0900 && c <= 0x0D7F) {   // the blocks of the six scripts, Devanagari to Malayalam
        UErrorCode status = U_ZERO_ERROR;
        if (is_conjunct_script(uscript_getScript(c, &status)) && U_SUCCESS(status)) {
            switch (u_getIntPropertyValue(c, UCHAR_INDIC_SYLLABIC_CATEGORY)) {
            case U_INSC_CONSONANT: bits |= GB_LINKING_CONSONANT; break;
            case U_INSC_VIRAMA: bits |= GB_VIRAMA; break;
            default: break;
            }
        }
    }
    /* The state machine below reads a virama as one of $ExtCccZwj too (every virama of the six scripts has combining
       class 9), and a linking consonant as a base (Other). Anything else would need rules it does not have. */
    if ((bits & GB_VIRAMA) && !(bits & GB_EXTEND_CCC_ZWJ)) return GB_NOT_COVERED;
    if ((bits & GB_LINKING_CONSONANT) && value != GB_OTHER) return GB_NOT_COVERED;
    return bits;
}

/* The class bytes of the BMP (surrogates as the lone code points they are when unpaired) and of the emoji plane,
   U+1F000–U+1FFFF: immutable once filled. */
static uint8_t graphemeClassesBMP[0x10000];
static uint8_t graphemeClassesEmoji[0x1000];
static pthread_once_t graphemeClassesOnce = PTHREAD_ONCE_INIT;

static void fill_grapheme_classes(void) {
    for (UChar32 c = 0; c < 0x10000; c++) graphemeClassesBMP[c] = grapheme_class_from_icu(c);
    for (UChar32 c = 0; c < 0x1000; c++) graphemeClassesEmoji[c] = grapheme_class_from_icu(0x1F000 + c);
}

static inline uint8_t grapheme_class(UChar32 c) {
    if (c < 0x10000) return graphemeClassesBMP[c];
    if (c >= 0x1F000 && c < 0x20000) return graphemeClassesEmoji[c - 0x1F000];
    return grapheme_class_from_icu(c);
}

/* Whether GB6–GB8 keep two Hangul jamo or syllables together. */
static inline int hangul_keeps(int before, int after) {
    switch (before) {
    case GB_L: return after == GB_L || after == GB_V || after == GB_LV || after == GB_LVT;
    case GB_LV: case GB_V: return after == GB_V || after == GB_T;
    case GB_LVT: case GB_T: return after == GB_T;
    default: return 0;
    }
}

/* Where ICU's GB 9.3 stands after a code point: no linking consonant before, one followed by $ExtCccZwj*, or one
   followed by $ExtCccZwj* $Virama $ExtCccZwj* (a linking consonant next stays in the cluster). */
enum { CONJUNCT_NONE, CONJUNCT_AFTER_CONSONANT, CONJUNCT_AFTER_VIRAMA };

int labelkit_mark_grapheme_breaks(const uint16_t *text, int32_t length, uint8_t *flags, uint8_t bit) {
    pthread_once(&graphemeClassesOnce, fill_grapheme_classes);
    flags[0] |= bit;   // GB1
    if (length <= 0) return 1;

    int32_t index = 0;
    UChar32 c;
    U16_NEXT(text, index, length, c);
    uint8_t bits = grapheme_class(c);
    int before = bits & GB_BREAK_VALUE_MASK;
    if (before == GB_NOT_COVERED) goto notCovered;
    /* What the rules look back at: an Extended_Pictographic followed by Extend* (GB11), a ZWJ after such a sequence,
       whether an odd number of regional indicators ends the text so far (GB12, GB13), and GB 9.3's state. */
    int pictographicRun = (bits & GB_PICTOGRAPHIC) != 0;
    int joinerAfterPictographic = 0;
    int oddRegionalIndicators = before == GB_REGIONAL_INDICATOR;
    int conjunct = (bits & GB_LINKING_CONSONANT) ? CONJUNCT_AFTER_CONSONANT : CONJUNCT_NONE;

    while (index < length) {
        int32_t start = index;
        U16_NEXT(text, index, length, c);
        bits = grapheme_class(c);
        int after = bits & GB_BREAK_VALUE_MASK;
        if (bits == GB_OTHER) {
            /* The common case, a plain base (a letter, a digit, a space): only GB9b keeps it to what comes before,
               and it clears every state the rules look back at. */
            if (before != GB_PREPEND) flags[start] |= bit;
            joinerAfterPictographic = 0;
            pictographicRun = 0;
            oddRegionalIndicators = 0;
            conjunct = CONJUNCT_NONE;
            before = GB_OTHER;
            continue;
        }
        if (after == GB_NOT_COVERED) goto notCovered;

        int boundary;
        if (before == GB_CR && after == GB_LF) {
            boundary = 0;                                                                     // GB3
        } else if (before == GB_CR || before == GB_LF || before == GB_CONTROL) {
            boundary = 1;                                                                     // GB4
        } else if (after == GB_CR || after == GB_LF || after == GB_CONTROL) {
            boundary = 1;                                                                     // GB5
        } else if (hangul_keeps(before, after)) {
            boundary = 0;                                                                     // GB6–GB8
        } else if (after == GB_EXTEND || after == GB_ZWJ || after == GB_SPACING_MARK || before == GB_PREPEND) {
            boundary = 0;                                                                     // GB9, GB9a, GB9b
        } else if ((bits & GB_LINKING_CONSONANT) && conjunct == CONJUNCT_AFTER_VIRAMA) {
            boundary = 0;                                                                     // ICU's GB 9.3
        } else if ((bits & GB_PICTOGRAPHIC) && joinerAfterPictographic) {
            boundary = 0;                                                                     // GB11
        } else if (after == GB_REGIONAL_INDICATOR && oddRegionalIndicators) {
            boundary = 0;                                                                     // GB12, GB13
        } else {
            boundary = 1;                                                                     // GB999
        }
        if (boundary) flags[start] |= bit;

        joinerAfterPictographic = after == GB_ZWJ && pictographicRun;
        pictographicRun = (bits & GB_PICTOGRAPHIC) || (after == GB_EXTEND && pictographicRun);
        oddRegionalIndicators = after == GB_REGIONAL_INDICATOR && !oddRegionalIndicators;
        if (bits & GB_LINKING_CONSONANT) {
            conjunct = CONJUNCT_AFTER_CONSONANT;
        } else if (bits & GB_VIRAMA) {
            if (conjunct != CONJUNCT_NONE) conjunct = CONJUNCT_AFTER_VIRAMA;
        } else if (!(bits & GB_EXTEND_CCC_ZWJ)) {
            conjunct = CONJUNCT_NONE;
        }
        before = after;
    }
    flags[length] |= bit;   // GB2
    return 1;

notCovered:
    for (int32_t offset = 0; offset <= length; offset++) flags[offset] &= (uint8_t)~bit;
    return 0;
}
