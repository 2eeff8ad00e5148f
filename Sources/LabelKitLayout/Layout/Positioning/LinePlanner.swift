/// Splits lines into pieces, orders them visually and measures them.
struct LinePlanner {
    /// Whether only the lines' widths and metrics are wanted (a measurement): the pieces then get no glyphs and no
    /// grapheme count, and the lines no justification gaps, which took two more walks over every line's text and
    /// a search of its glyphs.
    let measuresOnly: Bool
    var pieces: [LinePiece] = []
    var planned: [PlannedLine] = []
    /// Totals over every planned line, so the layout's arrays are allocated once at their exact size.
    var glyphCount = 0
    var graphemeCount = 0

    mutating func plan(
        record: LineRecord, segments: some Sequence<LineSegment>, isTruncated: Bool, pass: TypesettingPass,
        token: TypesettingPass?, usesFontLeading: Bool
    ) {
        // The paragraph's fields are read in place: copying a paragraph and its style per line costs more than them.
        let paragraphIndex = record.paragraphIndex
        let paragraphLevel = pass.buffers.paragraphs[paragraphIndex].level
        let firstPiece = pieces.count
        for segment in segments where !segment.range.isEmpty {
            if segment.isInTruncationToken {
                // Token segments exist only when the token does.
                guard let token else { continue }
                addPieces(
                    of: segment, items: 0..<token.buffers.items.count, from: token, paragraphLevel: paragraphLevel)
            } else {
                let items =
                    pass.buffers.paragraphs[paragraphIndex].firstItem..<pass.buffers.paragraphs[paragraphIndex].endItem
                addPieces(of: segment, items: items, from: pass, paragraphLevel: paragraphLevel)
            }
        }
        let range = firstPiece..<pieces.count
        if !isTruncated, let hyphen = record.hyphen,
            let index = range.first(where: {
                !pieces[$0].isInTruncationToken && pieces[$0].range.upperBound == record.contentEnd
                    && pieces[$0].itemIndex == hyphen.itemIndex
            })
        {
            pieces[index].hyphen = hyphen
            pieces[index].width += hyphen.advance
            glyphCount += 1
        }
        reorderVisually(range)
        // A truncated line keeps the metrics of the line it replaces, as a TextKit line fragment keeps its height
        // when its end is truncated: the line breaker fitted that line to the height limit, so a label laid out at
        // its own measured height breaks the same lines again. Measuring what the truncated line shows instead let
        // a shorter one (its tall characters cut away) or a taller one (a middle truncation bringing in a later,
        // larger line's end) measure a label that, at that height, showed one line fewer or more (found by
        // `make fuzz`). What the line shows is drawn on its baseline.
        var width = 0.0
        var spaces = 0
        var graphemes = 0
        for index in range {
            let piece = pieces[index]
            width += piece.width
            graphemes += piece.graphemes
            if !piece.isInTruncationToken, !measuresOnly { spaces += pass.hangingSpaceCount(in: piece.range) }
        }
        let isFirstLine = record.start == pass.buffers.paragraphs[paragraphIndex].start
        planned.append(
            PlannedLine(
                record: record, pieces: range, width: width, isTruncated: isTruncated,
                justifiableGaps: spaces > 0 ? spaces : max(graphemes - 1, 0), justifiesAtSpaces: spaces > 0,
                level: paragraphLevel, alignment: pass.buffers.paragraphs[paragraphIndex].style.alignment,
                isParagraphEnd: record.end >= pass.buffers.paragraphs[paragraphIndex].end,
                headIndent: isFirstLine
                    ? pass.buffers.paragraphs[paragraphIndex].style.firstLineHeadIndent
                    : pass.buffers.paragraphs[paragraphIndex].style.headIndent,
                tailIndent: pass.buffers.paragraphs[paragraphIndex].style.tailIndent
            ))
    }

    private mutating func addPieces(
        of segment: LineSegment, items: Range<Int>, from source: TypesettingPass, paragraphLevel: UInt8
    ) {
        for itemIndex in source.items(overlapping: segment.range, in: items) {
            // The item's fields are read in place: a measurement needs a few of them, and an item is 128 bytes.
            let start = max(source.buffers.items[itemIndex].start, segment.range.lowerBound)
            let end = min(source.buffers.items[itemIndex].end, segment.range.upperBound)
            guard start < end else { continue }
            var level = source.buffers.items[itemIndex].level
            if segment.isInTruncationToken, paragraphLevel & 1 == 1 {
                // The token sits in a right-to-left paragraph: nest its own levels inside it.
                level = level & 1 == 1 ? level : level + 2
            }
            // An attachment's run has no glyphs: its box is drawn from ``TextLayout/attachments``.
            let glyphs =
                source.buffers.items[itemIndex].isAttachment || measuresOnly
                ? source.buffers.items[itemIndex].glyphStart..<source.buffers.items[itemIndex].glyphStart
                : LayoutAssembler.glyphSlice(
                    of: source.buffers.items[itemIndex], range: start..<end, in: source.buffers.glyphs)
            let graphemes = measuresOnly ? 0 : source.graphemeCount(in: start..<end)
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

    /// UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every run of pieces at that level
    /// or higher.
    private mutating func reorderVisually(_ range: Range<Int>) {
        guard range.count > 1 else { return }
        var highest: UInt8 = 0
        var lowestOdd: UInt8 = .max
        for piece in pieces[range] {
            highest = max(highest, piece.level)
            if piece.level & 1 == 1 { lowestOdd = min(lowestOdd, piece.level) }
        }
        guard lowestOdd != .max else { return }
        var level = highest
        while level >= lowestOdd {
            var index = range.lowerBound
            while index < range.upperBound {
                guard pieces[index].level >= level else {
                    index += 1
                    continue
                }
                var end = index
                while end < range.upperBound, pieces[end].level >= level { end += 1 }
                pieces[index..<end].reverse()
                index = end
            }
            if level == 0 { break }
            level -= 1
        }
    }
}
