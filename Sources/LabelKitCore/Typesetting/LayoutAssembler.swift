import Foundation

/// Positions the broken lines — bidi order, alignment, justification, insets, vertical alignment — and writes the
/// flat arrays of a ``TextLayout``.
///
/// The text's pass and the token's pass are only ever borrowed (passed as arguments), never copied: a
/// `TypesettingPass` holds a dozen arrays, and copying one per piece cost a tenth of the layout time.
struct LayoutAssembler {
    let pass: TypesettingPass
    /// The truncation token's pass; an empty pass when the layout has no token.
    let token: TypesettingPass
    let hasToken: Bool
    let container: TextContainer

    init(pass: TypesettingPass, token: TypesettingPass?, container: TextContainer) {
        self.pass = pass
        self.token = token ?? pass.emptyCopy()
        self.hasToken = token != nil
        self.container = container
    }

    /// Builds the layout from the broken lines; `truncatedSegments` replace the last line's text when truncating.
    func assemble(lines records: [LineRecord], truncatedSegments: [LineSegment]?, isTruncated: Bool) -> TextLayout {
        let insets = container.insets
        let planner = plan(lines: records, truncatedSegments: truncatedSegments)
        let planned = planner.planned
        let (size, textHeight) = measure(planned)
        let boundsWidth = container.width ?? size.width
        let boundsHeight = container.height ?? size.height
        let innerWidth = boundsWidth - insets.left - insets.right
        let innerHeight = boundsHeight - insets.top - insets.bottom
        let verticalFactor: Double =
            switch container.verticalAlignment {
            case .top: 0
            case .center: 0.5
            case .bottom: 1
            }
        var top = insets.top + (innerHeight - textHeight) * verticalFactor
        let firstTop = top
        var minX = Double.infinity
        var maxX = -Double.infinity
        var output = LayoutOutput(pass: pass, token: hasToken ? token : nil)
        output.reserve(
            glyphs: planner.glyphCount, clusters: planner.graphemeCount, runs: planner.pieces.count,
            lines: planned.count)
        for index in planned.indices {
            let line = planned[index]
            let spacingBefore = index > 0 ? spacing(after: planned[index - 1]) : 0
            let spacingAfter = index + 1 < planned.count ? spacing(after: line) : 0
            top += spacingBefore
            let x = insets.left + Self.alignmentOffset(line, innerWidth: innerWidth)
            let extra = Self.justificationExtra(line, innerWidth: innerWidth)
            output.beginLine()
            var penX = x
            var gapsLeft = line.justifiableGaps
            let baseline = top + line.record.extraAbove + line.record.ascent
            for pieceIndex in line.pieces {
                let piece = planner.pieces[pieceIndex]
                let placement = PiecePlacement(
                    lineIndex: index, top: top, height: line.record.height, baseline: baseline, extra: extra,
                    justifiesAtSpaces: line.justifiesAtSpaces, isLastPiece: pieceIndex == line.pieces.upperBound - 1
                )
                if piece.isToken {
                    output.emit(piece, from: token, at: placement, penX: &penX, gapsLeft: &gapsLeft)
                } else {
                    output.emit(piece, from: pass, at: placement, penX: &penX, gapsLeft: &gapsLeft)
                }
            }
            output.endLine(
                LineFrame(
                    record: line.record, x: x, top: top, width: penX - x, isTruncated: line.isTruncated,
                    level: line.level,
                    hitTop: top - spacingBefore / 2, hitBottom: top + line.record.height + spacingAfter / 2
                ))
            minX = min(minX, x)
            maxX = max(maxX, penX)
            top += line.record.height
        }
        let usedRect =
            planned.isEmpty
            ? CGRect(x: insets.left, y: insets.top, width: 0, height: 0)
            : CGRect(x: minX, y: firstTop, width: maxX - minX, height: textHeight)

        var links = pass.text.links.map {
            LayoutLink(range: $0.range, target: $0.target, kind: $0.kind, isInTruncationToken: false)
        }
        if hasToken {
            links += token.text.links.map {
                LayoutLink(range: $0.range, target: $0.target, kind: $0.kind, isInTruncationToken: true)
            }
        }
        return TextLayout(
            string: pass.text.string, utf16: pass.utf16, container: container,
            bounds: CGRect(x: 0, y: 0, width: boundsWidth, height: boundsHeight), size: size, usedRect: usedRect,
            isTruncated: isTruncated, lines: output.lines, links: links, runs: output.runs,
            truncationTokenString: hasToken ? token.text.string : nil, glyphIDs: output.glyphIDs,
            glyphXs: output.glyphXs, glyphYs: output.glyphYs, clusterBoxes: output.boxes
        )
    }

    /// What a table's row-height callback needs, without positioning a glyph: the same planning and the same sizes as
    /// ``assemble(lines:truncatedSegments:isTruncated:)``, so a measurement always equals the layout that is drawn.
    func measurement(lines records: [LineRecord], truncatedSegments: [LineSegment]?, isTruncated: Bool)
        -> TextMeasurement
    {
        let planned = plan(lines: records, truncatedSegments: truncatedSegments).planned
        return TextMeasurement(size: measure(planned).size, lineCount: planned.count, isTruncated: isTruncated)
    }

    /// Every line split into pieces in visual order and measured.
    private func plan(lines records: [LineRecord], truncatedSegments: [LineSegment]?) -> LinePlanner {
        var planner = LinePlanner()
        planner.planned.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            if index == records.count - 1, let truncatedSegments {
                planner.plan(
                    record: record, segments: truncatedSegments, isTruncated: true, pass: pass, token: token,
                    usesFontLeading: container.usesFontLeading)
            } else {
                // One segment, without allocating an array per line.
                let whole = LineSegment(isToken: false, range: record.start..<record.contentEnd)
                planner.plan(
                    record: record, segments: CollectionOfOne(whole), isTruncated: false, pass: pass,
                    token: token, usesFontLeading: container.usesFontLeading)
            }
        }
        return planner
    }

    /// The size the label needs (rounded up, insets included) and the exact height of its lines.
    private func measure(_ planned: [PlannedLine]) -> (size: CGSize, textHeight: Double) {
        let insets = container.insets
        let widest = planned.reduce(0.0) { max($0, $1.width) }
        var textHeight = 0.0
        for (index, line) in planned.enumerated() {
            textHeight += line.record.height
            if index > 0 { textHeight += spacing(after: planned[index - 1]) }
        }
        let size = CGSize(
            width: Self.roundUp(widest) + insets.left + insets.right,
            height: Self.roundUp(textHeight) + insets.top + insets.bottom
        )
        return (size, textHeight)
    }

    /// Rounds a measured extent up to whole points, ignoring the last bits of floating-point noise.
    static func roundUp(_ value: Double) -> Double {
        (value - 1e-7).rounded(.up)
    }

    private func spacing(after line: PlannedLine) -> Double {
        pass.paragraphs[line.record.paragraphIndex].style.lineSpacing
    }

    private static func alignmentOffset(_ line: PlannedLine, innerWidth: Double) -> Double {
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

    private static func justificationExtra(_ line: PlannedLine, innerWidth: Double) -> Double {
        guard line.alignment == .justified, !line.isParagraphEnd, !line.isTruncated, line.justifiableGaps > 0,
            innerWidth.isFinite, innerWidth > line.width
        else { return 0 }
        return (innerWidth - line.width) / Double(line.justifiableGaps)
    }

    /// The glyphs of `item` whose clusters lie in `range`: contiguous, since an item's clusters rise (left to right)
    /// or fall (right to left) monotonically in visual order.
    static func glyphSlice(of item: TypesettingPass.Item, range: Range<Int>, in glyphs: ShapedGlyphBuffer) -> Range<Int>
    {
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

/// A piece of a line in visual order: part of one item of the text or of the token.
struct LinePiece {
    var isToken: Bool
    var itemIndex: Int
    var range: Range<Int>
    var level: UInt8
    var width: Double
    /// The piece's glyphs in its pass's glyph buffer.
    var glyphs: Range<Int>
    /// The number of grapheme clusters in the piece.
    var graphemes: Int
}

/// A line with its pieces in visual order, before positioning.
struct PlannedLine {
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

/// Splits lines into pieces, orders them visually and measures them.
struct LinePlanner {
    var pieces: [LinePiece] = []
    var planned: [PlannedLine] = []
    /// Totals over every planned line, so the layout's arrays are allocated once at their exact size.
    var glyphCount = 0
    var graphemeCount = 0

    mutating func plan(
        record: LineRecord, segments: some Sequence<LineSegment>, isTruncated: Bool, pass: TypesettingPass,
        token: TypesettingPass,
        usesFontLeading: Bool
    ) {
        let paragraph = pass.paragraphs[record.paragraphIndex]
        let firstPiece = pieces.count
        for segment in segments where !segment.range.isEmpty {
            if segment.isToken {
                addPieces(of: segment, items: 0..<token.items.count, from: token, paragraphLevel: paragraph.level)
            } else {
                addPieces(
                    of: segment, items: paragraph.firstItem..<paragraph.endItem, from: pass,
                    paragraphLevel: paragraph.level)
            }
        }
        let range = firstPiece..<pieces.count
        reorderVisually(range)
        var record = record
        if isTruncated { remeasure(&record, pieces: range, pass: pass, token: token, usesFontLeading: usesFontLeading) }
        var width = 0.0
        var spaces = 0
        var graphemes = 0
        for index in range {
            let piece = pieces[index]
            width += piece.width
            graphemes += piece.graphemes
            if !piece.isToken { spaces += pass.hangingSpaceCount(in: piece.range) }
        }
        planned.append(
            PlannedLine(
                record: record, pieces: range, width: width, isTruncated: isTruncated,
                justifiableGaps: spaces > 0 ? spaces : max(graphemes - 1, 0), justifiesAtSpaces: spaces > 0,
                level: paragraph.level, alignment: paragraph.style.alignment,
                isParagraphEnd: record.end >= paragraph.end
            ))
    }

    private mutating func addPieces(
        of segment: LineSegment, items: Range<Int>, from source: TypesettingPass, paragraphLevel: UInt8
    ) {
        for itemIndex in source.items(overlapping: segment.range, in: items) {
            let item = source.items[itemIndex]
            let start = max(item.start, segment.range.lowerBound)
            let end = min(item.end, segment.range.upperBound)
            guard start < end else { continue }
            var level = item.level
            if segment.isToken, paragraphLevel & 1 == 1 {
                // The token sits in a right-to-left paragraph: nest its own levels inside it.
                level = level & 1 == 1 ? level : level + 2
            }
            let glyphs = LayoutAssembler.glyphSlice(of: item, range: start..<end, in: source.glyphs)
            let graphemes = source.graphemeCount(in: start..<end)
            glyphCount += glyphs.count
            graphemeCount += graphemes
            pieces.append(
                LinePiece(
                    isToken: segment.isToken, itemIndex: itemIndex, range: start..<end, level: level,
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

    /// A truncated line's metrics come from what it finally shows, token included.
    private func remeasure(
        _ record: inout LineRecord, pieces range: Range<Int>, pass: TypesettingPass, token: TypesettingPass,
        usesFontLeading: Bool
    ) {
        var extent = LineExtent()
        for piece in pieces[range] {
            let metrics = piece.isToken ? token.items[piece.itemIndex].metrics : pass.items[piece.itemIndex].metrics
            if let metrics { extent.include(metrics) }
        }
        guard !extent.isEmpty else { return }
        pass.apply(extent, to: &record, usesFontLeading: usesFontLeading)
    }
}

/// Where a piece goes on its line.
struct PiecePlacement {
    var lineIndex: Int
    var top: Double
    var height: Double
    var baseline: Double
    var extra: Double
    var justifiesAtSpaces: Bool
    var isLastPiece: Bool
}

/// A positioned line's frame.
struct LineFrame {
    var record: LineRecord
    var x: Double
    var top: Double
    var width: Double
    var isTruncated: Bool
    var level: UInt8
    var hitTop: Double
    var hitBottom: Double
}

/// The flat arrays of a layout, written line by line.
struct LayoutOutput {
    var glyphIDs: [UInt32] = []
    var glyphXs: [Float] = []
    var glyphYs: [Float] = []
    var boxes: [ClusterBox] = []
    var runs: [GlyphRun] = []
    var lines: [LayoutLine] = []
    private var firstRun = 0
    private var firstBox = 0
    /// The faces, styles and metrics of the text followed by the token's; runs refer to them by index.
    private let attributes: RunAttributes
    private let tokenFaceOffset: Int
    private let tokenStyleOffset: Int
    /// The index in `attributes.metrics` of each item's metrics: the text's items, then the token's.
    private let itemMetrics: [UInt32]
    private let tokenItemOffset: Int

    init(pass: TypesettingPass, token: TypesettingPass?) {
        var metrics: [FontMetrics] = []
        var itemMetrics: [UInt32] = []
        itemMetrics.reserveCapacity(pass.items.count + (token?.items.count ?? 0))
        for item in pass.items + (token?.items ?? []) {
            let value =
                item.metrics
                ?? FontMetrics(
                    ascent: 0, descent: 0, lineGap: 0, underlineOffset: 1, underlineThickness: 1,
                    strikethroughOffset: 0,
                    strikethroughThickness: 1
                )
            if let known = metrics.firstIndex(of: value) {
                itemMetrics.append(UInt32(known))
            } else {
                metrics.append(value)
                itemMetrics.append(UInt32(metrics.count - 1))
            }
        }
        self.itemMetrics = itemMetrics
        self.tokenItemOffset = pass.items.count
        self.tokenFaceOffset = pass.faces.count
        self.tokenStyleOffset = pass.text.styles.count
        if let token {
            attributes = RunAttributes(
                faces: pass.faces + token.faces, styles: pass.text.styles + token.text.styles, metrics: metrics
            )
        } else {
            // The text's own arrays, shared rather than copied.
            attributes = RunAttributes(faces: pass.faces, styles: pass.text.styles, metrics: metrics)
        }
    }

    mutating func reserve(glyphs: Int, clusters: Int, runs: Int, lines: Int) {
        glyphIDs.reserveCapacity(glyphs)
        glyphXs.reserveCapacity(glyphs)
        glyphYs.reserveCapacity(glyphs)
        boxes.reserveCapacity(clusters)
        self.runs.reserveCapacity(runs)
        self.lines.reserveCapacity(lines)
    }

    mutating func beginLine() {
        firstRun = runs.count
        firstBox = boxes.count
    }

    mutating func endLine(_ frame: LineFrame) {
        let record = frame.record
        lines.append(
            LayoutLine(
                textRange: record.start..<record.end, baseline: frame.top + record.extraAbove + record.ascent,
                ascent: record.ascent, descent: record.descent,
                rect: CGRect(x: frame.x, y: frame.top, width: frame.width, height: record.height),
                isTruncated: frame.isTruncated, paragraphLevel: frame.level, runRange: firstRun..<runs.count,
                clusterRange: firstBox..<boxes.count, hitTop: frame.hitTop, hitBottom: frame.hitBottom
            ))
    }

    /// Writes one piece's glyphs, cluster boxes and run, advancing `penX`.
    mutating func emit(
        _ piece: LinePiece, from source: TypesettingPass, at placement: PiecePlacement, penX: inout Double,
        gapsLeft: inout Int
    ) {
        let item = source.items[piece.itemIndex]
        let rightToLeft = item.level & 1 == 1
        let runStart = penX
        let firstGlyph = glyphIDs.count
        let extra = piece.isToken ? 0 : placement.extra

        // Glyphs: identifiers copied in bulk, positions written through unsafe buffers (the arrays were reserved at
        // their exact size, so nothing here reallocates).
        let slice = piece.glyphs
        source.glyphs.glyphIDs.withUnsafeBufferPointer { ids in
            glyphIDs.append(contentsOf: UnsafeBufferPointer(rebasing: ids[slice]))
        }
        let firstOut = glyphXs.count
        glyphXs.append(contentsOf: repeatElement(0, count: slice.count))
        glyphYs.append(contentsOf: repeatElement(0, count: slice.count))
        glyphXs.withUnsafeMutableBufferPointer { xs in
            glyphYs.withUnsafeMutableBufferPointer { ys in
                var glyphPen = penX
                var out = firstOut
                let glyphs = source.glyphs
                for glyph in slice {
                    xs[out] = Float(glyphPen) + glyphs.xOffsets[glyph]
                    ys[out] = -glyphs.yOffsets[glyph]
                    out += 1
                    glyphPen += Double(glyphs.advances[glyph])
                    guard extra > 0 else { continue }
                    let cluster = Int(glyphs.clusters[glyph])
                    let groupEnds =
                        glyph + 1 == slice.upperBound || glyphs.clusters[glyph + 1] != glyphs.clusters[glyph]
                    if placement.justifiesAtSpaces {
                        if groupEnds, TypesettingPass.isHangingSpace(source.utf16[cluster]) { glyphPen += extra }
                    } else if groupEnds, !(placement.isLastPiece && glyph + 1 == slice.upperBound) {
                        glyphPen += extra
                    }
                }
            }
        }

        // Grapheme boxes, in visual order.
        var offset = rightToLeft ? piece.range.upperBound : piece.range.lowerBound
        while rightToLeft ? offset > piece.range.lowerBound : offset < piece.range.upperBound {
            let start = rightToLeft ? source.graphemeStart(before: offset, limit: piece.range.lowerBound) : offset
            let end = source.graphemeEnd(after: start, limit: piece.range.upperBound)
            var width = source.graphemeAdvances[start]
            if extra > 0, gapsLeft > 0,
                !placement.justifiesAtSpaces || TypesettingPass.isHangingSpace(source.utf16[start])
            {
                width += extra
                gapsLeft -= 1
            }
            boxes.append(
                ClusterBox(
                    x: Float(penX), width: Float(width), start: Int32(start), end: Int32(end), isToken: piece.isToken,
                    isRightToLeft: rightToLeft
                ))
            penX += width
            offset = rightToLeft ? start : end
        }
        let offsets = piece.isToken ? (tokenFaceOffset, tokenStyleOffset, tokenItemOffset) : (0, 0, 0)
        runs.append(
            GlyphRun(
                attributes: attributes, faceIndex: UInt16(clamping: item.faceIndex + offsets.0),
                styleIndex: UInt32(item.styleIndex + offsets.1),
                metricsIndex: itemMetrics[piece.itemIndex + offsets.2], bidiLevel: item.level,
                isTruncationToken: piece.isToken, glyphStart: Int32(firstGlyph), glyphEnd: Int32(glyphIDs.count),
                textStart: Int32(piece.range.lowerBound), textEnd: Int32(piece.range.upperBound),
                line: Int32(placement.lineIndex),
                rect: CGRect(x: runStart, y: placement.top, width: penX - runStart, height: placement.height),
                baseline: placement.baseline
            ))
    }
}
