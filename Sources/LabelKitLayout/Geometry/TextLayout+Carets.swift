import Foundation

extension TextLayout {
    /// The caret position nearest to `point`: the line is the one whose band holds the point (or the nearest line),
    /// and the position is the cluster edge nearest in x. Never nil for a layout with lines.
    ///
    /// ```swift
    /// let caret = layout.position(at: CGPoint(x: 31, y: 9))   // e.g. index 2: "the caret is after `利用`"
    /// ```
    public func position(at point: CGPoint) -> TextPosition {
        guard !lineData.isEmpty else { return TextPosition(index: 0) }
        let point = linePoint(fromLabelPoint: point)
        let y = Double(point.y)
        let lineIndex = self.lineIndex(atY: y) ?? (y < lineData[0].hitTop ? 0 : lineData.count - 1)
        let line = lineData[lineIndex]
        let boxes = clusterBoxes[line.clusterRange].filter { !$0.isInTruncationToken }
        guard let first = boxes.first, let last = boxes.last else {
            return TextPosition(index: line.textRange.lowerBound)
        }
        let x = Double(point.x)
        let index: Int
        if x < Double(first.x) {
            index = Int(first.isRightToLeft ? first.end : first.start)
        } else if x >= Double(last.x) + Double(last.width) {
            index = Int(last.isRightToLeft ? last.start : last.end)
        } else {
            let box = boxes.first { x < Double($0.x) + Double($0.width) } ?? last
            let leftHalf = x < Double(box.x) + Double(box.width) / 2
            index = Int(leftHalf != box.isRightToLeft ? box.start : box.end)
        }
        // Only the offset that ends this line and starts the next is ambiguous.
        let isLineEnd = index >= line.textRange.upperBound && lineIndex + 1 < lineData.count
        return TextPosition(index: index, affinity: isLineEnd ? .upstream : .downstream)
    }

    /// A 1-point-wide caret rectangle at `position`, the height of its line; nil when the position is hidden by
    /// truncation or outside the text.
    public func caretRect(for position: TextPosition) -> CGRect? {
        guard let lineIndex = lineIndex(for: position) else { return nil }
        let line = lineData[lineIndex]
        let boxes = clusterBoxes[line.clusterRange].filter { !$0.isInTruncationToken }
        let index = Int32(position.index)
        var x: Double? = nil
        let leading = boxes.first { $0.start == index }
        let trailing = boxes.first { $0.end == index }
        let preferred = position.affinity == .upstream ? (trailing, false) : (leading, true)
        if let box = preferred.0 {
            x = Self.edge(of: box, leading: preferred.1)
        } else if let box = leading {
            x = Self.edge(of: box, leading: true)
        } else if let box = trailing {
            x = Self.edge(of: box, leading: false)
        } else if boxes.isEmpty || position.index >= visibleEnd(of: line) {
            // An empty line, or trailing white space: the caret sits at the line's end.
            x = line.paragraphLevel & 1 == 1 ? Double(line.rect.minX) : Double(line.rect.maxX)
        }
        guard let x else { return nil }
        return labelRect(fromLineRect: CGRect(x: x, y: line.rect.minY, width: 1, height: line.rect.height))
    }

    private static func edge(of box: ClusterBox, leading: Bool) -> Double {
        let left = Double(box.x)
        let right = left + Double(box.width)
        return leading != box.isRightToLeft ? left : right
    }

    /// The end of the line's drawn text (its trailing spaces and line break excluded).
    package func visibleEnd(of line: LineData) -> Int {
        var end = line.textRange.lowerBound
        for box in clusterBoxes[line.clusterRange] where !box.isInTruncationToken { end = max(end, Int(box.end)) }
        return end
    }

    /// The line holding `position`, honouring its affinity at soft line breaks.
    package func lineIndex(for position: TextPosition) -> Int? {
        for (index, line) in lineData.enumerated() {
            let range = line.textRange
            if position.index >= range.lowerBound, position.index < range.upperBound {
                if position.affinity == .upstream, position.index == range.lowerBound, index > 0 { return index - 1 }
                return index
            }
        }
        if let last = lineData.last, position.index == last.textRange.upperBound { return lineData.count - 1 }
        return nil
    }
}
