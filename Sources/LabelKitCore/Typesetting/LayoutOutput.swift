import Foundation

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
        itemMetrics.reserveCapacity(pass.buffers.items.count + (token?.buffers.items.count ?? 0))
        for item in pass.buffers.items + (token?.buffers.items ?? []) {
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
        self.tokenItemOffset = pass.buffers.items.count
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
        let item = source.buffers.items[piece.itemIndex]
        let rightToLeft = item.level & 1 == 1
        let runStart = penX
        let firstGlyph = glyphIDs.count
        let extra = piece.isToken ? 0 : placement.extra

        // Glyphs: identifiers copied in bulk, positions written through unsafe buffers (the arrays were reserved at
        // their exact size, so nothing here reallocates).
        let slice = piece.glyphs
        source.buffers.glyphs.glyphIDs.withUnsafeBufferPointer { ids in
            glyphIDs.append(contentsOf: UnsafeBufferPointer(rebasing: ids[slice]))
        }
        let firstOut = glyphXs.count
        glyphXs.append(contentsOf: repeatElement(0, count: slice.count))
        glyphYs.append(contentsOf: repeatElement(0, count: slice.count))
        glyphXs.withUnsafeMutableBufferPointer { xs in
            glyphYs.withUnsafeMutableBufferPointer { ys in
                var glyphPen = penX
                var out = firstOut
                let glyphs = source.buffers.glyphs
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
            var width = source.buffers.graphemeAdvances[start]
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
