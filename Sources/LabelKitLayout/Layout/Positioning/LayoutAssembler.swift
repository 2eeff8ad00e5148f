import Foundation
import LabelKitText

/// Positions the broken lines — bidi order, alignment, justification, insets, vertical alignment — and writes the
/// flat arrays of a ``TextLayout``.
///
/// The text's pass and the token's pass are only ever borrowed (passed as arguments), never copied: a
/// `TypesettingPass` holds a dozen arrays, and copying one per piece cost a tenth of the layout time.
struct LayoutAssembler {
    private(set) var pass: TypesettingPass
    /// The truncation token's pass; nil when the layout shows no token.
    private(set) var token: TypesettingPass?
    /// The container in line coordinates (turned for vertical text).
    let container: TextContainer
    /// The container as the app gave it, where it is not ``container`` (vertical text).
    let labelContainer: TextContainer?

    init(
        pass: consuming TypesettingPass, token: consuming TypesettingPass?, container: TextContainer,
        labelContainer: TextContainer? = nil
    ) {
        self.pass = pass
        self.token = token
        self.container = container
        self.labelContainer = labelContainer
    }

    /// Hands both passes' buffers back for the next layout.
    mutating func recycle() {
        pass.recycle()
        token?.recycle()
    }

    /// Hands the token pass's buffers back, keeping the text's: a ``ShapedText`` wraps them again.
    mutating func recycleToken() {
        token?.recycle()
    }

    /// Builds the layout from the broken lines; `truncatedSegments` replace the last line's text when truncating.
    func assemble(
        lines records: [LineRecord], truncatedSegments: [LineSegment]?, isTruncated: Bool, scaleFactor: Double = 1
    ) -> TextLayout {
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
        // The measured block (the lines' height rounded up, as `size` has it) is placed, then moved to the nearest
        // device pixel: a label sized by its own measurement starts at its top inset at any scale, and glyph edges
        // stay on the pixel grid.
        let alignmentOffset = (innerHeight - Self.roundUp(textHeight)) * verticalFactor
        var top = insets.top + Self.snappedToPixel(alignmentOffset, scale: container.displayScale)
        let firstTop = top
        var minX = Double.infinity
        var maxX = -Double.infinity
        var output = LayoutOutput(pass: pass, token: token)
        output.reserve(
            glyphs: planner.glyphCount, clusters: planner.graphemeCount, runs: planner.pieces.count,
            lines: planned.count)
        for index in planned.indices {
            let line = planned[index]
            let spacingBefore = index > 0 ? spacing(between: planned[index - 1], and: line) : 0
            let spacingAfter = index + 1 < planned.count ? spacing(between: line, and: planned[index + 1]) : 0
            top += spacingBefore
            // Indents narrow the line; the head indent is on the right in a right-to-left paragraph.
            let lineWidth = max(innerWidth - line.headIndent - line.tailIndent, 0)
            let leftIndent = line.level & 1 == 1 ? line.tailIndent : line.headIndent
            let x = insets.left + leftIndent + Self.alignmentOffset(line, innerWidth: lineWidth)
            let extra = Self.justificationExtra(line, innerWidth: lineWidth)
            output.beginLine()
            var penX = x
            var gapsLeft = line.justifiableGaps
            let record = line.record
            for pieceIndex in line.pieces {
                let piece = planner.pieces[pieceIndex]
                let placement = PiecePlacement(
                    lineIndex: index, extra: extra, justifiesAtSpaces: line.justifiesAtSpaces,
                    isLastPiece: pieceIndex == line.pieces.upperBound - 1,
                    baseline: top + record.extraAbove + record.ascent, textAscent: record.textAscent,
                    textDescent: record.textDescent
                )
                if piece.isInTruncationToken {
                    // Token pieces exist only when the token does.
                    if let token { output.emit(piece, from: token, at: placement, penX: &penX, gapsLeft: &gapsLeft) }
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
            LayoutLink(
                range: $0.range, target: $0.target, kind: $0.kind, warnings: $0.warnings, isInTruncationToken: false)
        }
        if let token {
            links += token.text.links.map {
                LayoutLink(
                    range: $0.range, target: $0.target, kind: $0.kind, warnings: $0.warnings, isInTruncationToken: true)
            }
        }
        return TextLayout(
            string: pass.text.string, utf16Count: pass.utf16.count, container: labelContainer ?? container,
            size: size, usedRect: usedRect,
            isTruncated: isTruncated, links: links, truncationTokenString: token?.text.string, lines: output.lines,
            runs: output.runs, glyphs: output.glyphs, glyphOffsets: output.glyphOffsets, clusterBoxes: output.boxes,
            faces: output.faces,
            styles: output.styles, metrics: output.metrics, attachments: output.attachments,
            sourceAttachments: pass.text.attachments, analyzer: pass.analyzer, scaleFactor: scaleFactor,
            combinedScales: output.combinedScales
        )
    }

    /// What a table's row-height callback needs, without positioning a glyph: the same planning and the same sizes as
    /// ``assemble(lines:truncatedSegments:isTruncated:)``, so a measurement always equals the layout that is drawn.
    func measurement(
        lines records: [LineRecord], truncatedSegments: [LineSegment]?, isTruncated: Bool, scaleFactor: Double = 1
    ) -> TextMeasurement {
        let planned = plan(lines: records, truncatedSegments: truncatedSegments, measuresOnly: true).planned
        let size = measure(planned).size
        return TextMeasurement(
            size: labelContainer != nil ? CGSize(width: size.height, height: size.width) : size,
            lineCount: planned.count, isTruncated: isTruncated, scaleFactor: scaleFactor)
    }

    /// Every line split into pieces in visual order and measured; with `measuresOnly`, the pieces' widths alone
    /// (``LinePlanner/measuresOnly``).
    private func plan(lines records: [LineRecord], truncatedSegments: [LineSegment]?, measuresOnly: Bool = false)
        -> LinePlanner
    {
        var planner = LinePlanner(measuresOnly: measuresOnly)
        planner.planned.reserveCapacity(records.count)
        // A line cuts at most one item in two: once, rather than growing the array several times per label.
        let pieceCount = pass.buffers.items.count + records.count + (token?.buffers.items.count ?? 0)
        if measuresOnly {
            planner.measuredPieces.reserveCapacity(pieceCount)
        } else {
            planner.pieces.reserveCapacity(pieceCount)
        }
        for (index, record) in records.enumerated() {
            if index == records.count - 1, let truncatedSegments {
                planner.plan(
                    record: record, segments: truncatedSegments, isTruncated: true, pass: pass, token: token,
                    usesFontLeading: container.usesFontLeading)
            } else {
                // One segment, without allocating an array per line.
                let whole = LineSegment(isInTruncationToken: false, range: record.start..<record.contentEnd)
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
        let widest = planned.reduce(0.0) { max($0, $1.width + $1.headIndent + $1.tailIndent) }
        var textHeight = 0.0
        for (index, line) in planned.enumerated() {
            textHeight += line.record.height
            if index > 0 { textHeight += spacing(between: planned[index - 1], and: line) }
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

    /// `value` rounded to the nearest multiple of `1 / scale` (a device pixel), halfway towards the top, ignoring
    /// floating-point noise.
    static func snappedToPixel(_ value: Double, scale: Double) -> Double {
        (value * scale - 0.5 - 1e-7).rounded(.up) / scale
    }

    private func spacing(between previous: PlannedLine, and next: PlannedLine) -> Double {
        pass.spacing(afterParagraph: previous.record.paragraphIndex, beforeParagraph: next.record.paragraphIndex)
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
        let glyphRange = item.glyphStart..<item.glyphEnd
        let records = glyphs.records
        // Searched from where the glyphs would be with one glyph per code unit (exact for most Latin, CJK and
        // Hangul text, a few steps off for the rest): a binary search's branches were a tenth of the
        // mispredictions of laying a Latin label out.
        if item.level & 1 == 1 {
            let lower = glyphRange.partitioningIndex(near: item.glyphStart + item.end - range.upperBound) {
                Int(records[$0].cluster) < range.upperBound
            }
            let upper = glyphRange.partitioningIndex(near: item.glyphStart + item.end - range.lowerBound) {
                Int(records[$0].cluster) < range.lowerBound
            }
            return lower..<max(lower, upper)
        }
        let lower = glyphRange.partitioningIndex(near: item.glyphStart + range.lowerBound - item.start) {
            Int(records[$0].cluster) >= range.lowerBound
        }
        let upper = glyphRange.partitioningIndex(near: item.glyphStart + range.upperBound - item.start) {
            Int(records[$0].cluster) >= range.upperBound
        }
        return lower..<max(lower, upper)
    }
}
