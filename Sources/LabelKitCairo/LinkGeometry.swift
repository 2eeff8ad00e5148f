import Foundation
import LabelKit

/// Where a range of text sits: one rectangle per run of adjacent cluster boxes on each line, spanning the line box
/// vertically. Read from the layout's cluster boxes, never by laying out again.
///
/// Package-internal (the debug overlay and tests use it) until the public geometry queries (`rects(for:)`) land in
/// `LabelKitCore`.
package enum LinkGeometry {
    /// The rectangles covering `range` (in the text, or in the truncation token when `isToken`).
    package static func rects(for range: Range<Int>, isToken: Bool, in layout: TextLayout) -> [CGRect] {
        var rects: [CGRect] = []
        let boxes = layout.clusterBoxes
        for line in layout.lines {
            var current: (minX: Double, maxX: Double)? = nil
            func flush() {
                if let span = current, span.maxX > span.minX {
                    rects.append(CGRect(x: span.minX, y: line.rect.minY, width: span.maxX - span.minX,
                                        height: line.rect.height))
                }
                current = nil
            }
            for index in line.clusterRange where index >= 0 && index < boxes.count {
                let box = boxes[index]
                let matches = box.isToken == isToken && Int(box.start) < range.upperBound
                    && Int(box.end) > range.lowerBound
                guard matches else {
                    flush()
                    continue
                }
                let minX = Double(box.x)
                let maxX = Double(box.x + box.width)
                if let span = current, abs(span.maxX - minX) < 0.001 {
                    current = (span.minX, maxX)
                } else {
                    flush()
                    current = (minX, maxX)
                }
            }
            flush()
        }
        return rects
    }

    /// The rectangles of a link.
    package static func rects(for link: LayoutLink, in layout: TextLayout) -> [CGRect] {
        rects(for: link.range, isToken: link.isInTruncationToken, in: layout)
    }
}
