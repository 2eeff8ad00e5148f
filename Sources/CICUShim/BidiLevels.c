/* ---- Bidi levels of plain paragraphs without ICU's bidi object ------------------------------------------------------

   Setting up ICU's bidi object for a paragraph (ubidi_setPara) was a sixth of laying out a Hebrew or Arabic label. Most
   paragraphs need little of UAX #9: no explicit embedding, override or isolate (X1–X8), no paired bracket (N0), one
   paragraph. For those the levels follow from the weak-type rules (W1–W7), the neutral rules (N1–N2) and the implicit
   levels (I1–I2) over one isolating run sequence, the whole paragraph, plus what ICU does besides:

   - ICU gives a lead surrogate of a pair the class BN and its real class to the trail unit;
   - a paragraph of one direction only is all at the paragraph level (ICU's flags, which count the paragraph's own
     direction: a left-to-right paragraph with no R or AL and no AN beside a possible neutral; a right-to-left one
     with no L, EN or AN);
   - rule L1 as ICU's adjustWSLevels applies it: a run of whitespace, BN or segment separators before a segment
     separator or the paragraph's end goes to the paragraph level, and every other BN takes the level of the code unit
     after it.

   Everything else goes to ICU. Tests compare the levels with ICU's over random paragraphs of every class, the corpus and
   Unicode's BidiCharacterTest.txt. */

#include "CICUShim.h"

#include <stdatomic.h>

#include <unicode/uchar.h>
#include <unicode/utf16.h>

/* The longest paragraph resolved here: its scratch arrays live on the stack. */
enum { LABELKIT_BIDI_SIMPLE_MAX_LENGTH = 2048 };

/* A class value no code point has: a paired bracket (N0), left to ICU. */
enum { CLASS_OF_BRACKET = 30 };

/* The bidi classes as ICU numbers them (UCharDirection), as bits for sets of classes. */
#define CLASS_BIT(c) (1u << (c))
enum {
    STRONG_OR_NUMBER_LTR = CLASS_BIT(U_LEFT_TO_RIGHT) | CLASS_BIT(U_EUROPEAN_NUMBER) | CLASS_BIT(U_ARABIC_NUMBER),
    STRONG_RTL = CLASS_BIT(U_RIGHT_TO_LEFT) | CLASS_BIT(U_RIGHT_TO_LEFT_ARABIC),
    /* ICU's MASK_WS without the classes this file leaves to ICU: what L1 resets. */
    WHITESPACE_LIKE = CLASS_BIT(U_SEGMENT_SEPARATOR) | CLASS_BIT(U_WHITE_SPACE_NEUTRAL) | CLASS_BIT(U_BOUNDARY_NEUTRAL),
    /* ICU's MASK_POSSIBLE_N: classes that are or may become neutral. */
    POSSIBLY_NEUTRAL = CLASS_BIT(U_OTHER_NEUTRAL) | CLASS_BIT(U_COMMON_NUMBER_SEPARATOR)
        | CLASS_BIT(U_EUROPEAN_NUMBER_SEPARATOR) | CLASS_BIT(U_EUROPEAN_NUMBER_TERMINATOR) | WHITESPACE_LIKE,
    /* Neutral and isolate classes for N1–N2 (no isolates here). */
    NEUTRAL = CLASS_BIT(U_SEGMENT_SEPARATOR) | CLASS_BIT(U_WHITE_SPACE_NEUTRAL) | CLASS_BIT(U_OTHER_NEUTRAL),
    /* Classes left to ICU: paragraph separators, the explicit controls and paired brackets. */
    LEFT_TO_ICU = CLASS_BIT(U_BLOCK_SEPARATOR) | CLASS_BIT(U_LEFT_TO_RIGHT_EMBEDDING)
        | CLASS_BIT(U_LEFT_TO_RIGHT_OVERRIDE) | CLASS_BIT(U_RIGHT_TO_LEFT_EMBEDDING)
        | CLASS_BIT(U_RIGHT_TO_LEFT_OVERRIDE) | CLASS_BIT(U_POP_DIRECTIONAL_FORMAT)
        | CLASS_BIT(U_FIRST_STRONG_ISOLATE) | CLASS_BIT(U_LEFT_TO_RIGHT_ISOLATE)
        | CLASS_BIT(U_RIGHT_TO_LEFT_ISOLATE) | CLASS_BIT(U_POP_DIRECTIONAL_ISOLATE) | CLASS_BIT(CLASS_OF_BRACKET),
};

/* The direction a resolved class counts as beside neutrals (N1): L, or R for R, EN and AN. */
static inline uint8_t direction_for_neutrals(uint8_t type) {
    return type == U_LEFT_TO_RIGHT ? U_LEFT_TO_RIGHT : U_RIGHT_TO_LEFT;
}

/* What a resolved type adds to the paragraph's level (I1–I2), at an even and at an odd level: at an even level L
   nothing, R one, numbers two; at an odd level R nothing, L and numbers one. Indexed by class (below 32). */
static const uint8_t implicitAddAtEvenLevel[32] = {
    0 /* L */, 1 /* R */, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
};
static const uint8_t implicitAddAtOddLevel[32] = {
    1 /* L */, 0 /* R */, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* W2–W3 as a table, by whether the last strong class was an Arabic letter (AL) and by class: the type a class
   becomes (AL is R; EN after AL is AN) and whether the next class follows an Arabic letter (AL sets it, L and R clear
   it). */
static const uint8_t arabicLetterRuleTypes[2][32] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 14, 15,
     16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31},
    {0, 1, 5, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 14, 15,
     16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31},
};
static const uint8_t arabicLetterRuleStates[2][32] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0,
     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
     1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
};

/* The classes of the BMP and of the supplementary plane (emoji, symbols), U+0000–U+1FFFF, from ICU's property API the
   first time each code point is met, with the paired brackets marked: a byte per code point, its class plus one, zero
   while unknown. Threads that meet a code point together store the same byte; the loads and stores are atomic
   (relaxed: a byte is all that is shared), so no fill is ever seen half done. */
enum { CLASS_MEMO_END = 0x20000 };
static _Atomic uint8_t classMemo[CLASS_MEMO_END];

static uint8_t bidi_class_from_icu(UChar32 c) {
    uint8_t class = (uint8_t)u_charDirection(c);
    if (class == U_OTHER_NEUTRAL && u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE) != U_BPT_NONE) {
        return CLASS_OF_BRACKET;
    }
    return class;
}

/* The class of `c`. */
static inline uint8_t bidi_class(UChar32 c) {
    if ((uint32_t)c >= CLASS_MEMO_END) return bidi_class_from_icu(c);
    uint8_t known = atomic_load_explicit(&classMemo[c], memory_order_relaxed);
    if (known != 0) return (uint8_t)(known - 1);
    uint8_t class = bidi_class_from_icu(c);
    atomic_store_explicit(&classMemo[c], (uint8_t)(class + 1), memory_order_relaxed);
    return class;
}

int32_t labelkit_bidi_levels_without_icu(const uint16_t *text, int32_t length, int32_t baseDirection, uint8_t *levels,
                                        uint8_t *paragraphLevel) {
    if (length < 0 || length > LABELKIT_BIDI_SIMPLE_MAX_LENGTH) return 0;

    /* The class of each code unit as ICU's bidi object sees it, and the units that are not BN with their classes,
       which the rules below resolve in place. One pass reads the classes, with no branch on the class but the
       rare ones' (a switch per unit cost more in mispredicted jumps than the rest of the pass). */
    uint8_t classes[LABELKIT_BIDI_SIMPLE_MAX_LENGTH];
    uint8_t types[LABELKIT_BIDI_SIMPLE_MAX_LENGTH];
    uint16_t unitOfType[LABELKIT_BIDI_SIMPLE_MAX_LENGTH];
    int32_t typeCount = 0;
    uint32_t present = 0;
    for (int32_t index = 0; index < length; index++) {
        uint16_t unit = text[index];
        uint8_t class;
        if (U16_IS_LEAD(unit) && index + 1 < length && U16_IS_TRAIL(text[index + 1])) {
            /* A pair: its lead unit is BN, its trail unit has the pair's class. */
            classes[index] = U_BOUNDARY_NEUTRAL;
            index++;
            class = bidi_class(U16_GET_SUPPLEMENTARY(unit, text[index]));
            present |= CLASS_BIT(U_BOUNDARY_NEUTRAL);
        } else {
            class = bidi_class(unit);
        }
        uint32_t bit = CLASS_BIT(class);
        if (bit & LEFT_TO_ICU) return 0;
        classes[index] = class;
        present |= bit;
        types[typeCount] = class;
        unitOfType[typeCount] = (uint16_t)index;
        typeCount += class != U_BOUNDARY_NEUTRAL;
    }
    const int32_t n = typeCount;

    /* P2–P3, or the requested level: the first strong class decides. */
    uint8_t level = (uint8_t)(baseDirection == 1 ? 1 : 0);
    if (baseDirection != 0 && baseDirection != 1) {
        for (int32_t k = 0; k < n; k++) {
            if (CLASS_BIT(types[k]) & (CLASS_BIT(U_LEFT_TO_RIGHT) | STRONG_RTL)) {
                level = types[k] == U_LEFT_TO_RIGHT ? 0 : 1;
                break;
            }
        }
    }
    *paragraphLevel = level;

    /* ICU's shortcut for a paragraph of one direction. */
    present |= (level & 1) ? CLASS_BIT(U_RIGHT_TO_LEFT) : CLASS_BIT(U_LEFT_TO_RIGHT);
    int hasRTL = (present & STRONG_RTL)
        || ((present & CLASS_BIT(U_ARABIC_NUMBER)) && (present & POSSIBLY_NEUTRAL));
    if (!hasRTL || !(present & STRONG_OR_NUMBER_LTR)) {
        for (int32_t index = 0; index < length; index++) levels[index] = level;
        return 1;
    }

    const uint8_t embedding = (level & 1) ? U_RIGHT_TO_LEFT : U_LEFT_TO_RIGHT;   // also sos and eos
    /* W1–W3, only where a mark or an Arabic letter is present: a non-spacing mark takes the type before it (sos at
       the start), a European number after Arabic letters (the last strong class) is an Arabic number, and Arabic
       letters are R. */
    if (present & (CLASS_BIT(U_DIR_NON_SPACING_MARK) | CLASS_BIT(U_RIGHT_TO_LEFT_ARABIC))) {
        uint8_t previous = embedding;
        uint8_t afterArabicLetter = 0;
        for (int32_t k = 0; k < n; k++) {
            uint8_t class = types[k];
            uint8_t type;
            if (class == U_DIR_NON_SPACING_MARK) {
                type = previous;
            } else {
                type = arabicLetterRuleTypes[afterArabicLetter][class];
                afterArabicLetter = arabicLetterRuleStates[afterArabicLetter][class];
            }
            types[k] = type;
            previous = type;
        }
    }

    /* W4–W7 only where their classes are present: most paragraphs have no number. */
    const uint32_t separators = CLASS_BIT(U_EUROPEAN_NUMBER_SEPARATOR) | CLASS_BIT(U_COMMON_NUMBER_SEPARATOR);
    const uint32_t numbers = CLASS_BIT(U_EUROPEAN_NUMBER) | CLASS_BIT(U_ARABIC_NUMBER);
    /* W4: one separator between two numbers of the same kind joins them. */
    for (int32_t k = 1; k + 1 < n && (present & separators) && (present & numbers); k++) {
        uint8_t before = types[k - 1], after = types[k + 1];
        if (types[k] == U_EUROPEAN_NUMBER_SEPARATOR && before == U_EUROPEAN_NUMBER && after == U_EUROPEAN_NUMBER) {
            types[k] = U_EUROPEAN_NUMBER;
        } else if (types[k] == U_COMMON_NUMBER_SEPARATOR && before == after
                   && (before == U_EUROPEAN_NUMBER || before == U_ARABIC_NUMBER)) {
            types[k] = before;
        }
    }
    /* W5: terminators beside a European number join it. */
    for (int32_t k = 0; k < n && (present & CLASS_BIT(U_EUROPEAN_NUMBER_TERMINATOR));) {
        if (types[k] != U_EUROPEAN_NUMBER_TERMINATOR) { k++; continue; }
        int32_t end = k;
        while (end < n && types[end] == U_EUROPEAN_NUMBER_TERMINATOR) end++;
        if ((k > 0 && types[k - 1] == U_EUROPEAN_NUMBER) || (end < n && types[end] == U_EUROPEAN_NUMBER)) {
            for (int32_t j = k; j < end; j++) types[j] = U_EUROPEAN_NUMBER;
        }
        k = end;
    }
    /* W6: the remaining separators and terminators are neutral. W7: a European number after L text is L. */
    uint8_t lastStrong = embedding;
    const uint32_t weak = separators | CLASS_BIT(U_EUROPEAN_NUMBER_TERMINATOR) | CLASS_BIT(U_EUROPEAN_NUMBER);
    for (int32_t k = 0; k < n && (present & weak); k++) {
        uint8_t type = types[k];
        if (type == U_EUROPEAN_NUMBER_SEPARATOR || type == U_EUROPEAN_NUMBER_TERMINATOR
            || type == U_COMMON_NUMBER_SEPARATOR) {
            types[k] = U_OTHER_NEUTRAL;
        } else if (type == U_LEFT_TO_RIGHT || type == U_RIGHT_TO_LEFT) {
            lastStrong = type;
        } else if (type == U_EUROPEAN_NUMBER && lastStrong == U_LEFT_TO_RIGHT) {
            types[k] = U_LEFT_TO_RIGHT;
        }
    }
    /* N1–N2: neutrals between text of one direction take it, others the paragraph's; then I1–I2. Without a branch on
       the types (a neutral run between words was two mispredicted branches): a backward pass notes for each unit the
       direction of the first non-neutral at or after it, a forward pass the one before it, and each level is chosen
       from them. */
    uint8_t after[LABELKIT_BIDI_SIMPLE_MAX_LENGTH];
    uint8_t next = embedding;
    for (int32_t k = n - 1; k >= 0; k--) {
        uint8_t type = types[k];
        uint8_t isNeutral = (uint8_t)((NEUTRAL >> type) & 1);
        next = isNeutral ? next : direction_for_neutrals(type);
        after[k] = next;
    }
    const uint8_t *implicitAdd = (level & 1) ? implicitAddAtOddLevel : implicitAddAtEvenLevel;
    uint8_t before = embedding;
    for (int32_t k = 0; k < n; k++) {
        uint8_t type = types[k];
        uint8_t isNeutral = (uint8_t)((NEUTRAL >> type) & 1);
        uint8_t neutralResolved = before == after[k] ? before : embedding;
        uint8_t resolved = isNeutral ? neutralResolved : type;
        levels[unitOfType[k]] = (uint8_t)(level + implicitAdd[resolved]);
        before = isNeutral ? before : direction_for_neutrals(type);
    }

    /* L1 and the BN units, backwards as ICU's adjustWSLevels: a run of whitespace-like units before a segment
       separator or the end goes to the paragraph level, a BN elsewhere takes the level of the unit after it. */
    int32_t index = length;
    while (index > 0) {
        while (index > 0) {
            index--;
            if (!(CLASS_BIT(classes[index]) & WHITESPACE_LIKE)) break;
            levels[index] = level;
        }
        /* classes[index] keeps its level; walk back to the segment separator before it. */
        while (index > 0) {
            index--;
            if (classes[index] == U_BOUNDARY_NEUTRAL) {
                levels[index] = levels[index + 1];
            } else if (classes[index] == U_SEGMENT_SEPARATOR) {
                levels[index] = level;
                break;
            }
        }
    }
    return 1;
}
