import LabelKitText

/// What the analysis stage writes, and every later stage reads: a boundary flag per UTF-16 offset, a bidi level per
/// code unit, and the paragraphs.
struct TextAnalysis: Sendable {
    /// One ``TextBoundaryFlags`` per UTF-16 offset, the end included (`count + 1` of them): grapheme boundaries,
    /// line-break opportunities, mandatory breaks, emoji presentation.
    var flags: [TextBoundaryFlags] = []
    /// The bidi level of each code unit.
    var levels: [UInt8] = []
    /// The paragraphs, in text order.
    var paragraphs: [Paragraph] = []
    /// The markers of the list items, in text order; empty for text without lists.
    var listMarkers: [ListItemMarker] = []

    /// The arrays emptied for the next text, keeping their capacity.
    mutating func removeAll() {
        if !flags.isEmpty { flags.removeAll(keepingCapacity: true) }
        if !levels.isEmpty { levels.removeAll(keepingCapacity: true) }
        if !paragraphs.isEmpty { paragraphs.removeAll(keepingCapacity: true) }
        if !listMarkers.isEmpty { listMarkers.removeAll() }
    }

    /// Marks the paragraphs whose text (`units`) holds a tab: called only for a text that holds one, so that a
    /// text without tabs never looks.
    mutating func markParagraphsWithTabs(_ units: UnsafeBufferPointer<UInt16>) {
        for index in paragraphs.indices {
            let range = paragraphs[index].start..<min(paragraphs[index].contentEnd, units.count)
            paragraphs[index].containsTabs = range.contains { units[$0] == 0x09 }
        }
    }

    /// Takes the line-break opportunities out of ruby bases: a group ruby's base stays on one line, and a mono ruby's
    /// may break only between its parts' characters. Called only for a text with ruby.
    mutating func keepRubyBasesWhole(_ rubies: [StyledRuby]) {
        for ruby in rubies {
            let segments = StyledText.segments(of: ruby) { flags[$0].contains(.graphemeBoundary) }
            for segment in segments where segment.count > 1 {
                for offset in (segment.lowerBound + 1)..<segment.upperBound {
                    flags[offset].remove(.lineBreakOpportunity)
                }
            }
        }
    }

    /// The end of the grapheme cluster starting at `offset`, not beyond `limit`.
    func graphemeEnd(after offset: Int, limit: Int) -> Int {
        var end = offset + 1
        while end < limit, !flags[end].contains(.graphemeBoundary) { end += 1 }
        return min(end, limit)
    }

    /// The start of the grapheme cluster ending at `offset`, not before `limit`.
    func graphemeStart(before offset: Int, limit: Int) -> Int {
        var start = offset - 1
        while start > limit, !flags[start].contains(.graphemeBoundary) { start -= 1 }
        return max(start, limit)
    }

    /// The number of grapheme clusters starting in `range`.
    func graphemeCount(in range: Range<Int>) -> Int {
        Self.graphemeCount(in: range, flags: flags)
    }

    /// The number of grapheme clusters starting in `range`, by `flags`.
    static func graphemeCount(in range: Range<Int>, flags: [TextBoundaryFlags]) -> Int {
        flags.withUnsafeBufferPointer { flags in
            precondition(range.lowerBound >= 0 && range.upperBound <= flags.count)
            var count = 0
            for offset in range where flags[offset].contains(.graphemeBoundary) { count += 1 }
            return count
        }
    }
}

/// A paragraph: text up to and including a hard line break.
struct Paragraph: Sendable {
    var start: Int
    /// End of the paragraph's text, its line break excluded.
    var contentEnd: Int
    /// End of the paragraph, its line break included.
    var end: Int
    /// The paragraph's base bidi level: 0 left to right, 1 right to left.
    var level: UInt8 = 0
    /// Whether the paragraph's text holds a tab, which line breaking then gives its width on its line (see
    /// ``ParagraphTabs``); set after shaping, and only looked for in a text that has one. Declared beside `level`, in
    /// its padding, so that a paragraph is no larger than before tabs.
    var containsTabs = false
    /// The paragraph style of its first character, without its tab stops and lists.
    var style: ParagraphLayoutStyle
}
