#ifndef LABELKIT_CICUSHIM_H
#define LABELKIT_CICUSHIM_H

// Plain C over ICU for LabelKit's text analysis.
//
// This header must never include an ICU header: Swift's Foundation bundles its own ICU, and a Swift module that sees
// both defines `UErrorCode` twice. Only fixed-width integers and pointers cross this boundary; ICU's version-suffixed
// function names (`ubrk_open_72`) stay inside the .c files.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result of the functions below: success, or why ICU could not be used (the caller then falls back).
enum {
    LABELKIT_ICU_OK = 0,
    /// The ICU objects could not be created (out of memory or missing ICU data), or no scratch was given.
    LABELKIT_ICU_UNAVAILABLE = -1,
};

/// The ICU objects one analysis call works with: a grapheme and a line break iterator, a bidi object and, made on the
/// first word query, a word break iterator. They are not thread-safe: one scratch serves one call at a time. Opening
/// a break iterator builds its rule tables, so a scratch clones them from prototypes opened once per process (and
/// only cloned, which is thread-safe) and resets the text per call; the caller keeps scratches for its next calls.
typedef struct LabelKitICUScratch LabelKitICUScratch;

/// A new scratch, or NULL when ICU cannot be used (missing data, out of memory).
LabelKitICUScratch *labelkit_icu_scratch_create(void);

/// Frees a scratch and its ICU objects; NULL is ignored.
void labelkit_icu_scratch_destroy(LabelKitICUScratch *scratch);

/// Where `labelkit_icu_mark_boundaries` takes line-break opportunities from.
enum {
    /// From the shim's table of Line_Break classes and its rules when every code point of the text is in the table
    /// (ASCII, Latin letters and combining marks, Hebrew, Arabic, Devanagari, Bengali, general punctuation and
    /// symbols, CJK punctuation, kana, ideographs, Hangul syllables, fullwidth forms, emoji), from ICU's line iterator
    /// otherwise: the same opportunities either way.
    LABELKIT_LINE_BREAKS_FROM_TABLE_WHERE_IT_COVERS = 0,
    /// From ICU's line iterator always (to compare the table with it).
    LABELKIT_LINE_BREAKS_FROM_ICU = 1,
    /// From the table only: a text with a code unit outside it fails with LABELKIT_ICU_OUTSIDE_TABLE (for tests).
    LABELKIT_LINE_BREAKS_FROM_TABLE_ONLY = 2,
};

/// Or'ed into the `lineBreakSource` of `labelkit_icu_mark_boundaries`: grapheme-cluster boundaries from ICU's
/// iterator for every text (to compare with). Without it they come from the shim's rules (UAX #29 as ICU's root rules
/// tailor it, see `labelkit_grapheme_boundaries_without_iterator`) and from the iterator only for a text they leave to
/// it: the same boundaries either way.
enum { LABELKIT_GRAPHEMES_FROM_ICU = 1 << 8 };

/// Result of `labelkit_icu_mark_boundaries` with LABELKIT_LINE_BREAKS_FROM_TABLE_ONLY for a text the table does not
/// cover, or when its rules could not be used (grapheme boundaries are marked; line-break opportunities are not).
enum { LABELKIT_ICU_OUTSIDE_TABLE = -2 };

/// Ors `graphemeBit` into `flags[i]` for every grapheme-cluster boundary `i` of `text` (0 and `length` included),
/// `opportunityBit` for every line-break opportunity (offset 0 excluded, `length` included) and, in addition,
/// `mandatoryBit` where the break is required — after a character of Line_Break class BK, CR, LF or NL (CR LF, CR,
/// LF, NEL, VT, FF, LS, PS), decided from that character rather than ICU's rule status, which a dictionary boundary
/// borrows from the boundary after it — and `betweenLettersBit` (when not 0) where the opportunity lies between two
/// letters, digits or ideographs (Line_Break AL, AI, NU, ID, CJ, H2, H3, JL, JV or JT on both sides, combining marks
/// skipped), which CSS `word-break: keep-all` suppresses.
///
/// `lineBreakSource` (LABELKIT_LINE_BREAKS_…) says where the opportunities come from; the default,
/// LABELKIT_LINE_BREAKS_FROM_TABLE_WHERE_IT_COVERS, gives ICU's answers without its iterator for most Latin, CJK,
/// Korean, Hebrew, Arabic and emoji text. LABELKIT_GRAPHEMES_FROM_ICU or'ed into it takes grapheme-cluster boundaries
/// from ICU's iterator too.
///
/// `flags` must hold `length + 1` bytes. Uses the iterators and buffers of `scratch`, which no other call may use
/// meanwhile. Returns LABELKIT_ICU_OK or, on failure, an ICU error code, LABELKIT_ICU_UNAVAILABLE or
/// LABELKIT_ICU_OUTSIDE_TABLE (flags may then be partial).
int32_t labelkit_icu_mark_boundaries(LabelKitICUScratch *scratch, const uint16_t *text, int32_t length,
                                     uint8_t *flags, uint8_t graphemeBit, uint8_t opportunityBit,
                                     uint8_t mandatoryBit, uint8_t betweenLettersBit, int32_t lineBreakSource);

/// Result of `labelkit_grapheme_boundaries_without_iterator` for a text its rules leave to ICU's iterator.
enum { LABELKIT_GRAPHEMES_NOT_COVERED = -3 };

/// Ors `graphemeBit` into `flags[i]` for every grapheme-cluster boundary `i` of `text` (0 and `length` included) from
/// the shim's rules alone, without ICU's iterator or the fast path before them (for tests: the boundaries equal the
/// iterator's). Returns LABELKIT_ICU_OK, or LABELKIT_GRAPHEMES_NOT_COVERED with `graphemeBit` cleared in every flag
/// for a text with a code point the rules leave to the iterator. `flags` must hold `length + 1` bytes.
int32_t labelkit_grapheme_boundaries_without_iterator(const uint16_t *text, int32_t length, uint8_t *flags,
                                                      uint8_t graphemeBit);

/// Ors `graphemeBit` into `flags[i]` for every grapheme-cluster boundary `i` of `text` from ICU's iterator alone (for
/// tests: no line breaks, no fast path). Uses the iterators of `scratch`. Returns LABELKIT_ICU_OK or, on failure, an
/// ICU error code or LABELKIT_ICU_UNAVAILABLE. `flags` must hold `length + 1` bytes.
int32_t labelkit_grapheme_boundaries_from_iterator(LabelKitICUScratch *scratch, const uint16_t *text, int32_t length,
                                                   uint8_t *flags, uint8_t graphemeBit);

/// The class the shim's line-break table gives `codePoint` (a small positive number, the shim's own), or 0 when the
/// table leaves it to ICU's iterator. For tests: see `labelkit_icu_line_break_table_class_from_icu`.
int32_t labelkit_line_break_table_class(uint32_t codePoint);

/// The class the table would give `codePoint`, derived from ICU's Line_Break and East_Asian_Width properties as the
/// table's classes merge them (AI as AL, CJ as NS, H2 and H3 as ID, OP split by width), or 0 for a class the table
/// has no entry for. Where the table gives a class, the two must agree.
int32_t labelkit_icu_line_break_table_class_from_icu(uint32_t codePoint);

/// The number of BMP code units whose byte in the table of simple units (filled block by block, the first time a
/// scratch is made) differs from the one the line rules define for it: 0 unless the blocks miss a unit. For tests.
int32_t labelkit_simple_units_mismatches(void);

/// Ors `boundaryBit` into `flags[i]` for every word boundary `i` of `text` (UAX #29 with ICU's dictionaries for
/// Chinese, Japanese, Thai and the other scripts written without spaces; 0 and `length` included) and `wordBit` into
/// `flags[i]` where the segment starting at `i` is a word — letters, digits, kana or ideographs rather than spaces or
/// punctuation (ICU rule status UBRK_WORD_NONE_LIMIT and above).
///
/// `flags` must hold `length + 1` bytes. The word break iterator of `scratch` is made the first time it is asked for,
/// never by the other functions, so laying text out does not pay for it. Returns LABELKIT_ICU_OK or an ICU error code /
/// LABELKIT_ICU_UNAVAILABLE (flags may then be partial).
int32_t labelkit_icu_mark_words(LabelKitICUScratch *scratch, const uint16_t *text, int32_t length, uint8_t *flags,
                                uint8_t boundaryBit, uint8_t wordBit);

/// Bits returned by `labelkit_icu_emoji_properties`.
enum {
    LABELKIT_ICU_EMOJI_PRESENTATION = 1 << 0,
    LABELKIT_ICU_EXTENDED_PICTOGRAPHIC = 1 << 1,
    LABELKIT_ICU_REGIONAL_INDICATOR = 1 << 2,
    LABELKIT_ICU_EMOJI_MODIFIER = 1 << 3,
};

/// The emoji-related binary properties of one code point, as LABELKIT_ICU_* bits.
uint8_t labelkit_icu_emoji_properties(uint32_t codePoint);

/// The Vertical_Orientation property of one code point (UAX #50) from ICU's data: 0 upright (U), 1 rotated (R),
/// 2 transformed upright (Tu), 3 transformed rotated (Tr) — the raw values of LabelKit's `VerticalOrientation`, not
/// ICU's own order; -1 for a value this shim does not know. Values that are no code point answer as ICU answers
/// them: rotated.
int32_t labelkit_icu_vertical_orientation(uint32_t codePoint);

/// Resolves the bidi embedding levels of one paragraph (UAX #9) into `levels` (`length` bytes) and stores the
/// paragraph level in `*paragraphLevel`.
///
/// `baseDirection`: -1 = from the first strong character, left to right if none (P2–P3); 0 = left to right;
/// 1 = right to left. Uses the bidi object of `scratch`, which no other call may use meanwhile.
/// Returns LABELKIT_ICU_OK or an ICU error code / LABELKIT_ICU_UNAVAILABLE (levels are then unspecified).
int32_t labelkit_icu_bidi_levels(LabelKitICUScratch *scratch, const uint16_t *paragraph, int32_t length,
                                 int32_t baseDirection, uint8_t *levels, uint8_t *paragraphLevel);

/// What `labelkit_icu_bidi_levels` does for a paragraph without explicit controls, paired brackets or paragraph
/// separators: the levels ICU's bidi object gives it, resolved without that object (UAX #9 W1–W7, N1–N2, I1–I2 and
/// ICU's own shortcuts and rule L1). Returns 1 when it resolved the paragraph, 0 (levels unspecified) when the paragraph
/// needs ICU. No allocation.
int32_t labelkit_bidi_levels_without_icu(const uint16_t *paragraph, int32_t length, int32_t baseDirection,
                                         uint8_t *levels, uint8_t *paragraphLevel);

/// `labelkit_icu_bidi_levels` always through ICU's bidi object: the oracle the tests compare the shortcut with.
int32_t labelkit_icu_bidi_levels_from_icu(LabelKitICUScratch *scratch, const uint16_t *paragraph, int32_t length,
                                          int32_t baseDirection, uint8_t *levels, uint8_t *paragraphLevel);

#ifdef __cplusplus
}
#endif

#endif
