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
        var pieces: [(item: Int, start: Int, end: Int, level: UInt8)] = []
        for itemIndex in markers.itemized.items(
            overlapping: content, in: markers.itemized.paragraphItems[index])
        {
            let item = markers.itemized.items[itemIndex]
            let start = max(item.start, content.lowerBound)
            let end = min(item.end, content.upperBound)
            if start < end { pieces.append((itemIndex, start, end, item.level)) }
        }
        LinePositioner.reorderVisually(&pieces, pieces.indices) { $0.level }
        let firstRunIndex = runs.count
        var pen = x
        var ascent = 0.0
        var descent = 0.0
        let records = markers.shaping.glyphs.records
        for piece in pieces {
            let item = markers.itemized.items[piece.item]
            ascent = max(ascent, item.metrics.ascent)
            descent = max(descent, item.metrics.descent)
            let slice = LinePositioner.glyphSlice(of: item, range: piece.start..<piece.end, in: markers.shaping.glyphs)
            let runStart = pen
            let firstGlyph = glyphs.count
            var glyphPen = pen
            for glyph in slice {
                let record = records[glyph]
                if record.xOffset != 0 || record.yOffset != 0 {
                    glyphOffsets.append(
                        GlyphOffset(glyphIndex: Int32(glyphs.count), x: record.xOffset, y: -record.yOffset))
                }
                glyphs.append(
                    GlyphData(id: record.glyphID, pen: Float(glyphPen), cluster: Int32(firstCharacter.lowerBound)))
                glyphPen += Double(record.advance)
            }
            pen += markers.advance(of: piece.start..<piece.end)
            runs.append(
                RunData(
                    x: runStart, width: pen - runStart, glyphStart: Int32(firstGlyph), clusterStart: Int32(boxes.count),
                    textStart: Int32(firstCharacter.lowerBound), textEnd: Int32(firstCharacter.lowerBound),
                    lineIndex: Int32(lineIndex), styleIndex: UInt32(item.styleIndex + markerStyleOffset),
                    metricsIndex: itemMetrics[piece.item + markerItemOffset],
                    faceIndex: UInt16(clamping: item.faceIndex + markerFaceOffset), bidiLevel: item.level,
                    isInTruncationToken: false, orientation: item.orientation))
        }
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
}
