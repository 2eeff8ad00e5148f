import CHarfBuzz
import LabelKitText

/// Script runs: where ``SystemFontFace/shape(_:range:options:into:)`` cuts a range, one HarfBuzz buffer per
/// script (and per run of at most ``maximumMarksInARow`` marks).
extension SystemFontFace {
    /// Marks in a row beyond this many start a new shaping segment. HarfBuzz attaches each mark by searching back over
    /// the marks before it, so 10,000 marks on one letter took seconds to shape; no writing system stacks more than
    /// 30 (Unicode's stream-safe limit, UAX #15), so only Zalgo-style text is split, its excess marks drawn stacked
    /// without a base.
    static let maximumMarksInARow = 32

    /// The script of a code point for run splitting; nil for characters that belong to their neighbours (Common,
    /// Inherited: spaces, punctuation, digits, combining marks, joiners, emoji).
    static func harfBuzzSplittingScript(of scalar: UInt32) -> hb_script_t? {
        let script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
        if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN { return nil }
        return script
    }

    /// The end of the script run starting at `start`: neutral characters join the run before them. A run also ends
    /// before a mark that follows ``maximumMarksInARow`` marks.
    static func scriptRunEnd(in text: UnsafeBufferPointer<UInt16>, after start: Int, limit: Int) -> Int {
        var runScript: hb_script_t? = nil
        var marksInARow = 0
        var offset = start
        while offset < limit {
            let (value, length) = UnicodeCodeUnits.decode(at: offset, in: text, limit: limit)
            let scalarScript: hb_script_t?
            if let common = commonScalarScript(value) {
                marksInARow = 0
                scalarScript = common == HB_SCRIPT_COMMON ? nil : common
            } else {
                if value >= 0x300, isMark(value) {
                    marksInARow += 1
                    if marksInARow > maximumMarksInARow, offset > start { return offset }
                } else {
                    marksInARow = 0
                }
                scalarScript = harfBuzzSplittingScript(of: value)
            }
            if let script = scalarScript {
                if let runScript, runScript != script { return offset }
                runScript = script
            }
            offset += length
        }
        return limit
    }

    /// The script of the commonest scalars — ASCII, kana, CJK ideographs, CJK and fullwidth punctuation — as
    /// HarfBuzz gives it, without asking HarfBuzz (two calls per scalar were a tenth of a Japanese label's shaping
    /// work); `HB_SCRIPT_COMMON` for the neutral ones and nil for every other scalar. None of them is a mark. The
    /// tests check every answer against HarfBuzz.
    @inline(__always) static func commonScalarScript(_ scalar: UInt32) -> hb_script_t? {
        switch scalar {
        case 0x41...0x5A, 0x61...0x7A: HB_SCRIPT_LATIN
        case 0...0x7F: HB_SCRIPT_COMMON
        case 0x4E00...0x9FFF, 0x3400...0x4DBF: HB_SCRIPT_HAN
        case 0x3041...0x3096, 0x309D...0x309F: HB_SCRIPT_HIRAGANA
        case 0x30A1...0x30FA, 0x30FD...0x30FF: HB_SCRIPT_KATAKANA
        case 0x3000...0x3004, 0x3008...0x3020, 0x309B...0x309C, 0x30A0, 0x30FB...0x30FC, 0xFF01...0xFF20:
            HB_SCRIPT_COMMON
        default: nil
        }
    }

    /// Whether `scalar` is a combining mark (general category Mn, Mc or Me).
    static func isMark(_ scalar: UInt32) -> Bool {
        switch hb_unicode_general_category(hb_unicode_funcs_get_default(), scalar) {
        case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
            HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
            true
        default: false
        }
    }
}
