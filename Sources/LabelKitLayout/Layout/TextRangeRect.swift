import Foundation
import LabelKitText

/// A rectangle covering part of a range on one line, tagged with its line.
public struct TextRangeRect: Sendable, Hashable {
    /// The rectangle, in the label's coordinates: the fragment's horizontal extent and the line's height.
    public let rect: CGRect
    /// The index of the line.
    public let lineIndex: Int

    /// Creates a rectangle on line `lineIndex`.
    public init(rect: CGRect, lineIndex: Int) {
        self.rect = rect
        self.lineIndex = lineIndex
    }
}

extension Collection<CGRect> {
    /// The smallest rectangle holding every rectangle of the collection; `CGRect.null` for none.
    package var union: CGRect {
        guard let first else { return .null }
        return dropFirst().reduce(first) { $0.union($1) }
    }
}

extension TextRangeRect {
    /// The rectangle from `start` to `end` across line `index`.
    init(_ start: Double, _ end: Double, line: LineData, index: Int) {
        self.init(
            rect: CGRect(x: start, y: line.rect.minY, width: end - start, height: line.rect.height), lineIndex: index)
    }

    /// The rectangles of `range` (UTF-16, in the text or in the truncation token), line by line: runs of visually
    /// adjacent cluster boxes that intersect the range, each spanning its line's height. A layout computes its
    /// links' rectangles with it once; ``TextLayout/rects(for:)`` answers with it.
    static func fragments(
        of range: Range<Int>, inTruncationToken: Bool, lines: [LineData], boxes: ClusterBoxes
    ) -> [TextRangeRect] {
        var result: [TextRangeRect] = []
        guard !range.isEmpty, !lines.isEmpty else { return result }
        // Lines hold ascending text ranges: a text range's lines start at the first line ending after it, found by
        // binary search. The token's clusters are on the (last, truncated) line only.
        var first: Int
        if inTruncationToken {
            first = lines.count - 1
        } else {
            first = lines.partitioningIndex { $0.textRange.upperBound > range.lowerBound }
            // A head- or middle-truncated last line shows text from beyond its own range: look at it too.
            if lines[lines.count - 1].isTruncated { first = min(first, lines.count - 1) }
        }
        for lineIndex in first..<lines.count {
            let line = lines[lineIndex]
            if !inTruncationToken, line.textRange.lowerBound >= range.upperBound { break }
            var start: Double? = nil
            var end = 0.0
            for box in boxes[line.clusterRange] {
                let inside =
                    box.isInTruncationToken == inTruncationToken && Int(box.start) < range.upperBound
                    && Int(box.end) > range.lowerBound
                if inside {
                    if start == nil { start = Double(box.x) }
                    end = Double(box.x) + Double(box.width)
                } else if let fragmentStart = start {
                    result.append(Self(fragmentStart, end, line: line, index: lineIndex))
                    start = nil
                }
            }
            if let fragmentStart = start { result.append(Self(fragmentStart, end, line: line, index: lineIndex)) }
        }
        return result
    }
}
