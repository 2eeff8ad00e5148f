import Foundation
import LabelKitText

extension LayoutOutput {
    /// The width of list marker `index` of `markers` (its paragraph's text, the line break excluded).
    static func markerWidth(_ index: Int, of markers: ShapedParagraphs) -> Double {
        let paragraph = markers.analysis.paragraphs[index]
        return markers.advance(of: paragraph.start..<paragraph.contentEnd)
    }

    /// Writes list marker `index` of `markers` as runs of their own from `x` on line `lineIndex`: glyphs and runs,
    /// no cluster boxes (a marker is not text: carets, selection and link rects never see it), and the inline box
    /// that stands for it, answering `firstCharacter`.
    mutating func emitMarker(
        _ index: Int, of markers: ShapedParagraphs, lineIndex: Int, x: Double, baseline: Double,
        firstCharacter: Range<Int>
    ) {
        let paragraph = markers.analysis.paragraphs[index]
        let content = paragraph.start..<paragraph.contentEnd
        let firstRunIndex = runs.count
        let (pen, ascent, descent) = emitSideText(
            paragraph: index, of: markers,
            offsets: (item: markerItemOffset, face: markerFaceOffset, style: markerStyleOffset), lineIndex: lineIndex,
            x: x, answering: firstCharacter)
        guard runs.count > firstRunIndex else { return }
        let text = markers.text.string
        let utf16 = text.utf16
        let markerText = String(
            text[
                utf16.index(
                    utf16.startIndex, offsetBy: content.lowerBound)..<utf16.index(
                        utf16.startIndex, offsetBy: content.upperBound)])
        inlineBoxes.append(
            LayoutInlineBox(
                box: InlineBox(
                    listMarker: markerText, width: pen - x, height: ascent + descent, firstCharacter: firstCharacter),
                rect: CGRect(x: x, y: baseline - ascent, width: pen - x, height: ascent + descent),
                lineIndex: lineIndex, runIndex: firstRunIndex, isInTruncationToken: false))
    }

    /// Writes paragraph `index` of `side` — a text beside the text: a list marker, a ruby annotation — as runs of their
    /// own on line `lineIndex` from `x` on `baseline`: glyphs and runs, no cluster boxes (it is not text: carets,
    /// selection and link rects never see it), every glyph answering `answering`. `gap` is added before each grapheme
    /// cluster but the first, and half of it before the first and after the last (space-around). Returns where the pen
    /// ends and the runs' largest ascent and descent. `rise` lifts every glyph above the line's baseline (ruby over
    /// its base).
    mutating func emitSideText(
        paragraph index: Int, of side: ShapedParagraphs, offsets: (item: Int, face: Int, style: Int), lineIndex: Int,
        x: Double, answering: Range<Int>, gap: Double = 0, rise: Double = 0
    ) -> (pen: Double, ascent: Double, descent: Double) {
        let paragraph = side.analysis.paragraphs[index]
        let content = paragraph.start..<paragraph.contentEnd
        var pieces: [(item: Int, start: Int, end: Int, level: UInt8)] = []
        for itemIndex in side.itemized.items(overlapping: content, in: side.itemized.paragraphItems[index]) {
            let item = side.itemized.items[itemIndex]
            let start = max(item.start, content.lowerBound)
            let end = min(item.end, content.upperBound)
            if start < end { pieces.append((itemIndex, start, end, item.level)) }
        }
        LinePositioner.reorderVisually(&pieces, pieces.indices) { $0.level }
        var pen = x
        var ascent = 0.0
        var descent = 0.0
        let records = side.shaping.glyphs.records
        var previousCluster: Int32 = -1
        for piece in pieces {
            let item = side.itemized.items[piece.item]
            ascent = max(ascent, item.metrics.ascent)
            descent = max(descent, item.metrics.descent)
            let slice = LinePositioner.glyphSlice(of: item, range: piece.start..<piece.end, in: side.shaping.glyphs)
            let runStart = pen
            let firstGlyph = glyphs.count
            var glyphPen = pen
            for glyph in slice {
                let record = records[glyph]
                if gap != 0, record.cluster != previousCluster {
                    glyphPen += previousCluster < 0 ? gap / 2 : gap
                    previousCluster = record.cluster
                }
                if record.xOffset != 0 || record.yOffset != 0 || rise != 0 {
                    glyphOffsets.append(
                        GlyphOffset(
                            glyphIndex: Int32(glyphs.count), x: record.xOffset, y: -record.yOffset - Float(rise)))
                }
                glyphs.append(
                    GlyphData(id: record.glyphID, pen: Float(glyphPen), cluster: Int32(answering.lowerBound)))
                glyphPen += Double(record.advance)
            }
            if gap == 0 {
                pen += side.advance(of: piece.start..<piece.end)
            } else {
                pen = glyphPen + (piece.end == content.upperBound ? gap / 2 : 0)
            }
            runs.append(
                RunData(
                    x: runStart, width: pen - runStart, glyphStart: Int32(firstGlyph), clusterStart: Int32(boxes.count),
                    textStart: Int32(answering.lowerBound), textEnd: Int32(answering.lowerBound),
                    lineIndex: Int32(lineIndex), styleIndex: UInt32(item.styleIndex + offsets.style),
                    metricsIndex: itemMetrics[piece.item + offsets.item],
                    faceIndex: UInt16(clamping: item.faceIndex + offsets.face), bidiLevel: item.level,
                    isInTruncationToken: false, orientation: item.orientation))
        }
        return (pen, ascent, descent)
    }
}
