#include "CICUShim.h"
#include "GraphemeBreaks.h"
#include "LineBreaks.h"
#include "SimpleGraphemeUnits.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utypes.h>

// What one analysis call works with (see LabelKitICUScratch in the header).
struct LabelKitICUScratch {
    UBreakIterator *graphemes;
    UBreakIterator *lines;
    UBiDi *bidi;
    /// Made on the first word query (labelkit_icu_mark_words), not with the others.
    UBreakIterator *words;
    /// The line-break class of each code unit, for texts whose breaks come from the table (grown as needed).
    uint8_t *lineClasses;
    int32_t lineClassCapacity;
};

// Opened once, never iterated: only cloned (cloning a const iterator is thread-safe). Immutable tables, not state.
static UBreakIterator *graphemePrototype;
static UBreakIterator *linePrototype;
static int prototypesAvailable;
static pthread_once_t prototypesOnce = PTHREAD_ONCE_INIT;
// Word breaking is needed only for selections, so its prototype is opened apart, the first time it is asked for.
static UBreakIterator *wordPrototype;
static pthread_once_t wordPrototypeOnce = PTHREAD_ONCE_INIT;
// The rule tables of line breaks from the table (LineBreakRules.c), filled once, before the first scratch is made.
static pthread_once_t lineRulesOnce = PTHREAD_ONCE_INIT;

static void openPrototypes(void) {
    UErrorCode status = U_ZERO_ERROR;
    // The root locale: the same rules on every machine whatever LANG says. Root line breaking already treats
    // ideographs and kana as break opportunities and never breaks before 。、」.
    graphemePrototype = ubrk_open(UBRK_CHARACTER, "root", NULL, 0, &status);
    linePrototype = ubrk_open(UBRK_LINE, "root", NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (graphemePrototype != NULL) ubrk_close(graphemePrototype);
        if (linePrototype != NULL) ubrk_close(linePrototype);
        graphemePrototype = NULL;
        linePrototype = NULL;
        return;
    }
    prototypesAvailable = 1;
}

void labelkit_icu_scratch_destroy(LabelKitICUScratch *scratch) {
    if (scratch == NULL) return;
    if (scratch->graphemes != NULL) ubrk_close(scratch->graphemes);
    if (scratch->lines != NULL) ubrk_close(scratch->lines);
    if (scratch->bidi != NULL) ubidi_close(scratch->bidi);
    if (scratch->words != NULL) ubrk_close(scratch->words);
    free(scratch->lineClasses);
    free(scratch);
}

LabelKitICUScratch *labelkit_icu_scratch_create(void) {
    pthread_once(&prototypesOnce, openPrototypes);
    pthread_once(&lineRulesOnce, labelkit_fill_line_rules);
    if (!prototypesAvailable) return NULL;

    LabelKitICUScratch *scratch = calloc(1, sizeof *scratch);
    if (scratch == NULL) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    scratch->graphemes = ubrk_clone(graphemePrototype, &status);
    scratch->lines = ubrk_clone(linePrototype, &status);
    scratch->bidi = ubidi_open();
    if (U_FAILURE(status) || scratch->graphemes == NULL || scratch->lines == NULL || scratch->bidi == NULL) {
        labelkit_icu_scratch_destroy(scratch);
        return NULL;
    }
    return scratch;
}

/* Whether every code unit is one whose grapheme clusters need no iterator: a code point whose Grapheme_Cluster_Break
   is Other, CR, LF or Control — U+0000–U+02FF, Latin Extended Additional U+1E00–U+1EFF (precomposed Vietnamese),
   general punctuation U+2000–U+206F but ZWNJ and ZWJ (U+200C, U+200D), CJK
   symbols, kana and ideographs U+3000–U+9FFF but their combining marks (U+302A–U+302F, U+3099, U+309A), and the
   halfwidth and fullwidth forms U+FF00–U+FFEF but the halfwidth sound marks (U+FF9E, U+FF9F) — or Extend, where
   is_simple_extend says so: the combining diacritical marks U+0300–U+036F (decomposed Latin and Vietnamese), and
   the Hebrew and Arabic blocks U+0590–U+06FF, their points and harakat Extend and the rest Other, but the Arabic
   number signs and end of ayah (U+0600–U+0605, U+06DD: Prepend) and the Arabic letter mark (U+061C: Control) — or a
   precomposed Hangul syllable U+AC00–U+D7A3 (LV or LVT: they hold together only with the conjoining jamo after
   them, V or T, which the set leaves out, so between two units of the set a syllable breaks as Other does). */
static int graphemes_need_no_iterator(const uint16_t *text, int32_t length) {
    for (int32_t index = 0; index < length; index++) {
        if (!is_simple_grapheme_unit(text[index])) return 0;
    }
    return 1;
}

/* The scratch's class buffer, grown to hold `length` classes; NULL when memory ran out. */
static uint8_t *line_class_buffer(LabelKitICUScratch *scratch, int32_t length) {
    if (length > scratch->lineClassCapacity || scratch->lineClasses == NULL) {
        int32_t capacity = length < 256 ? 256 : length;
        uint8_t *grown = realloc(scratch->lineClasses, (size_t)capacity);
        if (grown == NULL) return NULL;
        scratch->lineClasses = grown;
        scratch->lineClassCapacity = capacity;
    }
    return scratch->lineClasses;
}

int32_t labelkit_icu_mark_boundaries(LabelKitICUScratch *scratch, const uint16_t *text, int32_t length,
                                     uint8_t *flags, uint8_t graphemeBit, uint8_t opportunityBit,
                                     uint8_t mandatoryBit, uint8_t betweenLettersBit, int32_t lineBreakSource) {
    if (scratch == NULL) return LABELKIT_ICU_UNAVAILABLE;

    UErrorCode status = U_ZERO_ERROR;
    int graphemesFromICU = (lineBreakSource & LABELKIT_GRAPHEMES_FROM_ICU) != 0;
    lineBreakSource &= ~LABELKIT_GRAPHEMES_FROM_ICU;
    if (!graphemesFromICU && lineBreakSource != LABELKIT_LINE_BREAKS_FROM_ICU && betweenLettersBit == 0 &&
        labelkit_line_rules_built) {
        uint8_t *classes = line_class_buffer(scratch, length);
        if (classes != NULL && labelkit_mark_simple_text(text, length, classes, flags, graphemeBit, opportunityBit,
                                                         mandatoryBit)) {
            return LABELKIT_ICU_OK;
        }
    }
    if (!graphemesFromICU && graphemes_need_no_iterator(text, length)) {
        /* UAX #29 for these classes: break at both ends (GB1, GB2), never inside CR LF (GB3), always after CR, LF
           and Control (GB4) and before them (GB5), never before Extend otherwise (GB9), and everywhere else (GB999). */
        for (int32_t offset = 0; offset <= length; offset++) {
            int boundary = 1;
            if (offset > 0 && offset < length) {
                uint16_t before = text[offset - 1], after = text[offset];
                if (before == 0x0D && after == 0x0A) {
                    boundary = 0;
                } else if (is_simple_extend(after) && !is_control_break_class(before)) {
                    boundary = 0;
                }
            }
            if (boundary) flags[offset] |= graphemeBit;
        }
    } else if (graphemesFromICU || !labelkit_mark_grapheme_breaks(text, length, flags, graphemeBit)) {
        /* ICU's iterator: when asked for, or for a text with a code point the rules of GraphemeBreaks.c leave to it. */
        ubrk_setText(scratch->graphemes, (const UChar *)text, length, &status);
        if (U_FAILURE(status)) return status;
        for (int32_t offset = ubrk_first(scratch->graphemes); offset != UBRK_DONE;
             offset = ubrk_next(scratch->graphemes)) {
            flags[offset] |= graphemeBit;
        }
    }

    if (lineBreakSource != LABELKIT_LINE_BREAKS_FROM_ICU) {
        uint8_t *classes = labelkit_line_rules_built ? line_class_buffer(scratch, length) : NULL;
        if (classes != NULL && labelkit_classify_line_breaks(text, length, classes)) {
            labelkit_mark_line_breaks_from_table(text, classes, length, flags, opportunityBit, mandatoryBit,
                                                 betweenLettersBit);
            return LABELKIT_ICU_OK;
        }
        if (lineBreakSource == LABELKIT_LINE_BREAKS_FROM_TABLE_ONLY) return LABELKIT_ICU_OUTSIDE_TABLE;
    }

    ubrk_setText(scratch->lines, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return status;
    ubrk_first(scratch->lines);  // offset 0 is never a break opportunity
    for (int32_t offset = ubrk_next(scratch->lines); offset != UBRK_DONE; offset = ubrk_next(scratch->lines)) {
        /* A break is forced by the character before it (UAX #14, LB4 and LB5), not by ubrk_getRuleStatus: ICU gives
           a boundary its dictionary found (Thai, Lao, Khmer, Myanmar) the status of the rule-based boundary that
           follows it, so every word break before a newline would read as a hard one. */
        mark_line_opportunity(text, length, offset, flags, opportunityBit, mandatoryBit, betweenLettersBit);
    }
    return LABELKIT_ICU_OK;
}

int32_t labelkit_grapheme_boundaries_without_iterator(const uint16_t *text, int32_t length, uint8_t *flags,
                                                      uint8_t graphemeBit) {
    if (length < 0) return LABELKIT_GRAPHEMES_NOT_COVERED;
    return labelkit_mark_grapheme_breaks(text, length, flags, graphemeBit) ? LABELKIT_ICU_OK
                                                                           : LABELKIT_GRAPHEMES_NOT_COVERED;
}

int32_t labelkit_grapheme_boundaries_from_iterator(LabelKitICUScratch *scratch, const uint16_t *text, int32_t length,
                                                   uint8_t *flags, uint8_t graphemeBit) {
    if (scratch == NULL) return LABELKIT_ICU_UNAVAILABLE;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(scratch->graphemes, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return status;
    for (int32_t offset = ubrk_first(scratch->graphemes); offset != UBRK_DONE; offset = ubrk_next(scratch->graphemes)) {
        flags[offset] |= graphemeBit;
    }
    return LABELKIT_ICU_OK;
}

static void openWordPrototype(void) {
    UErrorCode status = U_ZERO_ERROR;
    // The root locale, as for the other iterators; the dictionaries for Han, kana, Thai and others apply in it.
    wordPrototype = ubrk_open(UBRK_WORD, "root", NULL, 0, &status);
    if (U_FAILURE(status) && wordPrototype != NULL) {
        ubrk_close(wordPrototype);
        wordPrototype = NULL;
    }
}

int32_t labelkit_icu_mark_words(LabelKitICUScratch *scratch, const uint16_t *text, int32_t length, uint8_t *flags,
                                uint8_t boundaryBit, uint8_t wordBit) {
    if (scratch == NULL) return LABELKIT_ICU_UNAVAILABLE;
    if (scratch->words == NULL) {
        pthread_once(&wordPrototypeOnce, openWordPrototype);
        if (wordPrototype == NULL) return LABELKIT_ICU_UNAVAILABLE;
        UErrorCode cloneStatus = U_ZERO_ERROR;
        scratch->words = ubrk_clone(wordPrototype, &cloneStatus);
        if (U_FAILURE(cloneStatus) || scratch->words == NULL) {
            if (scratch->words != NULL) ubrk_close(scratch->words);
            scratch->words = NULL;
            return LABELKIT_ICU_UNAVAILABLE;
        }
    }

    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(scratch->words, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return status;
    int32_t start = ubrk_first(scratch->words);
    flags[start] |= boundaryBit;
    for (int32_t end = ubrk_next(scratch->words); end != UBRK_DONE; end = ubrk_next(scratch->words)) {
        // The rule status describes the segment that ends at the boundary just reached.
        if (ubrk_getRuleStatus(scratch->words) >= UBRK_WORD_NONE_LIMIT) flags[start] |= wordBit;
        flags[end] |= boundaryBit;
        start = end;
    }
    return LABELKIT_ICU_OK;
}

/* The emoji properties of one code point from ICU's property API. */
static uint8_t emoji_properties_from_icu(UChar32 c) {
    uint8_t bits = 0;
    if (u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION)) bits |= LABELKIT_ICU_EMOJI_PRESENTATION;
    if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) bits |= LABELKIT_ICU_EXTENDED_PICTOGRAPHIC;
    if (u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR)) bits |= LABELKIT_ICU_REGIONAL_INDICATOR;
    if (u_hasBinaryProperty(c, UCHAR_EMOJI_MODIFIER)) bits |= LABELKIT_ICU_EMOJI_MODIFIER;
    return bits;
}

/* The emoji properties of the two stretches where nearly every emoji lies, U+2000–U+33FF (punctuation, symbols,
   dingbats, CJK symbols) and the emoji plane U+1F000–U+1FFFF, from ICU's property API once: four property lookups
   per code point were a twentieth of laying out a label with emoji. Immutable once filled. */
enum { EMOJI_SYMBOLS_FIRST = 0x2000, EMOJI_SYMBOLS_END = 0x3400, EMOJI_PLANE_FIRST = 0x1F000, EMOJI_PLANE_END = 0x20000 };
static uint8_t emojiPropertiesSymbols[EMOJI_SYMBOLS_END - EMOJI_SYMBOLS_FIRST];
static uint8_t emojiPropertiesPlane[EMOJI_PLANE_END - EMOJI_PLANE_FIRST];
static pthread_once_t emojiPropertiesOnce = PTHREAD_ONCE_INIT;

static void fill_emoji_properties(void) {
    for (UChar32 c = EMOJI_SYMBOLS_FIRST; c < EMOJI_SYMBOLS_END; c++)
        emojiPropertiesSymbols[c - EMOJI_SYMBOLS_FIRST] = emoji_properties_from_icu(c);
    for (UChar32 c = EMOJI_PLANE_FIRST; c < EMOJI_PLANE_END; c++)
        emojiPropertiesPlane[c - EMOJI_PLANE_FIRST] = emoji_properties_from_icu(c);
}

uint8_t labelkit_icu_emoji_properties(uint32_t codePoint) {
    if (codePoint >= EMOJI_SYMBOLS_FIRST && codePoint < EMOJI_SYMBOLS_END) {
        pthread_once(&emojiPropertiesOnce, fill_emoji_properties);
        return emojiPropertiesSymbols[codePoint - EMOJI_SYMBOLS_FIRST];
    }
    if (codePoint >= EMOJI_PLANE_FIRST && codePoint < EMOJI_PLANE_END) {
        pthread_once(&emojiPropertiesOnce, fill_emoji_properties);
        return emojiPropertiesPlane[codePoint - EMOJI_PLANE_FIRST];
    }
    /* A value above INT32_MAX would turn negative as a UChar32; it has no properties either way. */
    return codePoint > 0x10FFFF ? 0 : emoji_properties_from_icu((UChar32)codePoint);
}

int32_t labelkit_icu_vertical_orientation(uint32_t codePoint) {
    /* Mapped case by case: ICU orders its values R, Tr, Tu, U (U_VO_ROTATED = 0 … U_VO_UPRIGHT = 3), LabelKit U, R,
       Tu, Tr. A value above INT32_MAX would turn negative as a UChar32; it is no code point either way. */
    UChar32 c = codePoint > 0x10FFFF ? 0x110000 : (UChar32)codePoint;
    switch ((UVerticalOrientation)u_getIntPropertyValue(c, UCHAR_VERTICAL_ORIENTATION)) {
    case U_VO_UPRIGHT: return 0;
    case U_VO_ROTATED: return 1;
    case U_VO_TRANSFORMED_UPRIGHT: return 2;
    case U_VO_TRANSFORMED_ROTATED: return 3;
    default: return -1;
    }
}

int32_t labelkit_icu_bidi_levels(LabelKitICUScratch *scratch, const uint16_t *paragraph, int32_t length,
                                 int32_t baseDirection, uint8_t *levels, uint8_t *paragraphLevel) {
    if (labelkit_bidi_levels_without_icu(paragraph, length, baseDirection, levels, paragraphLevel)) {
        return LABELKIT_ICU_OK;
    }
    return labelkit_icu_bidi_levels_from_icu(scratch, paragraph, length, baseDirection, levels, paragraphLevel);
}

int32_t labelkit_icu_bidi_levels_from_icu(LabelKitICUScratch *scratch, const uint16_t *paragraph, int32_t length,
                                          int32_t baseDirection, uint8_t *levels, uint8_t *paragraphLevel) {
    if (scratch == NULL) return LABELKIT_ICU_UNAVAILABLE;

    UBiDiLevel requestedLevel = UBIDI_DEFAULT_LTR;
    if (baseDirection == 0) requestedLevel = 0;
    if (baseDirection == 1) requestedLevel = 1;

    UErrorCode status = U_ZERO_ERROR;
    ubidi_setPara(scratch->bidi, (const UChar *)paragraph, length, requestedLevel, NULL, &status);
    if (U_FAILURE(status)) return status;
    *paragraphLevel = ubidi_getParaLevel(scratch->bidi);
    if (length > 0) {
        const UBiDiLevel *resolved = ubidi_getLevels(scratch->bidi, &status);
        if (U_FAILURE(status)) return status;
        memcpy(levels, resolved, (size_t)length);
    }
    return LABELKIT_ICU_OK;
}
