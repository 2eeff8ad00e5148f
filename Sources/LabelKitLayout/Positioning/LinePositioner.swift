import LabelKitText

/// The positioning stage: splits each broken line into pieces (one per item it shows), puts them in visual order
/// (UAX #9's L2), measures the line, and places it — alignment, justification, indents, insets and vertical alignment
/// (``LinePositioner+Placement.swift``).
///
/// Reads the fitted lines, the shaped text and the truncation token's; writes the ``PositionedLine``s and their
/// ``LinePiece``s. A measurement positions nothing: its lines are planned from their pieces' levels and widths alone
/// (``planMeasured(_:segments:isTruncated:text:token:)``), with no piece made, no glyphs, no grapheme count and no
/// justification gaps.
struct LinePositioner {
    /// Whether the lines serve a layout, or only a measurement.
    let purpose: TypesettingPurpose
    var pieces: [LinePiece] = []
    /// A measurement's pieces, line after line: their bidi levels and widths alone.
    var measuredPieces: [(level: UInt8, width: Double)] = []
    var lines: [PositionedLine] = []
    /// Totals over every line, so the layout's arrays are allocated once at their exact size.
    var glyphCount = 0
    var graphemeCount = 0

    init(purpose: TypesettingPurpose) {
        self.purpose = purpose
    }

    /// Plans `line`, whose text is `segments` (the line's own text, or a truncated line's segments).
    mutating func plan(
        _ line: BrokenLine, segments: some Sequence<LineSegment>, isTruncated: Bool, text: ShapedParagraphs,
        token: ShapedParagraphs?
    ) {
        if purpose == .measurement {
            planMeasured(line, segments: segments, isTruncated: isTruncated, text: text, token: token)
            return
        }
        // The paragraph's fields are read in place: copying a paragraph and its style per line costs more than them.
        let paragraphIndex = line.paragraphIndex
        let paragraphLevel = text.analysis.paragraphs[paragraphIndex].level
        let firstPiece = pieces.count
        for segment in segments where !segment.range.isEmpty {
            if segment.isInTruncationToken {
                // Token segments exist only when the token does.
                guard let token else { continue }
                addPieces(
                    of: segment, items: 0..<token.itemized.items.count, from: token, paragraphLevel: paragraphLevel)
            } else {
                addPieces(
                    of: segment, items: text.itemized.paragraphItems[paragraphIndex], from: text,
                    paragraphLevel: paragraphLevel)
            }
        }
        let range = firstPiece..<pieces.count
        if !isTruncated, let hyphen = line.hyphen,
            let index = range.first(where: {
                !pieces[$0].isInTruncationToken && pieces[$0].range.upperBound == line.contentEnd
                    && pieces[$0].itemIndex == hyphen.itemIndex
            })
        {
            pieces[index].hyphen = hyphen
            pieces[index].width += hyphen.advance
            glyphCount += 1
        }
        Self.reorderVisually(&pieces, range) { $0.level }
        // A truncated line keeps the metrics of the line it replaces, as a TextKit line fragment keeps its height
        // when its end is truncated: the line breaker fitted that line to the height limit, so a label laid out at
        // its own measured height breaks the same lines again. Measuring what the truncated line shows instead let
        // a shorter one (its tall characters cut away) or a taller one (a middle truncation bringing in a later,
        // larger line's end) measure a label that, at that height, showed one line fewer or more (found by
        // `make fuzz`). What the line shows is drawn on its baseline.
        var width = 0.0
        var graphemes = 0
        for index in range {
            width += pieces[index].width
            graphemes += pieces[index].graphemes
        }
        // The gaps are counted only on a line that may be stretched: justified, neither truncated nor its
        // paragraph's last (one check per line; other lines never read its text again).
        var gaps = (count: 0, kind: JustificationGaps.graphemes)
        if text.analysis.paragraphs[paragraphIndex].style.alignment == .justified, !isTruncated,
            line.end < text.analysis.paragraphs[paragraphIndex].end
        {
            gaps = text.justificationGaps(in: line.start..<line.contentEnd, graphemes: graphemes)
        }
        appendLine(
            line, pieces: range, width: width, isTruncated: isTruncated, justifiableGaps: gaps.count,
            justification: gaps.kind, text: text)
    }

    private mutating func appendLine(
        _ line: BrokenLine, pieces: Range<Int>, width: Double, isTruncated: Bool, justifiableGaps: Int,
        justification: JustificationGaps, text: ShapedParagraphs
    ) {
        let paragraphIndex = line.paragraphIndex
        let isFirstLine = line.start == text.analysis.paragraphs[paragraphIndex].start
        lines.append(
            PositionedLine(
                broken: line, pieces: pieces, width: width, isTruncated: isTruncated,
                justifiableGaps: justifiableGaps, justification: justification,
                level: text.analysis.paragraphs[paragraphIndex].level,
                alignment: text.analysis.paragraphs[paragraphIndex].style.alignment,
                isParagraphEnd: line.end >= text.analysis.paragraphs[paragraphIndex].end,
                headIndent: isFirstLine
                    ? text.analysis.paragraphs[paragraphIndex].style.firstLineHeadIndent
                    : text.analysis.paragraphs[paragraphIndex].style.headIndent,
                tailIndent: text.analysis.paragraphs[paragraphIndex].style.tailIndent
            ))
    }

    /// What ``plan(_:segments:isTruncated:text:token:)`` does for a measurement, without pieces: the same pieces'
    /// levels and widths (the hyphen's advance added to the same one), put in visual order the same way and summed in
    /// that order — so the line is exactly as wide as a layout's — but no piece of 112 bytes made and reordered for
    /// it.
    private mutating func planMeasured(
        _ line: BrokenLine, segments: some Sequence<LineSegment>, isTruncated: Bool, text: ShapedParagraphs,
        token: ShapedParagraphs?
    ) {
        let paragraphLevel = text.analysis.paragraphs[line.paragraphIndex].level
        let hyphen = isTruncated ? nil : line.hyphen
        var hyphenPiece = -1
        // The line's pieces go after the earlier lines' (one array for the label, never emptied line by line).
        let first = measuredPieces.count
        for segment in segments where !segment.range.isEmpty {
            if segment.isInTruncationToken {
                // Token segments exist only when the token does.
                guard let token else { continue }
                addMeasuredPieces(
                    of: segment, items: 0..<token.itemized.items.count, from: token, paragraphLevel: paragraphLevel,
                    hyphen: nil, hyphenPiece: &hyphenPiece)
            } else {
                addMeasuredPieces(
                    of: segment, items: text.itemized.paragraphItems[line.paragraphIndex],
                    from: text, paragraphLevel: paragraphLevel,
                    hyphen: hyphen.map { ($0.itemIndex, line.contentEnd) },
                    hyphenPiece: &hyphenPiece)
            }
        }
        if let hyphen, hyphenPiece >= 0 { measuredPieces[hyphenPiece].width += hyphen.advance }
        let range = first..<measuredPieces.count
        Self.reorderVisually(&measuredPieces, range) { $0.level }
        var width = 0.0
        for index in range { width += measuredPieces[index].width }
        appendLine(
            line, pieces: pieces.count..<pieces.count, width: width, isTruncated: isTruncated,
            justifiableGaps: 0, justification: .graphemes, text: text)
    }

    private mutating func addPieces(
        of segment: LineSegment, items: Range<Int>, from source: ShapedParagraphs, paragraphLevel: UInt8
    ) {
        for itemIndex in source.itemized.items(overlapping: segment.range, in: items) {
            guard
                let (start, end, level) = Self.piece(
                    of: itemIndex, in: segment, from: source, paragraphLevel: paragraphLevel)
            else { continue }
            // An inline box's run has no glyphs: the box is drawn from ``TextLayout/inlineBoxes``.
            let glyphs =
                source.itemized.items[itemIndex].isInlineBox
                ? source.itemized.items[itemIndex].glyphStart..<source.itemized.items[itemIndex].glyphStart
                : Self.glyphSlice(
                    of: source.itemized.items[itemIndex], range: start..<end, in: source.shaping.glyphs)
            let graphemes = source.analysis.graphemeCount(in: start..<end)
            glyphCount += glyphs.count
            graphemeCount += graphemes
            pieces.append(
                LinePiece(
                    isInTruncationToken: segment.isInTruncationToken, itemIndex: itemIndex, range: start..<end,
                    level: level,
                    width: source.advance(of: start..<end), glyphs: glyphs, graphemes: graphemes
                ))
        }
    }

    /// The text range and bidi level of the piece that item `itemIndex` of `source` makes of `segment`; nil when
    /// they do not overlap. The item's fields are read in place: a piece needs a few of them, and an item is 128 bytes.
    @inline(__always) private static func piece(
        of itemIndex: Int, in segment: LineSegment, from source: ShapedParagraphs, paragraphLevel: UInt8
    ) -> (start: Int, end: Int, level: UInt8)? {
        let start = max(source.itemized.items[itemIndex].start, segment.range.lowerBound)
        let end = min(source.itemized.items[itemIndex].end, segment.range.upperBound)
        guard start < end else { return nil }
        var level = source.itemized.items[itemIndex].level
        if segment.isInTruncationToken, paragraphLevel & 1 == 1 {
            // The token sits in a right-to-left paragraph: nest its own levels inside it.
            level = level & 1 == 1 ? level : level + 2
        }
        return (start, end, level)
    }

    /// The levels and widths of the pieces ``addPieces(of:items:from:paragraphLevel:)`` would make of `segment`;
    /// the index of the first that ends at `hyphen.end` in item `hyphen.item` goes to `hyphenPiece` (when still -1).
    private mutating func addMeasuredPieces(
        of segment: LineSegment, items: Range<Int>, from source: ShapedParagraphs, paragraphLevel: UInt8,
        hyphen: (item: Int, end: Int)?, hyphenPiece: inout Int
    ) {
        for itemIndex in source.itemized.items(overlapping: segment.range, in: items) {
            guard
                let (start, end, level) = Self.piece(
                    of: itemIndex, in: segment, from: source, paragraphLevel: paragraphLevel)
            else { continue }
            if let hyphen, hyphenPiece < 0, end == hyphen.end, itemIndex == hyphen.item {
                hyphenPiece = measuredPieces.count
            }
            measuredPieces.append((level, source.advance(of: start..<end)))
        }
    }

    /// UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every run of pieces at that level
    /// or higher.
    static func reorderVisually<Piece>(
        _ pieces: inout [Piece], _ range: Range<Int>, level: (Piece) -> UInt8
    ) {
        guard range.count > 1 else { return }
        var highest: UInt8 = 0
        var lowestOdd: UInt8 = .max
        for index in range {
            let pieceLevel = level(pieces[index])
            highest = max(highest, pieceLevel)
            if pieceLevel & 1 == 1 { lowestOdd = min(lowestOdd, pieceLevel) }
        }
        guard lowestOdd != .max else { return }
        var current = highest
        while current >= lowestOdd {
            var index = range.lowerBound
            while index < range.upperBound {
                guard level(pieces[index]) >= current else {
                    index += 1
                    continue
                }
                var end = index
                while end < range.upperBound, level(pieces[end]) >= current { end += 1 }
                pieces[index..<end].reverse()
                index = end
            }
            if current == 0 { break }
            current -= 1
        }
    }
}
