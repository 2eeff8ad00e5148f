#include "CICUShim.h"
#include "GraphemeBreaks.h"

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
// The rule tables of line breaks from the table (below), filled once, before the first scratch is made.
static pthread_once_t lineRulesOnce = PTHREAD_ONCE_INIT;
static void fill_line_rules(void);

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
    pthread_once(&lineRulesOnce, fill_line_rules);
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
/* Whether `unit` is one graphemes_need_no_iterator accepts (see there); inlined into both walks that ask. */
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

static int graphemes_need_no_iterator(const uint16_t *text, int32_t length) {
    for (int32_t index = 0; index < length; index++) {
        if (!is_simple_grapheme_unit(text[index])) return 0;
    }
    return 1;
}

/* Grapheme_Cluster_Break CR, LF or Control among the units graphemes_need_no_iterator accepts: C0, DEL, C1, the
   soft hyphen (Cf), and the format controls and separators of general punctuation (ZWSP, LRM, RLM, LINE and
   PARAGRAPH SEPARATOR, the embeddings and overrides, the word joiner to the deprecated format characters). */
static int is_control_break_class(uint16_t unit) {
    return unit < 0x20 || (unit >= 0x7F && unit <= 0x9F) || unit == 0xAD || unit == 0x200B || unit == 0x200E ||
           unit == 0x200F || (unit >= 0x2028 && unit <= 0x202E) || (unit >= 0x2060 && unit <= 0x206F);
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

/* Marks the line-break opportunity at `offset` (1 ... length): forced after a character of class BK, CR, LF or NL, or
   between two letters, digits or ideographs when betweenLettersBit is asked for. Inlined: it runs once per
   opportunity ICU's iterator returns. */
static inline __attribute__((always_inline)) void
mark_line_opportunity(const uint16_t *text, int32_t length, int32_t offset, uint8_t *flags, uint8_t opportunityBit,
                      uint8_t mandatoryBit, uint8_t betweenLettersBit) {
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

/* ---- Line breaks from a table ---------------------------------------------------------------------------------------

   ICU's line iterator is about a tenth of a label's layout. For text whose every code point has one of the
   Line_Break classes below, the shim applies UAX #14 itself, as ICU 72's root rules (its line.txt) do, and gives the
   same opportunities; any other code point leaves the text to ICU. The classes as those rules resolve them: AI is AL (LB1),
   CJ is NS (the root rules are CSS `line-break: strict`), H2 and H3 are ID (with no jamo about, every rule naming
   them names ID too); OP_WIDE is an OP of East_Asian_Width F, W or H, which LB30 does not keep after a letter or
   digit. HL, EB, EM, RI and ZWJ keep their own rules (LB21a and LB21b, LB30b, LB30a, LB8a). LB_NONE marks a code
   point left to ICU. The classes of code points come from LineBreakClasses.h, generated from Unicode's data
   (Scripts/generate-line-break-classes.py) and checked against ICU's in a test. LB_TRAIL is no Line_Break class: it
   marks the second unit of a surrogate pair, whose code point's class the first unit holds. */
enum {
    LB_NONE, LB_AL, LB_ID, LB_NU, LB_SP, LB_BA, LB_HY, LB_NS, LB_EX, LB_QU, LB_OP, LB_OP_WIDE, LB_CL, LB_CP, LB_IS,
    LB_SY, LB_PR, LB_PO, LB_GL, LB_IN, LB_B2, LB_CM, LB_BK, LB_CR, LB_LF, LB_HL, LB_EB, LB_EM, LB_RI, LB_ZWJ,
    LB_TRAIL,
    LB_CLASS_COUNT
};

#include "LineBreakClasses.h"

/* The table's class of one code unit: Basic Latin to the combining marks, Hebrew and Arabic, Devanagari and Bengali
   (whose letters ICU 72's root rules treat as any AL, their marks as CM and their dandas as BA), Vietnamese letters,
   general punctuation and the symbols up to U+2BFF (the BMP's emoji among them), CJK punctuation and kana,
   ideographs, Hangul syllables, variation selectors, and the halfwidth and fullwidth forms. A surrogate is LB_NONE
   (see line_class_supplementary). */
static inline uint8_t line_class(uint16_t unit) {
    if (unit < 0x0370) return lineClassesLatin[unit];
    if (unit >= 0x4E00 && unit <= 0x9FFF) return LB_ID;
    if (unit >= 0x3000 && unit <= 0x30FF) return lineClassesKana[unit - 0x3000];
    if (unit >= 0xAC00 && unit <= 0xD7A3) return LB_ID;
    if (unit >= 0x3400 && unit <= 0x4DBF) return LB_ID;
    if (unit >= 0x0590 && unit <= 0x06FF) return lineClassesHebrewArabic[unit - 0x0590];
    if (unit >= 0x0900 && unit <= 0x09FF) return lineClassesDevanagariBengali[unit - 0x0900];
    if (unit >= 0x1E00 && unit <= 0x1EFF) return LB_AL;
    if (unit >= 0x2000 && unit <= 0x2BFF) return lineClassesSymbols[unit - 0x2000];
    if (unit >= 0xFE00 && unit <= 0xFE0F) return LB_CM;
    if (unit >= 0xFF00 && unit <= 0xFFEF) return lineClassesFullwidth[unit - 0xFF00];
    return LB_NONE;
}

/* The table's class of a supplementary code point: the symbols and emoji of U+1F000–U+1FAFF (emoji bases and
   modifiers, regional indicators) and the tag characters that spell the flags of England, Scotland and Wales. */
static inline uint8_t line_class_supplementary(UChar32 c) {
    if (c >= 0x1F000 && c <= 0x1FAFF) return lineClassesEmoji[c - 0x1F000];
    if (c >= 0xE0020 && c <= 0xE007F) return LB_CM;
    return LB_NONE;
}

/* What decides the break between two classes (the first a base: combining marks are resolved before, LB9 and LB10). */
enum {
    PAIR_BREAK,
    PAIR_KEEP,
    /* After a space: line_rule_after_spaces, by the class before the spaces, decides (LB14 to LB18). */
    PAIR_AFTER_SPACES,
    /* SP IS (from line_rule_after_spaces): a break unless a digit follows the IS — ICU 72 starts a number there
       (" ÷.5"; UAX #14 15.1's LB15c). */
    PAIR_SPACE_BEFORE_IS,
    /* HY AL: kept when a break comes before the hyphen or it starts the text (ICU's LB 20.09, a tailoring UAX #14
       later took up as LB20a). */
    PAIR_HYPHEN_LETTER,
    /* (PR|PO) OP: kept when a number follows the opening punctuation, IS NU or NU (LB25). */
    PAIR_PREFIX_OPEN,
    /* (SY|IS) NU and (SY|IS|CL|CP) (PR|PO): kept inside a number, NU (NU|SY|IS)* (CL|CP)? (LB25). */
    PAIR_IN_NUMBER,
    /* RI RI: kept when the first closes no pair, so after an odd number of regional indicators (LB30a). */
    PAIR_REGIONAL,
};

static int is_open(int c) { return c == LB_OP || c == LB_OP_WIDE; }
static int is_hard_break(int c) { return c == LB_BK || c == LB_CR || c == LB_LF; }
static int is_affix(int c) { return c == LB_PR || c == LB_PO; }
static int is_letter(int c) { return c == LB_AL || c == LB_HL; }
static int is_ideographic(int c) { return c == LB_ID || c == LB_EB || c == LB_EM; }

/* UAX #14's rules for two adjacent classes, `before` not a space, in the order of UAX #14 15.0 with ICU 72's
   tailorings. LB8a (ZWJ) and LB21a (HL HY, HL BA), which look further back, are line_transition's; LB8, LB11,
   LB20, LB26 and LB27 concern classes outside the table, and LB30b's unassigned pictographs are left out of it. */
static uint8_t line_pair_rule(int before, int after) {
    if (before == LB_BK || before == LB_LF) return PAIR_BREAK;                          // LB4, LB5
    if (before == LB_CR) return after == LB_LF ? PAIR_KEEP : PAIR_BREAK;                // LB5
    if (is_hard_break(after) || after == LB_SP) return PAIR_KEEP;                       // LB6, LB7
    if (before == LB_SP) return PAIR_AFTER_SPACES;                                      // LB14–LB18
    if (before == LB_GL) return PAIR_KEEP;                                              // LB12
    if (after == LB_GL && before != LB_BA && before != LB_HY) return PAIR_KEEP;         // LB12a
    if (after == LB_CL || after == LB_CP || after == LB_EX || after == LB_SY) return PAIR_KEEP;  // LB13
    if (after == LB_IS) return PAIR_KEEP;                                               // LB13 (after a space: below)
    if (is_open(before)) return PAIR_KEEP;                                              // LB14
    /* LB15, LB16 and LB17 without spaces between: LB19 and LB21 keep the first two anyway. */
    if (before == LB_B2 && after == LB_B2) return PAIR_KEEP;                            // LB17
    if (before == LB_QU || after == LB_QU) return PAIR_KEEP;                            // LB19
    if (before == LB_HY && after == LB_AL) return PAIR_HYPHEN_LETTER;                   // ICU's LB 20.09
    if (after == LB_BA || after == LB_HY || after == LB_NS) return PAIR_KEEP;           // LB21
    if (before == LB_SY && after == LB_HL) return PAIR_KEEP;                            // LB21b
    if (after == LB_IN) return PAIR_KEEP;                                               // LB22
    if ((is_letter(before) && after == LB_NU) || (before == LB_NU && is_letter(after))) return PAIR_KEEP;  // LB23
    if ((before == LB_PR && is_ideographic(after)) || (is_ideographic(before) && after == LB_PO))
        return PAIR_KEEP;                                                               // LB23a
    if ((is_affix(before) && is_letter(after)) || (is_letter(before) && is_affix(after))) return PAIR_KEEP;  // LB24
    /* LB25 as ICU's regular expression, (PR|PO)? (OP|HY)? IS? NU (NU|SY|IS)* (CL|CP)? (PR|PO)?, which may start at
       any of those classes a rule before has reached: so IS NU is always kept, SY NU and a closing or separator
       before PR or PO only inside a number, and PR or PO before OP only when a number follows. */
    if (after == LB_NU && (is_affix(before) || before == LB_HY || before == LB_IS || before == LB_NU)) return PAIR_KEEP;
    if (is_affix(before) && is_open(after)) return PAIR_PREFIX_OPEN;
    if (before == LB_SY && after == LB_NU) return PAIR_IN_NUMBER;
    if (before == LB_NU && is_affix(after)) return PAIR_KEEP;
    if ((before == LB_SY || before == LB_IS || before == LB_CL || before == LB_CP) && is_affix(after))
        return PAIR_IN_NUMBER;
    if (is_letter(before) && is_letter(after)) return PAIR_KEEP;                        // LB28
    if (before == LB_IS && is_letter(after)) return PAIR_KEEP;                          // LB29
    if ((is_letter(before) || before == LB_NU) && after == LB_OP) return PAIR_KEEP;     // LB30
    if (before == LB_CP && (is_letter(after) || after == LB_NU)) return PAIR_KEEP;      // LB30
    if (before == LB_RI && after == LB_RI) return PAIR_REGIONAL;                        // LB30a
    if (before == LB_EB && after == LB_EM) return PAIR_KEEP;                            // LB30b
    return PAIR_BREAK;                                                                  // LB31
}

/* The rules after one or more spaces, by the class before them (LB_BK at the start of the text or after a hard
   break, where nothing before counts). */
static uint8_t line_rule_after_spaces(int beforeSpaces, int after) {
    if (is_hard_break(after) || after == LB_SP) return PAIR_KEEP;                       // LB6, LB7
    if (after == LB_CL || after == LB_CP || after == LB_EX || after == LB_SY) return PAIR_KEEP;  // LB13
    if (is_open(beforeSpaces)) return PAIR_KEEP;                                        // LB14, before IS too
    if (after == LB_IS) return PAIR_SPACE_BEFORE_IS;                                    // LB13 as ICU 72 has it
    if (beforeSpaces == LB_QU && is_open(after)) return PAIR_KEEP;                      // LB15
    if ((beforeSpaces == LB_CL || beforeSpaces == LB_CP) && after == LB_NS) return PAIR_KEEP;  // LB16
    if (beforeSpaces == LB_B2 && after == LB_B2) return PAIR_KEEP;                      // LB17
    return PAIR_BREAK;                                                                  // LB18
}

/* Where a number stands after a base (LB25): not in one, inside NU (NU|SY|IS)*, or just after its closing CL or CP. */
enum { NUMBER_NONE, NUMBER_INSIDE, NUMBER_CLOSED };

static uint8_t number_state_after(int state, int c) {
    if (c == LB_NU) return NUMBER_INSIDE;
    if (c == LB_SY || c == LB_IS) return state == NUMBER_INSIDE ? NUMBER_INSIDE : NUMBER_NONE;
    if (c == LB_CL || c == LB_CP) return state == NUMBER_INSIDE ? NUMBER_CLOSED : NUMBER_NONE;
    return NUMBER_NONE;
}

/* The rules above as a state machine, built once (lineRulesOnce): a state is what the rules look back at — the last
   base's class, the class before the spaces when that is SP, where it stands in a number, for HY whether a break
   came before it, for HY and BA whether a Hebrew letter came before them (LB21a), for RI whether it closes a pair
   (LB30a), and whether the last code unit was a ZWJ (LB8a) — and a transition, by the class of the next code unit,
   gives the next state and the break before that unit. Two breaks depend on what follows (a digit after SP IS, a
   number after PR OP): those transitions say to look ahead. About 90 states; the machine is left unbuilt, and ICU's
   iterator used for every text, should they outgrow LINE_STATE_LIMIT. */
enum {
    LINE_KEEP,
    LINE_BREAK,
    /* A break after BK, CR or LF (LB4, LB5): is_mandatory_break_before for the table's code points. */
    LINE_BREAK_FORCED,
    /* SP IS: a break unless a digit follows the IS. */
    LINE_LOOK_AHEAD_FOR_DIGIT,
    /* (PR|PO) OP: kept when IS NU or NU follows the OP. */
    LINE_LOOK_AHEAD_FOR_NUMBER,
};

enum { LINE_STATE_LIMIT = 160 };

typedef struct {
    uint8_t next;
    uint8_t action;
} LineTransition;

typedef struct {
    uint8_t before, beforeSpaces, number, followsBreak;
    /* HY or BA after HL (LB21a); an RI that opens a pair (LB30a); a ZWJ the last code unit (LB8a). */
    uint8_t followsHebrewLetter, opensRegionalPair, followsJoiner;
} LineState;

_Static_assert(LB_CLASS_COUNT <= 32, "a state's transitions are a row of 32");
static LineTransition lineTransitions[LINE_STATE_LIMIT][32];
static uint8_t lineStartStates[LB_CLASS_COUNT];
static LineState lineStates[LINE_STATE_LIMIT];
static int lineStateCount;
static int lineRulesBuilt;

/* The index of `state`, reduced to what the rules read (so that equal behaviours are one state), among the states
   found so far, where it is added when new; -1 when there would be too many. */
static int line_state_index(LineState state) {
    if (state.before != LB_SP) state.beforeSpaces = state.before;
    if (state.before != LB_HY) state.followsBreak = 0;
    if (state.before != LB_HY && state.before != LB_BA) state.followsHebrewLetter = 0;
    if (state.before != LB_RI) state.opensRegionalPair = 0;
    for (int index = 0; index < lineStateCount; index++) {
        LineState known = lineStates[index];
        if (known.before == state.before && known.beforeSpaces == state.beforeSpaces &&
            known.number == state.number && known.followsBreak == state.followsBreak &&
            known.followsHebrewLetter == state.followsHebrewLetter &&
            known.opensRegionalPair == state.opensRegionalPair && known.followsJoiner == state.followsJoiner)
            return index;
    }
    if (lineStateCount == LINE_STATE_LIMIT) return -1;
    lineStates[lineStateCount] = state;
    return lineStateCount++;
}

/* The transition from `state` by a code unit of class `c`: its action in `transition`, and the index of the next
   state as the result (line_state_index). */
static int line_transition(LineState state, int c, LineTransition *transition) {
    int before = state.before;
    if (c == LB_TRAIL) {  // the rest of a code point whose first unit was classified
        transition->action = LINE_KEEP;
        return line_state_index(state);
    }
    int joiner = c == LB_ZWJ;
    if (c == LB_CM || c == LB_ZWJ) {
        if (before != LB_SP && !is_hard_break(before)) {  // LB9: part of the base before it
            transition->action = LINE_KEEP;
            state.followsJoiner = (uint8_t)joiner;
            return line_state_index(state);
        }
        c = LB_AL;  // LB10
    }
    int action = LINE_BREAK;
    switch (line_pair_rule(before, c)) {
    case PAIR_KEEP:
        action = LINE_KEEP;
        break;
    case PAIR_AFTER_SPACES:
        switch (line_rule_after_spaces(state.beforeSpaces, c)) {
        case PAIR_KEEP: action = LINE_KEEP; break;
        case PAIR_SPACE_BEFORE_IS: action = LINE_LOOK_AHEAD_FOR_DIGIT; break;
        default: break;
        }
        break;
    case PAIR_HYPHEN_LETTER:
        if (state.followsBreak) action = LINE_KEEP;
        break;
    case PAIR_PREFIX_OPEN:
        action = LINE_LOOK_AHEAD_FOR_NUMBER;
        break;
    case PAIR_IN_NUMBER:
        if (state.number != NUMBER_NONE) action = LINE_KEEP;
        break;
    case PAIR_REGIONAL:
        if (state.opensRegionalPair) action = LINE_KEEP;
        break;
    default:
        break;
    }
    if (state.followsJoiner || state.followsHebrewLetter) action = LINE_KEEP;  // LB8a, LB21a
    if (action == LINE_BREAK && is_hard_break(before)) action = LINE_BREAK_FORCED;
    transition->action = (uint8_t)action;
    // Whether a break came before `c` matters only for HY, after which no transition looks ahead.
    LineState next = {(uint8_t)c,
                      c == LB_SP ? state.beforeSpaces : (uint8_t)c,
                      number_state_after(state.number, c),
                      action != LINE_KEEP,
                      (c == LB_HY || c == LB_BA) && before == LB_HL,
                      c == LB_RI && !(before == LB_RI && state.opensRegionalPair),
                      (uint8_t)joiner};
    return line_state_index(next);
}

/* What mark_simple_text and classify_line_breaks ask of each BMP code unit, in one byte, filled with the line rules
   from the functions that define each answer: its table class (line_class, 5 bits; all classify_line_breaks reads),
   whether the simple walk takes it at all (is_simple_grapheme_unit and a class other than LB_NONE), whether it is
   Extend there (is_simple_extend) and of a control class (is_control_break_class). One load per unit, rather than a
   dozen range tests in three functions. */
enum { SIMPLE_CLASS_MASK = 0x1F, SIMPLE_TAKEN = 0x20, SIMPLE_EXTEND = 0x40, SIMPLE_CONTROL = 0x80 };
static uint8_t simpleUnits[0x10000];

static void fill_simple_units(void) {
    for (uint32_t unit = 0; unit < 0x10000; unit++) {
        uint8_t c = line_class((uint16_t)unit);
        uint8_t bits = c;
        if (is_simple_grapheme_unit((uint16_t)unit) && c != LB_NONE) bits |= SIMPLE_TAKEN;
        if (is_simple_extend((uint16_t)unit)) bits |= SIMPLE_EXTEND;
        if (is_control_break_class((uint16_t)unit)) bits |= SIMPLE_CONTROL;
        simpleUnits[unit] = bits;
    }
}

static void fill_line_rules(void) {
    fill_simple_units();
    for (int c = LB_NONE + 1; c < LB_TRAIL; c++) {
        /* At the start a combining mark or a ZWJ is AL (LB10), nothing comes before the spaces (as after a hard
           break) and a break comes before the first character (for ICU's LB 20.09). */
        int first = c == LB_CM || c == LB_ZWJ ? LB_AL : c;
        LineState start = {(uint8_t)first, first == LB_SP ? LB_BK : (uint8_t)first,
                           number_state_after(NUMBER_NONE, first), 1, 0, first == LB_RI, c == LB_ZWJ};
        int index = line_state_index(start);
        if (index < 0) return;
        lineStartStates[c] = (uint8_t)index;
    }
    // States are added while their transitions are filled in, so the loop reaches every state there is.
    for (int index = 0; index < lineStateCount; index++) {
        for (int c = LB_NONE + 1; c < LB_CLASS_COUNT; c++) {
            LineTransition transition;
            int next = line_transition(lineStates[index], c, &transition);
            if (next < 0) return;
            transition.next = (uint8_t)next;
            lineTransitions[index][c] = transition;
        }
    }
    lineRulesBuilt = 1;
}

/* The index of the first code unit after `index` that starts no combining mark or ZWJ (a base at `index` takes them,
   LB9) and is no second unit of a surrogate pair, or `length`. */
static int32_t next_base(const uint8_t *classes, int32_t index, int32_t length) {
    index++;
    while (index < length && (classes[index] == LB_CM || classes[index] == LB_ZWJ || classes[index] == LB_TRAIL))
        index++;
    return index;
}

/* Fills `classes` with the table's class of every code unit of `text` (a surrogate pair: its code point's class,
   then LB_TRAIL); 0 if one of them is left to ICU, or is half a surrogate pair. */
static int classify_line_breaks(const uint16_t *text, int32_t length, uint8_t *classes) {
    for (int32_t index = 0; index < length; index++) {
        uint16_t unit = text[index];
        uint8_t c = simpleUnits[unit] & SIMPLE_CLASS_MASK;   // line_class(unit), filled with the line rules
        if (c == LB_NONE) {
            if (!U16_IS_LEAD(unit) || index + 1 == length || !U16_IS_TRAIL(text[index + 1])) return 0;
            c = line_class_supplementary(U16_GET_SUPPLEMENTARY(unit, text[index + 1]));
            if (c == LB_NONE) return 0;
            classes[index++] = c;
            c = LB_TRAIL;
        }
        classes[index] = c;
    }
    return 1;
}

/* The opportunities of a text whose classes are all in the table, as ICU's iterator marks them. */
static void mark_line_breaks_from_table(const uint16_t *text, const uint8_t *classes, int32_t length,
                                        uint8_t *flags, uint8_t opportunityBit, uint8_t mandatoryBit,
                                        uint8_t betweenLettersBit) {
    if (length == 0) return;
    int state = lineStartStates[classes[0]];
    if (betweenLettersBit == 0) {
        /* The bits each plain action sets, OR-ed in at every unit without a branch on the action: whether a break
           comes next is what a processor cannot predict (once a word in Latin text, a tenth of its mispredictions). */
        const uint8_t plainBits[3] = {0, opportunityBit, (uint8_t)(opportunityBit | mandatoryBit)};
        for (int32_t index = 1; index < length; index++) {
            LineTransition transition = lineTransitions[state][classes[index]];
            state = transition.next;
            if (transition.action <= LINE_BREAK_FORCED) {
                flags[index] |= plainBits[transition.action];
                continue;
            }
            int32_t next = next_base(classes, index, length);
            if (transition.action == LINE_LOOK_AHEAD_FOR_DIGIT) {
                if (next == length || classes[next] != LB_NU) continue;
            } else {
                if (next < length && classes[next] == LB_IS) next = next_base(classes, next, length);
                if (next < length && classes[next] == LB_NU) continue;
            }
            flags[index] |= opportunityBit;
        }
        mark_line_opportunity(text, length, length, flags, opportunityBit, mandatoryBit, betweenLettersBit);
        return;
    }
    for (int32_t index = 1; index < length; index++) {
        LineTransition transition = lineTransitions[state][classes[index]];
        state = transition.next;
        if (transition.action == LINE_KEEP) continue;
        uint8_t bits = opportunityBit;
        if (transition.action == LINE_BREAK_FORCED) {
            bits |= mandatoryBit;
        } else if (transition.action == LINE_LOOK_AHEAD_FOR_DIGIT) {
            int32_t next = next_base(classes, index, length);
            if (next == length || classes[next] != LB_NU) continue;
        } else if (transition.action == LINE_LOOK_AHEAD_FOR_NUMBER) {
            int32_t next = next_base(classes, index, length);
            if (next < length && classes[next] == LB_IS) next = next_base(classes, next, length);
            if (next < length && classes[next] == LB_NU) continue;
        }
        if (betweenLettersBit != 0) {
            mark_line_opportunity(text, length, index, flags, opportunityBit, mandatoryBit, betweenLettersBit);
        } else {
            flags[index] |= bits;
        }
    }
    mark_line_opportunity(text, length, length, flags, opportunityBit, mandatoryBit, betweenLettersBit);
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


/* Grapheme boundaries and line-break opportunities in two walks, for the commonest texts: every code unit one that
   graphemes_need_no_iterator accepts and in the line-break table, and no letter pairs asked for. The first walk
   checks and classifies the units; the second marks both kinds of boundary, unit by unit, with the rules of the
   separate walks it replaces (the grapheme rules of the simple branch of labelkit_icu_mark_boundaries, the
   transitions of mark_line_breaks_from_table). Returns 0, having marked nothing, for any other text. */
static int mark_simple_text(const uint16_t *text, int32_t length, uint8_t *classes, uint8_t *flags,
                            uint8_t graphemeBit, uint8_t opportunityBit, uint8_t mandatoryBit) {
    if (length == 0) return 0;
    for (int32_t index = 0; index < length; index++) {
        uint8_t attributes = simpleUnits[text[index]];
        if (!(attributes & SIMPLE_TAKEN)) return 0;
        classes[index] = attributes & SIMPLE_CLASS_MASK;
    }
    const uint8_t plainBits[3] = {0, opportunityBit, (uint8_t)(opportunityBit | mandatoryBit)};
    int state = lineStartStates[classes[0]];
    flags[0] |= graphemeBit;
    uint8_t beforeAttributes = simpleUnits[text[0]];
    for (int32_t index = 1; index < length; index++) {
        uint16_t before = text[index - 1], after = text[index];
        uint8_t afterAttributes = simpleUnits[after];
        uint8_t bits = graphemeBit;
        if (before == 0x0D && after == 0x0A) bits = 0;
        if ((afterAttributes & SIMPLE_EXTEND) && !(beforeAttributes & SIMPLE_CONTROL)) bits = 0;
        beforeAttributes = afterAttributes;
        LineTransition transition = lineTransitions[state][classes[index]];
        state = transition.next;
        if (transition.action <= LINE_BREAK_FORCED) {
            bits |= plainBits[transition.action];
        } else {
            int32_t next = next_base(classes, index, length);
            int kept;
            if (transition.action == LINE_LOOK_AHEAD_FOR_DIGIT) {
                kept = next == length || classes[next] != LB_NU;
            } else {
                if (next < length && classes[next] == LB_IS) next = next_base(classes, next, length);
                kept = next < length && classes[next] == LB_NU;
            }
            if (!kept) bits |= opportunityBit;
        }
        flags[index] |= bits;
    }
    flags[length] |= graphemeBit;
    mark_line_opportunity(text, length, length, flags, opportunityBit, mandatoryBit, 0);
    return 1;
}

int32_t labelkit_icu_mark_boundaries(LabelKitICUScratch *scratch, const uint16_t *text, int32_t length,
                                     uint8_t *flags, uint8_t graphemeBit, uint8_t opportunityBit,
                                     uint8_t mandatoryBit, uint8_t betweenLettersBit, int32_t lineBreakSource) {
    if (scratch == NULL) return LABELKIT_ICU_UNAVAILABLE;

    UErrorCode status = U_ZERO_ERROR;
    int graphemesFromICU = (lineBreakSource & LABELKIT_GRAPHEMES_FROM_ICU) != 0;
    lineBreakSource &= ~LABELKIT_GRAPHEMES_FROM_ICU;
    if (!graphemesFromICU && lineBreakSource != LABELKIT_LINE_BREAKS_FROM_ICU && betweenLettersBit == 0 &&
        lineRulesBuilt) {
        uint8_t *classes = line_class_buffer(scratch, length);
        if (classes != NULL && mark_simple_text(text, length, classes, flags, graphemeBit, opportunityBit,
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
        uint8_t *classes = lineRulesBuilt ? line_class_buffer(scratch, length) : NULL;
        if (classes != NULL && classify_line_breaks(text, length, classes)) {
            mark_line_breaks_from_table(text, classes, length, flags, opportunityBit, mandatoryBit, betweenLettersBit);
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

int32_t labelkit_line_break_table_class(uint32_t codePoint) {
    if (codePoint > 0x10FFFF) return LB_NONE;
    return codePoint > 0xFFFF ? line_class_supplementary((UChar32)codePoint) : line_class((uint16_t)codePoint);
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
    case U_LB_HEBREW_LETTER: return LB_HL;
    case U_LB_E_BASE: return LB_EB;
    case U_LB_E_MODIFIER: return LB_EM;
    case U_LB_REGIONAL_INDICATOR: return LB_RI;
    case U_LB_ZWJ: return LB_ZWJ;
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
