import Foundation
import LabelKitText

extension TextLayout {
    /// The rectangles that highlight a selection of `range` (UTF-16): one per line fragment, split where the range
    /// is split on screen and where the writing direction changes, in visual order line by line.
    ///
    /// Unlike ``rects(for:)``, each rectangle spans its line's whole band — the line's height and half of the line
    /// spacing on either side — so the highlights of consecutive lines meet without gaps. The rectangles of one line
    /// never overlap. Text hidden by truncation and the truncation token have none; zero-width clusters add none.
    ///
    /// ```swift
    /// for fragment in layout.selectionRects(for: 9..<13) { fill(fragment.rect, selectionColor) }
    /// ```
    public func selectionRects(for range: Range<Int>) -> [TextRangeRect] {
        var result: [TextRangeRect] = []
        guard !range.isEmpty, !lineData.isEmpty else { return result }
        var first = lineData.partitioningIndex { $0.textRange.upperBound > range.lowerBound }
        // A head- or middle-truncated last line shows text from beyond its own range: look at it too.
        if lineData[lineData.count - 1].isTruncated { first = min(first, lineData.count - 1) }
        for lineIndex in first..<lineData.count {
            let line = lineData[lineIndex]
            if line.textRange.lowerBound >= range.upperBound, !line.isTruncated { break }
            var fragment: (start: Double, end: Double, isRightToLeft: Bool)? = nil
            func close() {
                if let open = fragment, open.end > open.start {
                    result.append(
                        TextRangeRect(
                            rect: CGRect(
                                x: open.start, y: line.hitTop, width: open.end - open.start,
                                height: line.hitBottom - line.hitTop),
                            lineIndex: lineIndex))
                }
                fragment = nil
            }
            for box in clusterBoxes[line.clusterRange] {
                let isSelected =
                    !box.isInTruncationToken && Int(box.start) < range.upperBound && Int(box.end) > range.lowerBound
                guard isSelected else {
                    close()
                    continue
                }
                let left = Double(box.x)
                let right = left + Double(box.width)
                if let open = fragment, open.isRightToLeft == box.isRightToLeft {
                    fragment = (open.start, max(open.end, right), open.isRightToLeft)
                } else if let open = fragment {
                    // A change of direction between touching boxes: the next fragment starts where this one ends
                    // (boxes tile their line; within a rounding step of it, the fragments still meet, never
                    // overlap — found by `make fuzz` before they tiled); a wider gap stays a gap.
                    close()
                    let touches = abs(left - open.end) <= 2 * Double(box.x.ulp)
                    fragment = (touches ? open.end : left, max(right, open.end), box.isRightToLeft)
                } else {
                    fragment = (left, right, box.isRightToLeft)
                }
            }
            close()
        }
        return labelFragments(result)
    }
}
