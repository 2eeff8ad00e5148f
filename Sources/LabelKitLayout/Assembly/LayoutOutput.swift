import Foundation
import LabelKitText

/// The flat arrays of a layout, written line by line by assembly: what ``TextLayout`` stores.
struct LayoutOutput {
    var glyphs: [GlyphData] = []
    /// The offsets of the glyphs that have one, in glyph order.
    var glyphOffsets: [GlyphOffset] = []
    /// Each line's boxes, then the entry that closes the line at its right end.
    var boxes: [StoredClusterBox] = []
    var runs: [RunData] = []
    var lines: [LineData] = []
    /// The inline boxes placed, in line coordinates.
    var inlineBoxes: [LayoutInlineBox] = []
    var combinedScales: [CombinedScale] = []
    private var firstRun = 0
    private var firstBox = 0
    /// Whether a piece of the line being written drew a hyphen.
    private var hyphenDrawn = false
    /// The faces, styles and metrics of the text followed by the token's; runs refer to them by index.
    let faces: [any FontFace]
    let styles: [ResolvedTextStyle]
    let metrics: [FontMetrics]
    private let tokenFaceOffset: Int
    private let tokenStyleOffset: Int
    /// The index in ``metrics`` of each item's metrics: the text's items, then the token's.
    let itemMetrics: [UInt32]
    private let tokenItemOffset: Int
    /// Where the list markers' items, faces and styles start (after the token's).
    let markerItemOffset: Int
    let markerFaceOffset: Int
    let markerStyleOffset: Int

    init(text: ShapedParagraphs, token: ShapedParagraphs?, markers: ShapedListMarkers? = nil) {
        var metrics: [FontMetrics] = []
        var itemMetrics: [UInt32] = []
        let textItems = text.itemized.items
        let tokenItems = token?.itemized.items ?? []
        let markerItems = markers?.shaped.itemized.items ?? []
        itemMetrics.reserveCapacity(textItems.count + tokenItems.count + markerItems.count)
        for items in [textItems, tokenItems] {
            for item in items {
                Self.appendMetrics(of: item, to: &metrics, indices: &itemMetrics)
            }
        }
        for item in markerItems {
            Self.appendMetrics(of: item, to: &metrics, indices: &itemMetrics)
        }
        // The ruby annotations' items, faces and styles come last (``rubyOffsets(of:)``).
        // A reference, its annotations read in place: a copy of them would copy a dozen arrays.
        let rubies = text.rubies
        if let rubies {
            for item in rubies.annotations.itemized.items {
                Self.appendMetrics(of: item, to: &metrics, indices: &itemMetrics)
            }
        }
        self.metrics = text.context.runTables.shared(metrics)
        self.itemMetrics = itemMetrics
        self.tokenItemOffset = textItems.count
        self.tokenFaceOffset = text.itemized.faces.count
        self.tokenStyleOffset = text.text.styles.count
        self.markerItemOffset = textItems.count + tokenItems.count
        self.markerFaceOffset = text.itemized.faces.count + (token?.itemized.faces.count ?? 0)
        self.markerStyleOffset = text.text.styles.count + (token?.text.styles.count ?? 0)
        if let rubies {
            faces = text.context.runTables.shared(
                text.itemized.faces + (token?.itemized.faces ?? []) + (markers?.shaped.itemized.faces ?? [])
                    + rubies.annotations.itemized.faces)
            styles =
                text.text.styles + (token?.text.styles ?? []) + (markers?.shaped.text.styles ?? [])
                + rubies.annotations.text.styles
        } else if token != nil || markers != nil {
            faces = text.context.runTables.shared(
                text.itemized.faces + (token?.itemized.faces ?? []) + (markers?.shaped.itemized.faces ?? []))
            styles = text.text.styles + (token?.text.styles ?? []) + (markers?.shaped.text.styles ?? [])
        } else {
            // The text's own style array, shared rather than copied.
            faces = text.context.runTables.shared(text.itemized.faces)
            styles = text.text.styles
        }
    }

    /// Where the items, faces and styles of `rubies`' annotations start: they come last.
    func rubyOffsets(of rubies: ShapedRubies) -> (item: Int, face: Int, style: Int) {
        let annotations = rubies.annotations
        return (
            itemMetrics.count - annotations.itemized.items.count, faces.count - annotations.itemized.faces.count,
            styles.count - annotations.text.styles.count
        )
    }

    /// Appends the index of `item`'s metrics in `metrics` to `indices`, adding them to `metrics` when new.
    @inline(__always)
    private static func appendMetrics(of item: Item, to metrics: inout [FontMetrics], indices: inout [UInt32]) {
        let value = item.metrics
        if let known = metrics.firstIndex(of: value) {
            indices.append(UInt32(known))
        } else {
            metrics.append(value)
            indices.append(UInt32(metrics.count - 1))
        }
    }

    mutating func reserve(glyphs: Int, clusters: Int, runs: Int, lines: Int) {
        self.glyphs.reserveCapacity(glyphs)
        boxes.reserveCapacity(clusters + lines)
        self.runs.reserveCapacity(runs)
        self.lines.reserveCapacity(lines)
    }

    /// Where the boxes of the line being written start in ``boxes``.
    var firstBoxOfLine: Int { firstBox }

    mutating func beginLine() {
        firstRun = runs.count
        firstBox = boxes.count
    }

    /// Closes the line being written: `line`, whose runs were drawn `width` wide from its x.
    mutating func endLine(_ line: PositionedLine, width: Double) {
        let broken = line.broken
        lines.append(
            LineData(
                textRange: broken.start..<broken.end, baseline: line.baseline, ascent: broken.ascent,
                descent: broken.descent, rect: CGRect(x: line.x, y: line.top, width: width, height: broken.height),
                isTruncated: line.isTruncated, paragraphLevel: line.level, runRange: firstRun..<runs.count,
                clusterRange: firstBox..<boxes.count, hitTop: line.hitTop, hitBottom: line.hitBottom,
                isHyphenated: hyphenDrawn
            ))
        hyphenDrawn = false
        boxes.append(.lineEnd(at: Float(line.x + width)))
    }

    /// Writes one piece's glyphs, cluster boxes and run, advancing `penX`.
    mutating func emit(
        _ piece: LinePiece, from source: ShapedParagraphs, at placement: PiecePlacement, penX: inout Double,
        gapsLeft: inout Int
    ) {
        let item = source.itemized.items[piece.itemIndex]
        let rightToLeft = item.level & 1 == 1
        let runStart = penX
        let firstGlyph = glyphs.count
        let firstBox = boxes.count
        let extra = piece.isInTruncationToken ? 0 : placement.extra

        // Glyphs: written through an unsafe buffer (the array was reserved at its exact size, so nothing here
        // reallocates).
        let slice = piece.glyphs
        let hyphen = piece.hyphen
        if hyphen != nil { hyphenDrawn = true }
        glyphs.append(
            contentsOf: repeatElement(
                GlyphData(id: 0, pen: 0, cluster: 0), count: slice.count + (hyphen == nil ? 0 : 1)))
        // The offsets are appended to a local array (moved out and back, not copied): the closure below holds
        // `glyphs` exclusively.
        var offsetsSoFar: [GlyphOffset] = []
        swap(&offsetsSoFar, &glyphOffsets)
        defer { swap(&offsetsSoFar, &glyphOffsets) }
        glyphs.withUnsafeMutableBufferPointer { output in
            var glyphPen = penX
            var out = firstGlyph
            let shaped = source.shaping.glyphs.records
            // Right to left, where the cluster before the current one in visual order starts: the current one's end.
            var clusterLimit = piece.range.upperBound
            for glyph in slice {
                let record = shaped[glyph]
                let pen = glyphPen
                glyphPen += Double(record.advance)
                if extra > 0 {
                    let cluster = Int(record.cluster)
                    let groupEnds = glyph + 1 == slice.upperBound || shaped[glyph + 1].cluster != record.cluster
                    if groupEnds {
                        switch placement.justification {
                        case .spaces:
                            if CharacterClass.isHangingSpace(source.utf16[cluster]) { glyphPen += extra }
                        case .graphemes:
                            if !(placement.isLastPiece && glyph + 1 == slice.upperBound) { glyphPen += extra }
                        case .spacesAndCJK:
                            // Every gap after a grapheme cluster of the glyph's cluster (one, but for ligatures).
                            let clusterEnd =
                                rightToLeft
                                ? clusterLimit
                                : glyph + 1 < slice.upperBound ? Int(shaped[glyph + 1].cluster) : piece.range.upperBound
                            let gaps = source.justificationGapCount(
                                from: cluster, to: clusterEnd, lineEnd: placement.lineContentEnd)
                            glyphPen += extra * Double(gaps)
                            clusterLimit = cluster
                        }
                    }
                }
                output[out] = GlyphData(id: record.glyphID, pen: Float(pen), cluster: record.cluster)
                let xOffset = record.xOffset
                let yOffset = record.yOffset
                if xOffset != 0 || yOffset != 0 {
                    offsetsSoFar.append(GlyphOffset(glyphIndex: Int32(out), x: xOffset, y: -yOffset))
                }
                out += 1
            }
            if let hyphen {
                // After the last cluster, in its cluster: the hyphen is not text.
                let last = source.graphemeStart(before: piece.range.upperBound, limit: piece.range.lowerBound)
                output[out] = GlyphData(id: hyphen.glyph, pen: Float(glyphPen), cluster: Int32(last))
                if item.glyphShift != 0 {
                    // Where the item's glyphs were moved when it was set in its line, its hyphen moves too.
                    offsetsSoFar.append(GlyphOffset(glyphIndex: Int32(out), x: 0, y: item.glyphShift))
                }
            }
        }

        // Grapheme boxes, in visual order.
        if !rightToLeft, extra == 0, hyphen == nil {
            emitBoxesLeftToRight(of: piece, from: source, penX: &penX)
        } else {
            emitBoxes(of: piece, from: source, extra: extra, placement: placement, penX: &penX, gapsLeft: &gapsLeft)
        }
        if item.isInlineBox { placeInlineBox(of: piece, from: source, at: placement, x: runStart) }
        let offsets = piece.isInTruncationToken ? (tokenFaceOffset, tokenStyleOffset, tokenItemOffset) : (0, 0, 0)
        if item.combinedScale != 1 {
            combinedScales.append(CombinedScale(runIndex: Int32(runs.count), scale: item.combinedScale))
        }
        runs.append(
            RunData(
                x: runStart, width: penX - runStart, glyphStart: Int32(firstGlyph), clusterStart: Int32(firstBox),
                textStart: Int32(piece.range.lowerBound), textEnd: Int32(piece.range.upperBound),
                lineIndex: Int32(placement.lineIndex), styleIndex: UInt32(item.styleIndex + offsets.1),
                metricsIndex: itemMetrics[piece.itemIndex + offsets.2],
                faceIndex: UInt16(clamping: item.faceIndex + offsets.0), bidiLevel: item.level,
                isInTruncationToken: piece.isInTruncationToken, orientation: item.orientation
            ))
    }

    /// The boxes of a left-to-right piece without justification or hyphen (most pieces): each grapheme's box is its
    /// advance, written into storage appended once for the piece rather than box by box.
    private mutating func emitBoxesLeftToRight(of piece: LinePiece, from source: ShapedParagraphs, penX: inout Double) {
        let range = piece.range
        guard !range.isEmpty else { return }
        let flags = source.analysis.flags
        let graphemeAdvances = source.shaping.graphemeAdvances
        precondition(
            range.lowerBound >= 0 && range.upperBound <= flags.count && range.upperBound <= graphemeAdvances.count)
        // As many boxes as graphemes, counted first: the array was reserved for the layout's graphemes, and
        // appending a box per code unit would outgrow it (a larger array kept in every layout with emoji).
        var graphemes = 0
        flags.withUnsafeBufferPointer { flags in
            for offset in range where flags[offset].contains(.graphemeBoundary) { graphemes += 1 }
        }
        if !flags[range.lowerBound].contains(.graphemeBoundary) { graphemes += 1 }
        let first = boxes.count
        boxes.append(contentsOf: repeatElement(StoredClusterBox.lineEnd(at: 0), count: graphemes))
        var written = 0
        var pen = penX
        boxes.withUnsafeMutableBufferPointer { output in
            flags.withUnsafeBufferPointer { flags in
                graphemeAdvances.withUnsafeBufferPointer { advances in
                    var start = range.lowerBound
                    while start < range.upperBound {
                        var end = start + 1
                        while end < range.upperBound, !flags[end].contains(.graphemeBoundary) { end += 1 }
                        output[first + written] = StoredClusterBox(
                            x: Float(pen), start: Int32(start), end: Int32(end),
                            isInTruncationToken: piece.isInTruncationToken, isRightToLeft: false)
                        written += 1
                        pen += advances[start]
                        start = end
                    }
                }
            }
        }
        boxes.removeLast(graphemes - written)
        penX = pen
    }

    /// The boxes of any piece, in visual order, with justification and a drawn hyphen.
    private mutating func emitBoxes(
        of piece: LinePiece, from source: ShapedParagraphs, extra: Double, placement: PiecePlacement,
        penX: inout Double, gapsLeft: inout Int
    ) {
        let rightToLeft = source.itemized.items[piece.itemIndex].level & 1 == 1
        let hyphen = piece.hyphen
        var offset = rightToLeft ? piece.range.upperBound : piece.range.lowerBound
        while rightToLeft ? offset > piece.range.lowerBound : offset < piece.range.upperBound {
            let start = rightToLeft ? source.graphemeStart(before: offset, limit: piece.range.lowerBound) : offset
            let end = source.graphemeEnd(after: start, limit: piece.range.upperBound)
            var width = source.shaping.graphemeAdvances[start]
            if extra > 0, gapsLeft > 0 {
                let stretches =
                    switch placement.justification {
                    case .graphemes: true
                    case .spaces: CharacterClass.isHangingSpace(source.utf16[start])
                    case .spacesAndCJK:
                        source.isJustificationGap(
                            after: start, next: source.graphemeEnd(after: start, limit: placement.lineContentEnd),
                            lineEnd: placement.lineContentEnd)
                    }
                if stretches {
                    width += extra
                    gapsLeft -= 1
                }
            }
            if let hyphen, end == piece.range.upperBound { width += hyphen.advance }
            boxes.append(
                StoredClusterBox(
                    x: Float(penX), start: Int32(start), end: Int32(end),
                    isInTruncationToken: piece.isInTruncationToken,
                    isRightToLeft: rightToLeft))
            penX += width
            offset = rightToLeft ? start : end
        }
    }

    /// Records where the inline box of a piece (its one cluster) goes, its run about to be appended.
    private mutating func placeInlineBox(
        of piece: LinePiece, from source: ShapedParagraphs, at placement: PiecePlacement, x: Double
    ) {
        let item = source.itemized.items[piece.itemIndex]
        // The box as its line holds it (turned upright in a column); the layout keeps the text's own.
        let inLine = source.inlineBoxes[Int(item.inlineBox)]
        let extent = LineExtent.verticalExtent(
            of: inLine, shift: item.baselineShift, textAscent: placement.textAscent,
            textDescent: placement.textDescent)
        inlineBoxes.append(
            LayoutInlineBox(
                box: source.text.inlineBoxes[Int(item.inlineBox)],
                rect: CGRect(x: x, y: placement.baseline - extent.top, width: inLine.width, height: inLine.height),
                lineIndex: placement.lineIndex, runIndex: runs.count, isInTruncationToken: piece.isInTruncationToken))
    }
}
