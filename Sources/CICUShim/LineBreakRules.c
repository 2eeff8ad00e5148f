/* ---- ICU 72's root line rules as a state machine --------------------------------------------------------------------

   UAX #14 as ICU 72's root rules apply it, over the classes of LineBreaks.h: the rules for two classes, then the
   state machine they are built into once (labelkit_fill_line_rules), whose tables LineBreakTable.c's walks read. */

#include "LineBreaks.h"

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

typedef struct {
    uint8_t before, beforeSpaces, number, followsBreak;
    /* HY or BA after HL (LB21a); an RI that opens a pair (LB30a); a ZWJ the last code unit (LB8a). */
    uint8_t followsHebrewLetter, opensRegionalPair, followsJoiner;
} LineState;

LineTransition labelkit_line_transitions[LINE_STATE_LIMIT][32];
uint8_t labelkit_line_start_states[LB_CLASS_COUNT];
int labelkit_line_rules_built;

/* The states found so far, while the machine is built. */
static LineState lineStates[LINE_STATE_LIMIT];
static int lineStateCount;

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

void labelkit_fill_line_rules(void) {
    labelkit_fill_simple_units();
    for (int c = LB_NONE + 1; c < LB_TRAIL; c++) {
        /* At the start a combining mark or a ZWJ is AL (LB10), nothing comes before the spaces (as after a hard
           break) and a break comes before the first character (for ICU's LB 20.09). */
        int first = c == LB_CM || c == LB_ZWJ ? LB_AL : c;
        LineState start = {(uint8_t)first, first == LB_SP ? LB_BK : (uint8_t)first,
                           number_state_after(NUMBER_NONE, first), 1, 0, first == LB_RI, c == LB_ZWJ};
        int index = line_state_index(start);
        if (index < 0) return;
        labelkit_line_start_states[c] = (uint8_t)index;
    }
    // States are added while their transitions are filled in, so the loop reaches every state there is.
    for (int index = 0; index < lineStateCount; index++) {
        for (int c = LB_NONE + 1; c < LB_CLASS_COUNT; c++) {
            LineTransition transition;
            int next = line_transition(lineStates[index], c, &transition);
            if (next < 0) return;
            transition.next = (uint8_t)next;
            labelkit_line_transitions[index][c] = transition;
        }
    }
    labelkit_line_rules_built = 1;
}
