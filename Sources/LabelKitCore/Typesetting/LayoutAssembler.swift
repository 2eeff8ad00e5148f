import Foundation

/// Positions the broken lines — bidi order, alignment, justification, insets, vertical alignment — and writes the
/// flat arrays of a ``TextLayout``.
struct LayoutAssembler {
    /// A piece of a line in visual order: part of one item of the text or of the token.
    private struct Piece {
        var isToken: Bool
        var itemIndex: Int
        var range: Range<Int>
        var level: UInt8
        var width: Double
    }

    private struct PlannedLine {
        var record: LineRecord
        var pieces: Range<Int>
        var width: Double
        var isTruncated: Bool
        var justifiableGaps: Int
        var justifiesAtSpaces: Bool
        var level: UInt8
        var alignment: TextAlignment
        var isParagraphEnd: Bool
    }

    let pass: TypesettingPass
    let token: TypesettingPass?
    let container: TextContainer

    private var pieces: [Piece] = []
    private var planned: [PlannedLine] = []

    private var glyphIDs: [UInt32] = []
    private var glyphXs: [Float] = []
    private var glyphYs: [Float] = []
    private var boxes: [ClusterBox] = []
    private var runs: [GlyphRun] = []
    private var lines: [LayoutLine] = []

    init(pass: TypesettingPass, token: TypesettingPass?, container: TextContainer) {
        self.pass = pass
        self.token = token
        self.container = container
    }

    /// Builds the layout from the broken lines; `truncatedSegments` replace the last line's text when truncating.
    mutating func assemble(
        lines records: [LineRecord], truncatedSegments: [LineSegment]?, isTruncated: Bool
    ) -> TextLayout {
        let insets = container.insets
        for (index, record) in records.enumerated() {
            let segments: [LineSegment]
            if index == records.count - 1, let truncatedSegments {
                segments = truncatedSegments
            } else {
                segments = [LineSegment(isToken: false, range: record.start..<record.contentEnd)]
            }
            plan(record: record, segments: segments, isTruncated: index == records.count - 1 && truncatedSegments != nil)
        }

        let widest = planned.reduce(0.0) { max($0, $1.width) }
        var textHeight = 0.0
        for (index, line) in planned.enumerated() {
            textHeight += line.record.height
            if index > 0 { textHeight += spacing(after: index - 1) }
        }
        let size = CGSize(
            width: Self.roundUp(widest) + insets.left + insets.right,
            height: Self.roundUp(textHeight) + insets.top + insets.bottom
        )
        let boundsWidth = container.width ?? size.width
        let boundsHeight = container.height ?? size.height
        let innerWidth = boundsWidth - insets.left - insets.right
        let innerHeight = boundsHeight - insets.top - insets.bottom
        let verticalFactor: Double = switch container.verticalAlignment {
        case .top: 0
        case .center: 0.5
        case .bottom: 1
        }
        var top = insets.top + (innerHeight - textHeight) * verticalFactor
        let firstTop = top
        var minX = Double.infinity
        var maxX = -Double.infinity
        for index in planned.indices {
            let line = planned[index]
            let spacingBefore = index > 0 ? spacing(after: index - 1) : 0
            let spacingAfter = index + 1 < planned.count ? spacing(after: index) : 0
            top += spacingBefore
            let x = insets.left + alignmentOffset(line, innerWidth: innerWidth)
            let extra = justificationExtra(line, innerWidth: innerWidth)
            emit(line, lineIndex: index, x: x, top: top, extra: extra,
                 hitTop: top - spacingBefore / 2, hitBottom: top + line.record.height + spacingAfter / 2)
            minX = min(minX, x)
            maxX = max(maxX, x + line.width + extra * Double(line.justifiableGaps))
            top += line.record.height
        }
        let usedRect = planned.isEmpty
            ? CGRect(x: insets.left, y: insets.top, width: 0, height: 0)
            : CGRect(x: minX, y: firstTop, width: maxX - minX, height: textHeight)

        var links = pass.text.links.map { LayoutLink(range: $0.range, target: $0.target, kind: $0.kind, isInTruncationToken: false) }
        if let token {
            links += token.text.links.map { LayoutLink(range: $0.range, target: $0.target, kind: $0.kind, isInTruncationToken: true) }
        }
        return TextLayout(
            string: pass.text.string, utf16: pass.utf16, container: container,
            bounds: CGRect(x: 0, y: 0, width: boundsWidth, height: boundsHeight), size: size, usedRect: usedRect,
            isTruncated: isTruncated, lines: lines, links: links, runs: runs,
            truncationTokenString: token?.text.string, glyphIDs: glyphIDs, glyphXs: glyphXs, glyphYs: glyphYs,
            clusterBoxes: boxes
        )
    }

    /// Rounds a measured extent up to whole points, ignoring the last bits of floating-point noise.
    static func roundUp(_ value: Double) -> Double {
        (value - 1e-7).rounded(.up)
    }

    private func spacing(after lineIndex: Int) -> Double {
        pass.paragraphs[planned[lineIndex].record.paragraphIndex].style.lineSpacing
    }

    // MARK: Planning

    private mutating func plan(record: LineRecord, segments: [LineSegment], isTruncated: Bool) {
        let paragraph = pass.paragraphs[record.paragraphIndex]
        let firstPiece = pieces.count
        for segment in segments where !segment.range.isEmpty {
            let source = segment.isToken ? token : pass
            guard let source else { continue }
            let itemRange = segment.isToken ? 0..<source.items.count : paragraph.firstItem..<paragraph.endItem
            for itemIndex in itemRange {
                let item = source.items[itemIndex]
                let start = max(item.start, segment.range.lowerBound)
                let end = min(item.end, segment.range.upperBound)
                guard start < end else { continue }
                var level = item.level
                if segment.isToken, paragraph.level & 1 == 1 {
                    // The token sits in a right-to-left paragraph: nest its own levels inside it.
                    level = level & 1 == 1 ? level : level + 2
                }
                pieces.append(Piece(
                    isToken: segment.isToken, itemIndex: itemIndex, range: start..<end, level: level,
                    width: source.advance(of: start..<end)
                ))
            }
        }
        reorderVisually(firstPiece..<pieces.count)
        var record = record
        if isTruncated { remeasure(&record, pieces: firstPiece..<pieces.count) }
        var width = 0.0
        var spaces = 0
        var graphemes = 0
        for piece in pieces[firstPiece..<pieces.count] {
            width += piece.width
            guard let source = piece.isToken ? token : pass else { continue }
            for offset in piece.range where source.flags[offset].contains(.graphemeBoundary) {
                graphemes += 1
                if !piece.isToken, TypesettingPass.isHangingSpace(source.utf16[offset]) { spaces += 1 }
            }
        }
        let isParagraphEnd = record.end >= paragraph.end
        planned.append(PlannedLine(
            record: record, pieces: firstPiece..<pieces.count, width: width, isTruncated: isTruncated,
            justifiableGaps: spaces > 0 ? spaces : max(graphemes - 1, 0), justifiesAtSpaces: spaces > 0,
            level: paragraph.level, alignment: paragraph.style.alignment, isParagraphEnd: isParagraphEnd
        ))
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

    /// A truncated line's metrics come from what it finally shows, token included.
    private func remeasure(_ record: inout LineRecord, pieces range: Range<Int>) {
        var ascent = 0.0
        var descent = 0.0
        var gap = 0.0
        for piece in pieces[range] {
            guard let source = piece.isToken ? token : pass, let metrics = source.items[piece.itemIndex].metrics else {
                continue
            }
            ascent = max(ascent, metrics.ascent)
            descent = max(descent, metrics.descent)
            gap = max(gap, metrics.lineGap)
        }
        guard ascent + descent > 0 else { return }
        record.ascent = ascent
        record.descent = descent
        pass.applyParagraphHeight(
            &record, gap: container.usesFontLeading ? gap : 0,
            style: pass.paragraphs[record.paragraphIndex].style
        )
    }

    // MARK: Positioning

    private func alignmentOffset(_ line: PlannedLine, innerWidth: Double) -> Double {
        let free = innerWidth - line.width
        switch line.alignment {
        case .left: return 0
        case .right: return free
        case .center: return free / 2
        case .natural: return line.level & 1 == 1 ? free : 0
        case .justified:
            if justificationExtra(line, innerWidth: innerWidth) > 0 { return 0 }
            return line.level & 1 == 1 ? free : 0
        }
    }

    private func justificationExtra(_ line: PlannedLine, innerWidth: Double) -> Double {
        guard line.alignment == .justified, !line.isParagraphEnd, !line.isTruncated, line.justifiableGaps > 0,
              innerWidth.isFinite, innerWidth > line.width
        else { return 0 }
        return (innerWidth - line.width) / Double(line.justifiableGaps)
    }

    private mutating func emit(
        _ line: PlannedLine, lineIndex: Int, x: Double, top: Double, extra: Double, hitTop: Double, hitBottom: Double
    ) {
        let record = line.record
        let baseline = top + record.extraAbove + record.ascent
        let firstRun = runs.count
        let firstBox = boxes.count
        var penX = x
        var gapsLeft = line.justifiableGaps
        for pieceIndex in line.pieces {
            let piece = pieces[pieceIndex]
            guard let source = piece.isToken ? token : pass else { continue }
            let item = source.items[piece.itemIndex]
            let rightToLeft = item.level & 1 == 1
            let runStart = penX
            let firstGlyph = glyphIDs.count

            // Glyphs.
            let slice = Self.glyphSlice(of: item, range: piece.range, in: source.glyphs)
            var glyphPen = penX
            for glyph in slice {
                glyphIDs.append(source.glyphs.glyphIDs[glyph])
                glyphXs.append(Float(glyphPen) + source.glyphs.xOffsets[glyph])
                glyphYs.append(-source.glyphs.yOffsets[glyph])
                glyphPen += Double(source.glyphs.advances[glyph])
                guard extra > 0, !piece.isToken else { continue }
                let cluster = Int(source.glyphs.clusters[glyph])
                let groupEnds = glyph + 1 == slice.upperBound || source.glyphs.clusters[glyph + 1] != source.glyphs.clusters[glyph]
                if line.justifiesAtSpaces {
                    if groupEnds, TypesettingPass.isHangingSpace(source.utf16[cluster]) { glyphPen += extra }
                } else if groupEnds, !(pieceIndex == line.pieces.upperBound - 1 && glyph + 1 == slice.upperBound) {
                    glyphPen += extra
                }
            }

            // Grapheme boxes, in visual order.
            var offset = rightToLeft ? piece.range.upperBound : piece.range.lowerBound
            while rightToLeft ? offset > piece.range.lowerBound : offset < piece.range.upperBound {
                let start = rightToLeft ? source.graphemeStart(before: offset, limit: piece.range.lowerBound) : offset
                let end = source.graphemeEnd(after: start, limit: piece.range.upperBound)
                var width = source.graphemeAdvances[start]
                if extra > 0, !piece.isToken, gapsLeft > 0 {
                    if line.justifiesAtSpaces ? TypesettingPass.isHangingSpace(source.utf16[start]) : true {
                        width += extra
                        gapsLeft -= 1
                    }
                }
                boxes.append(ClusterBox(
                    x: Float(penX), width: Float(width), start: Int32(start), end: Int32(end), isToken: piece.isToken,
                    isRightToLeft: rightToLeft
                ))
                penX += width
                offset = rightToLeft ? start : end
            }
            let style = source.text.styles[item.styleIndex]
            runs.append(GlyphRun(
                face: source.faces[item.faceIndex], style: style, glyphRange: firstGlyph..<glyphIDs.count,
                textRange: piece.range, lineIndex: lineIndex, bidiLevel: item.level, isTruncationToken: piece.isToken,
                rect: CGRect(x: runStart, y: top, width: penX - runStart, height: record.height), baseline: baseline,
                metrics: item.metrics ?? FontMetrics(
                    ascent: record.ascent, descent: record.descent, lineGap: 0, underlineOffset: 1,
                    underlineThickness: 1, strikethroughOffset: record.ascent / 3, strikethroughThickness: 1
                )
            ))
        }
        lines.append(LayoutLine(
            textRange: record.start..<record.end, baseline: baseline, ascent: record.ascent, descent: record.descent,
            rect: CGRect(x: x, y: top, width: penX - x, height: record.height), isTruncated: line.isTruncated,
            paragraphLevel: line.level, runRange: firstRun..<runs.count, clusterRange: firstBox..<boxes.count,
            hitTop: hitTop, hitBottom: hitBottom
        ))
    }

    /// The glyphs of `item` whose clusters lie in `range`: contiguous, since an item's clusters rise (left to right)
    /// or fall (right to left) monotonically in visual order.
    static func glyphSlice(of item: TypesettingPass.Item, range: Range<Int>, in glyphs: ShapedGlyphBuffer) -> Range<Int> {
        let rightToLeft = item.level & 1 == 1
        // First glyph index in the item for which `isPast` holds (isPast is monotone in visual order).
        func partition(_ isPast: (Int) -> Bool) -> Int {
            var low = item.glyphStart
            var high = item.glyphEnd
            while low < high {
                let middle = (low + high) / 2
                if isPast(Int(glyphs.clusters[middle])) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        if rightToLeft {
            let lower = partition { $0 < range.upperBound }
            let upper = partition { $0 < range.lowerBound }
            return lower..<max(lower, upper)
        }
        let lower = partition { $0 >= range.lowerBound }
        let upper = partition { $0 >= range.upperBound }
        return lower..<max(lower, upper)
    }
}
