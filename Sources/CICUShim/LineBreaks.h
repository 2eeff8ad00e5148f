#ifndef LABELKIT_LINE_BREAKS_H
#define LABELKIT_LINE_BREAKS_H

// Line-break opportunities without ICU's iterator, shared by the shim's files: the Line_Break classes of the table
// (LineBreakTable.c), the state machine ICU 72's root line rules are built into (LineBreakRules.c), and the marking of
// one opportunity that CICUShim.c's iterator loop uses too. Not part of the module's public header: this one may
// include ICU's.

#include <stdint.h>

#include <unicode/uchar.h>
#include <unicode/utf16.h>

/* A symbol one file of the shim defines for another: hidden outside the library, and read as directly as a static. */
#define LABELKIT_INTERNAL __attribute__((visibility("hidden")))

/* Line_Break classes BK, CR, LF and NL: LF, VT, FF, CR, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR. */
static inline int is_mandatory_break_before(uint16_t unit) {
    return (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029;
}

/* The code point whose last unit is at `end - 1`, combining marks and joiners skipped back over to their base (as
   UAX #14's LB9 treats them); -1 at the start. */
static inline UChar32 base_before(const uint16_t *text, int32_t end) {
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
static inline int is_keep_all_letter(UChar32 c) {
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
   point left to ICU. The classes of code points come from LineBreakClasses.h (read by LineBreakTable.c), generated
   from Unicode's data (Scripts/generate-line-break-classes.py) and checked against ICU's in a test. LB_TRAIL is no
   Line_Break class: it marks the second unit of a surrogate pair, whose code point's class the first unit holds. */
enum {
    LB_NONE, LB_AL, LB_ID, LB_NU, LB_SP, LB_BA, LB_HY, LB_NS, LB_EX, LB_QU, LB_OP, LB_OP_WIDE, LB_CL, LB_CP, LB_IS,
    LB_SY, LB_PR, LB_PO, LB_GL, LB_IN, LB_B2, LB_CM, LB_BK, LB_CR, LB_LF, LB_HL, LB_EB, LB_EM, LB_RI, LB_ZWJ,
    LB_TRAIL,
    LB_CLASS_COUNT
};

/* ICU 72's root rules as a state machine (LineBreakRules.c), built once (lineRulesOnce): a state is what the rules
   look back at — the last base's class, the class before the spaces when that is SP, where it stands in a number,
   for HY whether a break came before it, for HY and BA whether a Hebrew letter came before them (LB21a), for RI
   whether it closes a pair (LB30a), and whether the last code unit was a ZWJ (LB8a) — and a transition, by the class
   of the next code unit, gives the next state and the break before that unit. Two breaks depend on what follows (a
   digit after SP IS, a number after PR OP): those transitions say to look ahead. About 90 states; the machine is left
   unbuilt, and ICU's iterator used for every text, should they outgrow LINE_STATE_LIMIT. */
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

_Static_assert(LB_CLASS_COUNT <= 32, "a state's transitions are a row of 32");

/* The machine, filled by labelkit_fill_line_rules and only read after it: the transitions by state and class, the
   state after a text's first code unit by its class, and whether the machine was built (not when its states
   outgrew LINE_STATE_LIMIT). */
extern LABELKIT_INTERNAL LineTransition labelkit_line_transitions[LINE_STATE_LIMIT][32];
extern LABELKIT_INTERNAL uint8_t labelkit_line_start_states[LB_CLASS_COUNT];
extern LABELKIT_INTERNAL int labelkit_line_rules_built;

/* Fills the table of simple units (LineBreakTable.c), then builds the machine from the rules (LineBreakRules.c).
   Called once, through pthread_once (lineRulesOnce, CICUShim.c), before the first scratch is made. */
LABELKIT_INTERNAL void labelkit_fill_line_rules(void);

/* Fills the table LineBreakTable.c's walks read for every BMP code unit (its class, and what the simple walk asks);
   called by labelkit_fill_line_rules. */
LABELKIT_INTERNAL void labelkit_fill_simple_units(void);

/* The walks of LineBreakTable.c (described there), for labelkit_icu_mark_boundaries once the machine is built. */
LABELKIT_INTERNAL int labelkit_classify_line_breaks(const uint16_t *text, int32_t length, uint8_t *classes);
LABELKIT_INTERNAL void labelkit_mark_line_breaks_from_table(const uint16_t *text, const uint8_t *classes,
                                                            int32_t length, uint8_t *flags, uint8_t opportunityBit,
                                                            uint8_t mandatoryBit, uint8_t betweenLettersBit);
LABELKIT_INTERNAL int labelkit_mark_simple_text(const uint16_t *text, int32_t length, uint8_t *classes,
                                                uint8_t *flags, uint8_t graphemeBit, uint8_t opportunityBit,
                                                uint8_t mandatoryBit);

#endif
