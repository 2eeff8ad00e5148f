/* ---- Line breaks from the table -------------------------------------------------------------------------------------

   The Line_Break class of each code unit from LineBreakClasses.h (see LineBreaks.h), and the walks that mark a text's
   opportunities with the state machine of LineBreakRules.c: for labelkit_icu_mark_boundaries (CICUShim.c). */

#include "LineBreaks.h"
#include "SimpleGraphemeUnits.h"

#include "CICUShim.h"

#include "LineBreakClasses.h"

#include <string.h>

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

/* What labelkit_mark_simple_text and labelkit_classify_line_breaks ask of each BMP code unit, in one byte, filled with
   the line rules from the functions that define each answer: its table class (line_class, 5 bits; all
   labelkit_classify_line_breaks reads), whether the simple walk takes it at all (is_simple_grapheme_unit and a class
   other than LB_NONE), whether it is Extend there (is_simple_extend) and of a control class (is_control_break_class).
   One load per unit, rather than a dozen range tests in three functions. */
enum { SIMPLE_CLASS_MASK = 0x1F, SIMPLE_TAKEN = 0x20, SIMPLE_EXTEND = 0x40, SIMPLE_CONTROL = 0x80 };
static uint8_t simpleUnits[0x10000];

/* One unit's byte of the table, from the functions that define each answer. */
static uint8_t simple_unit_bits(uint16_t unit) {
    uint8_t c = line_class(unit);
    uint8_t bits = c;
    if (is_simple_grapheme_unit(unit) && c != LB_NONE) bits |= SIMPLE_TAKEN;
    if (is_simple_extend(unit)) bits |= SIMPLE_EXTEND;
    if (is_control_break_class(unit)) bits |= SIMPLE_CONTROL;
    return bits;
}

/* The blocks where a unit's byte can be other than 0: line_class gives LB_NONE outside them, and every Extend and
   control unit of SimpleGraphemeUnits.h is inside. `uniform` marks a block whose units all have its first unit's
   byte (ideographs and Hangul syllables: ID, taken, neither Extend nor control), filled with one memset. Filling
   these rather than all 65,536 units is a tenth of the work, which every process pays once before its first label
   (5.6 M instructions of a one-shot `labelkit measure` before; ICUAnalysisTests check every unit against ICU). */
static const struct { uint16_t first, last; uint8_t uniform; } simpleUnitBlocks[] = {
    {0x0000, 0x036F, 0}, {0x0590, 0x06FF, 0}, {0x0900, 0x09FF, 0}, {0x1E00, 0x1EFF, 0}, {0x2000, 0x2BFF, 0},
    {0x3000, 0x30FF, 0}, {0x3400, 0x4DBF, 1}, {0x4E00, 0x9FFF, 1}, {0xAC00, 0xD7A3, 1}, {0xFE00, 0xFE0F, 0},
    {0xFF00, 0xFFEF, 0},
};

void labelkit_fill_simple_units(void) {
    for (size_t block = 0; block < sizeof simpleUnitBlocks / sizeof simpleUnitBlocks[0]; block++) {
        uint32_t first = simpleUnitBlocks[block].first, last = simpleUnitBlocks[block].last;
        if (simpleUnitBlocks[block].uniform) {
            memset(&simpleUnits[first], simple_unit_bits((uint16_t)first), last - first + 1);
            continue;
        }
        for (uint32_t unit = first; unit <= last; unit++) simpleUnits[unit] = simple_unit_bits((uint16_t)unit);
    }
}

int32_t labelkit_simple_units_mismatches(void) {
    labelkit_icu_scratch_destroy(labelkit_icu_scratch_create());  // fills the table, once per process
    int32_t mismatches = 0;
    for (uint32_t unit = 0; unit < 0x10000; unit++) mismatches += simpleUnits[unit] != simple_unit_bits((uint16_t)unit);
    return mismatches;
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
int labelkit_classify_line_breaks(const uint16_t *text, int32_t length, uint8_t *classes) {
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
void labelkit_mark_line_breaks_from_table(const uint16_t *text, const uint8_t *classes, int32_t length,
                                          uint8_t *flags, uint8_t opportunityBit, uint8_t mandatoryBit,
                                          uint8_t betweenLettersBit) {
    if (length == 0) return;
    int state = labelkit_line_start_states[classes[0]];
    if (betweenLettersBit == 0) {
        /* The bits each plain action sets, OR-ed in at every unit without a branch on the action: whether a break
           comes next is what a processor cannot predict (once a word in Latin text, a tenth of its mispredictions). */
        const uint8_t plainBits[3] = {0, opportunityBit, (uint8_t)(opportunityBit | mandatoryBit)};
        for (int32_t index = 1; index < length; index++) {
            LineTransition transition = labelkit_line_transitions[state][classes[index]];
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
        LineTransition transition = labelkit_line_transitions[state][classes[index]];
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

/* Grapheme boundaries and line-break opportunities in two walks, for the commonest texts: every code unit one that
   graphemes_need_no_iterator accepts and in the line-break table, and no letter pairs asked for. The first walk
   checks and classifies the units; the second marks both kinds of boundary, unit by unit, with the rules of the
   separate walks it replaces (the grapheme rules of the simple branch of labelkit_icu_mark_boundaries, the
   transitions of labelkit_mark_line_breaks_from_table). Returns 0, having marked nothing, for any other text. */
int labelkit_mark_simple_text(const uint16_t *text, int32_t length, uint8_t *classes, uint8_t *flags,
                              uint8_t graphemeBit, uint8_t opportunityBit, uint8_t mandatoryBit) {
    if (length == 0) return 0;
    for (int32_t index = 0; index < length; index++) {
        uint8_t attributes = simpleUnits[text[index]];
        if (!(attributes & SIMPLE_TAKEN)) return 0;
        classes[index] = attributes & SIMPLE_CLASS_MASK;
    }
    const uint8_t plainBits[3] = {0, opportunityBit, (uint8_t)(opportunityBit | mandatoryBit)};
    int state = labelkit_line_start_states[classes[0]];
    flags[0] |= graphemeBit;
    uint8_t beforeAttributes = simpleUnits[text[0]];
    for (int32_t index = 1; index < length; index++) {
        uint16_t before = text[index - 1], after = text[index];
        uint8_t afterAttributes = simpleUnits[after];
        uint8_t bits = graphemeBit;
        if (before == 0x0D && after == 0x0A) bits = 0;
        if ((afterAttributes & SIMPLE_EXTEND) && !(beforeAttributes & SIMPLE_CONTROL)) bits = 0;
        beforeAttributes = afterAttributes;
        LineTransition transition = labelkit_line_transitions[state][classes[index]];
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
