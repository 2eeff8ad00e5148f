import Foundation
import LabelKitText

// Where the lines go: the label's size from the lines' widths and heights, then each line's place in the container —
// vertical alignment snapped to the pixel grid, line and paragraph spacing, indents, alignment and justification.

extension LinePositioner {
    /// The size the label needs (the lines' extent rounded up to whole points, insets included) and the exact height
    /// of its lines, in `container` (in line coordinates).
    func size(in container: TextContainer, text: ShapedParagraphs) -> (size: CGSize, textHeight: Double) {
        let insets = container.insets
        let widest = lines.reduce(0.0) { max($0, $1.width + $1.headIndent + $1.tailIndent) }
        var textHeight = 0.0
        for (index, line) in lines.enumerated() {
            textHeight += line.broken.height
            if index > 0 { textHeight += Self.spacing(between: lines[index - 1], and: line, in: text) }
        }
        let size = CGSize(
            width: Self.roundUp(widest) + insets.left + insets.right,
            height: Self.roundUp(textHeight) + insets.top + insets.bottom
        )
        return (size, textHeight)
    }

    /// Places every line in `container` (in line coordinates), for a label of `size` whose lines are `textHeight`
    /// tall: the measured block is placed by the container's vertical alignment, then moved to the nearest device
    /// pixel — a label sized by its own measurement starts at its top inset at any scale, and glyph edges stay on the
    /// pixel grid — and each line by its paragraph's alignment and indents.
    mutating func place(in container: TextContainer, size: CGSize, textHeight: Double, text: ShapedParagraphs) {
        let insets = container.insets
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
        let alignmentOffset = (innerHeight - Self.roundUp(textHeight)) * verticalFactor
        var top = insets.top + Self.snappedToPixel(alignmentOffset, scale: container.displayScale)
        for index in lines.indices {
            let line = lines[index]
            let spacingBefore = index > 0 ? Self.spacing(between: lines[index - 1], and: line, in: text) : 0
            let spacingAfter =
                index + 1 < lines.count ? Self.spacing(between: line, and: lines[index + 1], in: text) : 0
            top += spacingBefore
            // Indents narrow the line; the head indent is on the right in a right-to-left paragraph.
            let lineWidth = max(innerWidth - line.headIndent - line.tailIndent, 0)
            let leftIndent = line.level & 1 == 1 ? line.tailIndent : line.headIndent
            lines[index].x = insets.left + leftIndent + Self.alignmentOffset(line, innerWidth: lineWidth)
            lines[index].justificationExtra = Self.justificationExtra(line, innerWidth: lineWidth)
            lines[index].top = top
            lines[index].hitTop = top - spacingBefore / 2
            lines[index].hitBottom = top + line.broken.height + spacingAfter / 2
            top += line.broken.height
        }
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

    private static func spacing(between previous: PositionedLine, and next: PositionedLine, in text: ShapedParagraphs)
        -> Double
    {
        text.spacing(afterParagraph: previous.broken.paragraphIndex, beforeParagraph: next.broken.paragraphIndex)
    }

    private static func alignmentOffset(_ line: PositionedLine, innerWidth: Double) -> Double {
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

    private static func justificationExtra(_ line: PositionedLine, innerWidth: Double) -> Double {
        guard line.alignment == .justified, !line.isParagraphEnd, !line.isTruncated, line.justifiableGaps > 0,
            innerWidth.isFinite, innerWidth > line.width
        else { return 0 }
        return (innerWidth - line.width) / Double(line.justifiableGaps)
    }

    /// The glyphs of `item` whose clusters lie in `range`: contiguous, since an item's clusters rise (left to right)
    /// or fall (right to left) monotonically in visual order.
    static func glyphSlice(of item: Item, range: Range<Int>, in glyphs: ShapedGlyphBuffer) -> Range<Int> {
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
