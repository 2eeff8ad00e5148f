import LabelKitText

/// Where a justified line's slack goes: every gap it chooses gets the same extra space, added to the advance of the
/// grapheme cluster before the gap (so cluster boxes, run widths, hits, rects and carets see it).
///
/// - ``spaces``: at its hanging spaces — a line of words.
/// - ``spacesAndCJK``: at its spaces and at every gap next to a Chinese or Japanese character (Han, kana, Bopomofo,
///   CJK symbols and punctuation, fullwidth forms), as CSS's `text-justify: auto` does (inter-character for CJK,
///   inter-word elsewhere). Hangul is not among them: Korean separates words with spaces.
/// - ``graphemes``: between every two grapheme clusters — a line with neither spaces nor CJK (one long word).
enum JustificationGaps: UInt8 {
    case graphemes
    case spaces
    case spacesAndCJK
}

extension ShapedParagraphs {
    /// The gaps a justified line showing the code units `range` (trailing spaces and line break excluded) stretches,
    /// and how many: spaces and CJK gaps when it has a gap next to a CJK character, else its spaces, else — when it
    /// has none — the `graphemes - 1` gaps between its grapheme clusters.
    func justificationGaps(in range: Range<Int>, graphemes: Int) -> (count: Int, kind: JustificationGaps) {
        let (spaces, cjkGaps) = justificationOpportunities(in: range)
        if cjkGaps > 0 { return (spaces + cjkGaps, .spacesAndCJK) }
        if spaces > 0 { return (spaces, .spaces) }
        return (max(graphemes - 1, 0), .graphemes)
    }

    /// The hanging spaces starting a grapheme cluster in `range`, and the other gaps between two of its clusters next
    /// to a CJK character (see ``isCJKJustificationGap(after:next:lineEnd:)``).
    private func justificationOpportunities(in range: Range<Int>) -> (spaces: Int, cjkGaps: Int) {
        var spaces = 0
        var cjkGaps = 0
        var start = range.lowerBound
        while start < range.upperBound {
            let end = graphemeEnd(after: start, limit: range.upperBound)
            if CharacterClass.isHangingSpace(utf16[start]) {
                spaces += 1
            } else if isCJKJustificationGap(after: start, next: end, lineEnd: range.upperBound) {
                cjkGaps += 1
            }
            start = end
        }
        return (spaces, cjkGaps)
    }

    /// How many of the gaps after the grapheme clusters starting from `start` up to `end` (a glyph's cluster, one
    /// grapheme cluster or a ligature's few) a line of ``JustificationGaps/spacesAndCJK`` ending at `lineEnd`
    /// stretches.
    func justificationGapCount(from start: Int, to end: Int, lineEnd: Int) -> Int {
        var count = 0
        var offset = start
        while offset < end {
            let next = graphemeEnd(after: offset, limit: lineEnd)
            if isJustificationGap(after: offset, next: next, lineEnd: lineEnd) { count += 1 }
            offset = max(next, offset + 1)
        }
        return count
    }

    /// Whether the gap after the grapheme cluster at `start` (which ends at `next`) is stretched on a line of
    /// ``JustificationGaps/spacesAndCJK`` that ends at `lineEnd`: the cluster is a hanging space, or the gap is
    /// between two clusters of the line, neither of them a space, one of them CJK. (A space next to a CJK character
    /// stretches once, as a space.)
    func isJustificationGap(after start: Int, next: Int, lineEnd: Int) -> Bool {
        CharacterClass.isHangingSpace(utf16[start]) || isCJKJustificationGap(after: start, next: next, lineEnd: lineEnd)
    }

    /// The CJK part of ``isJustificationGap(after:next:lineEnd:)``: the gap between two clusters of the line that are
    /// not spaces, at least one of them CJK.
    private func isCJKJustificationGap(after start: Int, next: Int, lineEnd: Int) -> Bool {
        guard next < lineEnd, !CharacterClass.isHangingSpace(utf16[next]) else { return false }
        return Self.isCJK(utf16, at: start) || Self.isCJK(utf16, at: next)
    }

    /// Whether the character at `offset` of `units` (its first scalar) is Chinese or Japanese for justification: Han
    /// (with radicals, strokes, compatibility ideographs and the supplementary planes), Hiragana, Katakana,
    /// Bopomofo, CJK symbols and punctuation, enclosed and compatibility CJK, and the fullwidth forms (halfwidth
    /// Hangul excepted).
    static func isCJK(_ units: [UInt16], at offset: Int) -> Bool {
        let unit = units[offset]
        if unit < 0x2E80 { return false }
        if UnicodeCodeUnits.isLeadSurrogate(unit) {
            guard offset + 1 < units.count else { return false }
            let trail = units[offset + 1]
            guard UnicodeCodeUnits.isTrailSurrogate(trail) else { return false }
            let scalar = UnicodeCodeUnits.scalarValue(lead: unit, trail: trail)
            // Kana Supplement to Small Kana Extension, and the ideographic planes (Extensions B onward).
            return (0x1B000...0x1B16F).contains(scalar) || (0x20000...0x3FFFF).contains(scalar)
        }
        switch unit {
        case 0x2E80...0x2FDF,   // CJK radicals, Kangxi radicals
            0x2FF0...0x303F,   // ideographic description characters, CJK symbols and punctuation
            0x3040...0x30FF,   // Hiragana, Katakana
            0x3100...0x312F,   // Bopomofo
            0x3190...0x31FF,   // Kanbun, Bopomofo Extended, CJK strokes, Katakana Phonetic Extensions
            0x3200...0x4DBF,   // enclosed CJK letters and months, CJK compatibility, Extension A
            0x4E00...0x9FFF,   // CJK Unified Ideographs
            0xF900...0xFAFF,   // CJK compatibility ideographs
            0xFE30...0xFE4F,   // CJK compatibility forms
            0xFF00...0xFF9F,   // fullwidth forms, halfwidth Katakana
            0xFFE0...0xFFEF:   // fullwidth signs
            return true
        default:
            return false
        }
    }
}
