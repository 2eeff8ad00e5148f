import Foundation
import LabelKitText

/// The assembly stage: positions the fitted lines (``LinePositioner``) and writes them into the flat arrays of a
/// ``TextLayout`` (``LayoutOutput``), or measures them without positioning a glyph. On the way out, the layout's
/// geometry is turned into the label's coordinates (``LineTransform``).
///
/// Reads the fitted lines and the shaped text and token, which it owns from the moment it is made: a
/// ``ShapedParagraphs`` holds a dozen arrays, and a copy of one per piece cost a tenth of the layout time. Building
/// the layout or the measurement consumes the assembler and gives their arrays back to the context (the text's only
/// when it owns it: a ``ShapedText`` keeps its own).
struct LayoutAssembler {
    private var text: ShapedParagraphs
    /// The truncation token, shaped; nil when the layout shows no token.
    private var token: ShapedParagraphs?
    /// The list markers, shaped, one paragraph each in the order of ``TextAnalysis/listMarkers``; nil without lists.
    private let markers: ShapedListMarkers?
    private let fitted: FittedLines
    /// The container in line coordinates (turned for vertical text).
    private let container: TextContainer
    /// The container as the app gave it.
    private let labelContainer: TextContainer
    /// Whether the shaped text's arrays go back to the context when the assembler is done.
    private let ownsText: Bool

    init(
        text: consuming ShapedParagraphs, token: consuming ShapedParagraphs?,
        markers: ShapedListMarkers? = nil,
        fitted: FittedLines, container: TextContainer, labelContainer: TextContainer, ownsText: Bool
    ) {
        self.text = text
        self.token = token
        self.markers = markers
        self.fitted = fitted
        self.container = container
        self.labelContainer = labelContainer
        self.ownsText = ownsText
    }

    /// Builds the layout.
    consuming func layout() -> TextLayout {
        var positioner = position(for: .layout)
        let (size, textHeight) = positioner.size(in: container, text: text)
        positioner.place(in: container, size: size, textHeight: textHeight, text: text)
        var output = LayoutOutput(text: text, token: token, markers: markers)
        var rubyAreas: [RubyArea] = []
        var nextMarker = 0
        output.reserve(
            glyphs: positioner.glyphCount, clusters: positioner.graphemeCount, runs: positioner.pieces.count,
            lines: positioner.lines.count)
        var minX = Double.infinity
        var maxX = -Double.infinity
        for index in positioner.lines.indices {
            let line = positioner.lines[index]
            output.beginLine()
            var penX = line.x
            var gapsLeft = line.justifiableGaps
            // The marker of a list item stands before its first line: on the left, or on the right of a
            // right-to-left line, after its runs.
            let marker = markerIndex(startingLine: line.broken, from: &nextMarker)
            var markerWidth = 0.0
            if let marker, let markers {
                markerWidth = LayoutOutput.markerWidth(marker, of: markers.shaped)
                if line.level & 1 == 0 {
                    output.emitMarker(
                        marker, of: markers.shaped, lineIndex: index, x: line.x - markerWidth, baseline: line.baseline,
                        firstCharacter: firstCharacter(of: line.broken))
                    minX = min(minX, line.x - markerWidth)
                }
            }
            for pieceIndex in line.pieces {
                let piece = positioner.pieces[pieceIndex]
                let placement = PiecePlacement(
                    lineIndex: index, extra: line.justificationExtra, justification: line.justification,
                    lineContentEnd: line.broken.contentEnd,
                    isLastPiece: pieceIndex == line.pieces.upperBound - 1, baseline: line.baseline,
                    textAscent: line.broken.textAscent, textDescent: line.broken.textDescent
                )
                if piece.isInTruncationToken {
                    // Token pieces exist only when the token does.
                    if let token { output.emit(piece, from: token, at: placement, penX: &penX, gapsLeft: &gapsLeft) }
                } else {
                    output.emit(piece, from: text, at: placement, penX: &penX, gapsLeft: &gapsLeft)
                }
            }
            if let marker, let markers, line.level & 1 == 1 {
                output.emitMarker(
                    marker, of: markers.shaped, lineIndex: index, x: penX, baseline: line.baseline,
                    firstCharacter: firstCharacter(of: line.broken))
                maxX = max(maxX, penX + markerWidth)
            }
            if text.text.rubies != nil, let rubies = text.rubies {
                output.emitRubies(rubies, on: line, lineIndex: index, lineEnd: penX, areas: &rubyAreas)
            }
            output.endLine(line, width: penX - line.x)
            minX = min(minX, line.x)
            maxX = max(maxX, penX)
        }
        let insets = container.insets
        let usedRect =
            positioner.lines.isEmpty
            ? CGRect(x: insets.left, y: insets.top, width: 0, height: 0)
            : CGRect(x: minX, y: positioner.lines[0].top, width: maxX - minX, height: textHeight)
        var links = text.text.links.map {
            LayoutLink(
                range: $0.range, target: $0.target, kind: $0.kind, warnings: $0.warnings, isInTruncationToken: false)
        }
        if let token {
            links += token.text.links.map {
                LayoutLink(
                    range: $0.range, target: $0.target, kind: $0.kind, warnings: $0.warnings, isInTruncationToken: true)
            }
        }
        // On the way out, the geometry in line coordinates is turned into the label's.
        let transform = LineTransform(labelContainer)
        let labelSize = transform.labelSize(size)
        let labelWidth = labelContainer.width ?? labelSize.width
        let inlineBoxes =
            transform.isIdentity
            ? output.inlineBoxes
            : output.inlineBoxes.map {
                LayoutInlineBox(
                    box: $0.box, rect: transform.labelRect($0.rect, width: labelWidth), lineIndex: $0.lineIndex,
                    runIndex: $0.runIndex, isInTruncationToken: $0.isInTruncationToken)
            }
        let layout = TextLayout(
            string: text.text.string, utf16Count: text.utf16.count, container: labelContainer, size: labelSize,
            usedRect: transform.labelRect(usedRect, width: labelWidth), isTruncated: fitted.isTruncated, links: links,
            truncationTokenString: token?.text.string, lines: output.lines, runs: output.runs, glyphs: output.glyphs,
            glyphOffsets: output.glyphOffsets, clusterBoxes: output.boxes, faces: output.faces, styles: output.styles,
            metrics: output.metrics, inlineBoxes: inlineBoxes, sourceInlineBoxes: sourceInlineBoxes(),
            analyzer: text.analyzer, scaleFactor: fitted.scale, combinedScales: output.combinedScales,
            rubyAreas: rubyAreas
        )
        recycle()
        return layout
    }

    /// What a table's row-height callback needs, without positioning a glyph: the same planning and the same sizes as
    /// ``layout()``, so a measurement always equals the layout that is drawn.
    consuming func measurement() -> TextMeasurement {
        let positioner = position(for: .measurement)
        let size = positioner.size(in: container, text: text).size
        let measurement = TextMeasurement(
            size: LineTransform(labelContainer).labelSize(size), lineCount: positioner.lines.count,
            isTruncated: fitted.isTruncated, scaleFactor: fitted.scale)
        recycle()
        return measurement
    }

    /// Every line split into pieces in visual order and measured, for `purpose`.
    private func position(for purpose: TypesettingPurpose) -> LinePositioner {
        var positioner = LinePositioner(purpose: purpose)
        let lines = fitted.lines
        positioner.lines.reserveCapacity(lines.count)
        // A line cuts at most one item in two: once, rather than growing the array several times per label.
        let pieceCount = text.itemized.items.count + lines.count + (token?.itemized.items.count ?? 0)
        if purpose == .measurement {
            positioner.measuredPieces.reserveCapacity(pieceCount)
        } else {
            positioner.pieces.reserveCapacity(pieceCount)
        }
        for (index, line) in lines.enumerated() {
            if index == lines.count - 1, let segments = fitted.truncatedSegments {
                positioner.plan(line, segments: segments, isTruncated: true, text: text, token: token)
            } else {
                // One segment, without allocating an array per line.
                let whole = LineSegment(isInTruncationToken: false, range: line.start..<line.contentEnd)
                positioner.plan(line, segments: CollectionOfOne(whole), isTruncated: false, text: text, token: token)
            }
        }
        return positioner
    }

    /// Hands the token's and the markers' arrays, and the text's when the assembler owns them, back to the context.
    private mutating func recycle() {
        if ownsText { text.recycle() }
        token?.recycle()
        markers?.shaped.recycle()
    }

    /// The index in ``TextAnalysis/listMarkers`` of the marker that stands before `line`, when it is the first line
    /// of a list item; `next` walks the markers as the lines go down.
    private func markerIndex(startingLine line: BrokenLine, from next: inout Int) -> Int? {
        let listMarkers = text.analysis.listMarkers
        guard markers != nil, next < listMarkers.count else { return nil }
        while next < listMarkers.count, listMarkers[next].paragraphIndex < line.paragraphIndex { next += 1 }
        guard next < listMarkers.count, listMarkers[next].paragraphIndex == line.paragraphIndex,
            line.start == text.analysis.paragraphs[line.paragraphIndex].start
        else { return nil }
        return next
    }

    /// The first character of the paragraph `line` starts: what a hit on its marker answers (empty for an empty
    /// item).
    private func firstCharacter(of line: BrokenLine) -> Range<Int> {
        let paragraph = text.analysis.paragraphs[line.paragraphIndex]
        guard paragraph.start < paragraph.contentEnd else { return paragraph.start..<paragraph.start }
        return paragraph.start..<text.analysis.graphemeEnd(after: paragraph.start, limit: paragraph.contentEnd)
    }

    /// Every inline box of the source text, the list markers among them, in text order (a marker before the box on
    /// its item's first character).
    private func sourceInlineBoxes() -> [InlineBox] {
        guard let markers, !text.analysis.listMarkers.isEmpty else { return text.text.inlineBoxes }
        var boxes: [InlineBox] = []
        boxes.reserveCapacity(text.text.inlineBoxes.count + text.analysis.listMarkers.count)
        var textBoxes = text.text.inlineBoxes[...]
        for (index, marker) in text.analysis.listMarkers.enumerated() {
            let paragraph = text.analysis.paragraphs[marker.paragraphIndex]
            while let box = textBoxes.first, box.textRange.lowerBound < paragraph.start {
                boxes.append(box)
                textBoxes = textBoxes.dropFirst()
            }
            let first =
                paragraph.start < paragraph.contentEnd
                ? paragraph.start..<text.analysis.graphemeEnd(after: paragraph.start, limit: paragraph.contentEnd)
                : paragraph.start..<paragraph.start
            boxes.append(
                InlineBox(
                    listMarker: marker.text, width: LayoutOutput.markerWidth(index, of: markers.shaped), height: 0,
                    firstCharacter: first))
        }
        boxes.append(contentsOf: textBoxes)
        return boxes
    }
}
