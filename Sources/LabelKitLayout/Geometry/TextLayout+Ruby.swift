import Foundation
import LabelKitText

extension TextLayout {
    /// The rectangles of the ruby annotations whose bases intersect the UTF-16 `range` (hold its offset, for an empty
    /// range), in the label's coordinates and text order: one per annotation, or per part of a mono ruby, on the line
    /// that shows it — for a preview's source rect, or to draw the annotations apart. A base's own
    /// ``rects(for:)`` already span its annotation, whose line grew to hold it.
    ///
    /// ```swift
    /// let furigana = layout.rubyRects(for: 9..<13)   // the かな over 利用規約
    /// ```
    public func rubyRects(for range: Range<Int>) -> [TextRangeRect] {
        inlineBoxes.compactMap { placed in
            guard case .ruby = placed.box.content else { return nil }
            let base = placed.box.textRange
            let intersects = range.isEmpty ? base.contains(range.lowerBound) : base.overlaps(range)
            return intersects ? TextRangeRect(rect: placed.rect, lineIndex: placed.lineIndex) : nil
        }
    }
}
