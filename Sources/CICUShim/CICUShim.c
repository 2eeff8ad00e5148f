#include "CICUShim.h"

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
};

// Opened once, never iterated: only cloned (cloning a const iterator is thread-safe). Immutable tables, not state.
static UBreakIterator *graphemePrototype;
static UBreakIterator *linePrototype;
static int prototypesAvailable;
static pthread_once_t prototypesOnce = PTHREAD_ONCE_INIT;
// Word breaking is needed only for selections, so its prototype is opened apart, the first time it is asked for.
static UBreakIterator *wordPrototype;
static pthread_once_t wordPrototypeOnce = PTHREAD_ONCE_INIT;

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
    free(scratch);
}

LabelKitICUScratch *labelkit_icu_scratch_create(void) {
    pthread_once(&prototypesOnce, openPrototypes);
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
   is Other, CR, LF or Control — U+0000–U+02FF, Latin Extended Additional U+1E00–U+1EFF (precomposed Vietnamese), CJK
   symbols, kana and ideographs U+3000–U+9FFF but their combining marks (U+302A–U+302F, U+3099, U+309A), and the
   halfwidth and fullwidth forms U+FF00–U+FFEF but the halfwidth sound marks (U+FF9E, U+FF9F) — or a combining
   diacritical mark U+0300–U+036F, whose property is Extend (decomposed Latin and Vietnamese). */
static int graphemes_need_no_iterator(const uint16_t *text, int32_t length) {
    for (int32_t index = 0; index < length; index++) {
        uint16_t unit = text[index];
        if (unit < 0x0370) continue;
        if (unit >= 0x1E00 && unit <= 0x1EFF) continue;
        if (unit >= 0x3000 && unit <= 0x9FFF) {
            if ((unit >= 0x302A && unit <= 0x302F) || unit == 0x3099 || unit == 0x309A) return 0;
            continue;
        }
        if (unit >= 0xFF00 && unit <= 0xFFEF && unit != 0xFF9E && unit != 0xFF9F) continue;
        return 0;
    }
    return 1;
}

/* Grapheme_Cluster_Break CR, LF or Control among the units graphemes_need_no_iterator accepts: C0, DEL, C1 and the
   soft hyphen (Cf). */
static int is_control_break_class(uint16_t unit) {
    return unit < 0x20 || (unit >= 0x7F && unit <= 0x9F) || unit == 0xAD;
}

/* Line_Break classes BK, CR, LF and NL: LF, VT, FF, CR, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR. */
static int is_mandatory_break_before(uint16_t unit) {
    return (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029;
}

/* The code point whose last unit is at `end - 1`, combining marks and joiners skipped back over to their base (as
   UAX #14's LB9 treats them); -1 at the start. */
static UChar32 base_before(const uint16_t *text, int32_t end) {
    while (end > 0) {
        UChar32 c = text[end - 1];
        /* Printable Latin-1 and the letters up to the combining diacritics are never combining marks. */
        if ((c >= 0x20 && c < 0x7F) || (c >= 0xA0 && c < 0x300)) return c;
        int32_t start = end - 1;
        if (U16_IS_TRAIL(c) && start > 0 && U16_IS_LEAD(text[start - 1])) {
            start--;
            c = U16_GET_SUPPLEMENTARY(text[start], c);
        }
        int32_t lineBreak = u_getIntPropertyValue(c, UCHAR_LINE_BREAK);
        if (lineBreak != U_LB_COMBINING_MARK && lineBreak != U_LB_ZWJ) return c;
        end = start;
    }
    return -1;
}

/* Whether a code point is a letter, digit or ideograph for CSS word-break: keep-all — Line_Break AL, AI, NU, ID,
   CJ, H2, H3, JL, JV or JT. Complex-context scripts (SA: Thai, Lao, Khmer, Myanmar) are not: their breaks come from a
   dictionary and stay. */
static int is_keep_all_letter(UChar32 c) {
    if (c < 0) return 0;
    if (c < 0x80) return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    switch (u_getIntPropertyValue(c, UCHAR_LINE_BREAK)) {
    case U_LB_ALPHABETIC: case U_LB_AMBIGUOUS: case U_LB_NUMERIC: case U_LB_IDEOGRAPHIC:
    case U_LB_CONDITIONAL_JAPANESE_STARTER: case U_LB_H2: case U_LB_H3: case U_LB_JL: case U_LB_JV: case U_LB_JT:
        return 1;
    default:
        return 0;
    }
}

/* ---- Line breaks from a table ---------------------------------------------------------------------------------------

   The Line_Break classes of the code points whose line breaks the shim can decide itself, as ICU 72's root rules
   (its line.txt) resolve them: AI is AL (LB1), CJ is NS (the root rules are CSS `line-break: strict`), H2 and H3 are
   ID (with no jamo about, every rule naming them names ID too); OP_WIDE is an OP of East_Asian_Width F, W or H, which
   LB30 does not keep after a letter or digit. LB_NONE marks a code point left to ICU. The classes of code points
   come from LineBreakClasses.h, generated from Unicode's data (Scripts/generate-line-break-classes.py) and checked
   against ICU's in a test. */
enum {
    LB_NONE, LB_AL, LB_ID, LB_NU, LB_SP, LB_BA, LB_HY, LB_NS, LB_EX, LB_QU, LB_OP, LB_OP_WIDE, LB_CL, LB_CP, LB_IS,
    LB_SY, LB_PR, LB_PO, LB_GL, LB_IN, LB_B2, LB_CM, LB_BK, LB_CR, LB_LF,
    LB_CLASS_COUNT
};

#include "LineBreakClasses.h"

/* The table's class of one code unit: Basic Latin to the combining marks, Vietnamese letters, general punctuation,
   CJK punctuation and kana, ideographs, Hangul syllables, and the halfwidth and fullwidth forms. A surrogate is
   LB_NONE: the table holds no supplementary code point. */
static inline uint8_t line_class(uint16_t unit) {
    if (unit < 0x0370) return lineClassesLatin[unit];
    if (unit >= 0x4E00 && unit <= 0x9FFF) return LB_ID;
    if (unit >= 0x3000 && unit <= 0x30FF) return lineClassesKana[unit - 0x3000];
    if (unit >= 0xAC00 && unit <= 0xD7A3) return LB_ID;
    if (unit >= 0x3400 && unit <= 0x4DBF) return LB_ID;
    if (unit >= 0x1E00 && unit <= 0x1EFF) return LB_AL;
    if (unit >= 0x2000 && unit <= 0x206F) return lineClassesPunctuation[unit - 0x2000];
    if (unit >= 0xFF00 && unit <= 0xFFEF) return lineClassesFullwidth[unit - 0xFF00];
    return LB_NONE;
}

int32_t labelkit_icu_mark_boundaries(LabelKitICUScratch *scratch, const uint16_t *text, int32_t length,
                                     uint8_t *flags, uint8_t graphemeBit, uint8_t opportunityBit,
                                     uint8_t mandatoryBit, uint8_t betweenLettersBit) {
    if (scratch == NULL) return LABELKIT_ICU_UNAVAILABLE;

    UErrorCode status = U_ZERO_ERROR;
    if (graphemes_need_no_iterator(text, length)) {
        /* UAX #29 for these classes: break at both ends (GB1, GB2), never inside CR LF (GB3), always after CR, LF
           and Control (GB4) and before them (GB5), never before Extend otherwise (GB9), and everywhere else (GB999). */
        for (int32_t offset = 0; offset <= length; offset++) {
            int boundary = 1;
            if (offset > 0 && offset < length) {
                uint16_t before = text[offset - 1], after = text[offset];
                if (before == 0x0D && after == 0x0A) {
                    boundary = 0;
                } else if (after >= 0x0300 && after <= 0x036F && !is_control_break_class(before)) {
                    boundary = 0;
                }
            }
            if (boundary) flags[offset] |= graphemeBit;
        }
    } else {
        ubrk_setText(scratch->graphemes, (const UChar *)text, length, &status);
        if (U_FAILURE(status)) return status;
        for (int32_t offset = ubrk_first(scratch->graphemes); offset != UBRK_DONE;
             offset = ubrk_next(scratch->graphemes)) {
            flags[offset] |= graphemeBit;
        }
    }

    ubrk_setText(scratch->lines, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return status;
    ubrk_first(scratch->lines);  // offset 0 is never a break opportunity
    for (int32_t offset = ubrk_next(scratch->lines); offset != UBRK_DONE; offset = ubrk_next(scratch->lines)) {
        /* A break is forced by the character before it (UAX #14, LB4 and LB5), not by ubrk_getRuleStatus: ICU gives
           a boundary its dictionary found (Thai, Lao, Khmer, Myanmar) the status of the rule-based boundary that
           follows it, so every word break before a newline would read as a hard one. */
        uint8_t bits = opportunityBit;
        if (is_mandatory_break_before(text[offset - 1])) {
            bits |= mandatoryBit;
        } else if (offset < length && betweenLettersBit != 0) {
            UChar32 after;
            U16_GET(text, 0, offset, length, after);
            if (is_keep_all_letter(after) && is_keep_all_letter(base_before(text, offset))) bits |= betweenLettersBit;
        }
        flags[offset] |= bits;
    }
    return LABELKIT_ICU_OK;
}

int32_t labelkit_line_break_table_class(uint32_t codePoint) {
    return codePoint > 0xFFFF ? LB_NONE : line_class((uint16_t)codePoint);
}

int32_t labelkit_icu_line_break_table_class_from_icu(uint32_t codePoint) {
    UChar32 c = codePoint > 0x10FFFF ? 0x110000 : (UChar32)codePoint;
    int32_t width = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    int wide = width == U_EA_FULLWIDTH || width == U_EA_WIDE || width == U_EA_HALFWIDTH;
    switch ((ULineBreak)u_getIntPropertyValue(c, UCHAR_LINE_BREAK)) {
    case U_LB_ALPHABETIC: case U_LB_AMBIGUOUS: return LB_AL;
    case U_LB_IDEOGRAPHIC: case U_LB_H2: case U_LB_H3: return LB_ID;
    case U_LB_NONSTARTER: case U_LB_CONDITIONAL_JAPANESE_STARTER: return LB_NS;
    case U_LB_OPEN_PUNCTUATION: return wide ? LB_OP_WIDE : LB_OP;
    case U_LB_CLOSE_PARENTHESIS: return wide ? LB_NONE : LB_CP;
    case U_LB_NUMERIC: return LB_NU;
    case U_LB_SPACE: return LB_SP;
    case U_LB_BREAK_AFTER: return LB_BA;
    case U_LB_HYPHEN: return LB_HY;
    case U_LB_EXCLAMATION: return LB_EX;
    case U_LB_QUOTATION: return LB_QU;
    case U_LB_CLOSE_PUNCTUATION: return LB_CL;
    case U_LB_INFIX_NUMERIC: return LB_IS;
    case U_LB_BREAK_SYMBOLS: return LB_SY;
    case U_LB_PREFIX_NUMERIC: return LB_PR;
    case U_LB_POSTFIX_NUMERIC: return LB_PO;
    case U_LB_GLUE: return LB_GL;
    case U_LB_INSEPARABLE: return LB_IN;
    case U_LB_BREAK_BOTH: return LB_B2;
    case U_LB_COMBINING_MARK: return LB_CM;
    case U_LB_MANDATORY_BREAK: return LB_BK;
    case U_LB_CARRIAGE_RETURN: return LB_CR;
    case U_LB_LINE_FEED: return LB_LF;
    default: return LB_NONE;
    }
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

uint8_t labelkit_icu_emoji_properties(uint32_t codePoint) {
    UChar32 c = (UChar32)codePoint;
    uint8_t bits = 0;
    if (u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION)) bits |= LABELKIT_ICU_EMOJI_PRESENTATION;
    if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) bits |= LABELKIT_ICU_EXTENDED_PICTOGRAPHIC;
    if (u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR)) bits |= LABELKIT_ICU_REGIONAL_INDICATOR;
    if (u_hasBinaryProperty(c, UCHAR_EMOJI_MODIFIER)) bits |= LABELKIT_ICU_EMOJI_MODIFIER;
    return bits;
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
