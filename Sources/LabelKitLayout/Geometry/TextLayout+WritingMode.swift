import Foundation
import LabelKitText

extension TextLayout {
    /// Whether the layout's lines are columns (its container's ``/LabelKitText/TextContainer/writingMode``).
    public var writingMode: WritingMode { container.writingMode }

    /// The point in the label's coordinates (origin top left, y down) of a point in line coordinates.
    ///
    /// The views of a layout — ``LayoutLine/rect``, ``LayoutLine/baseline``, ``GlyphRun/rect``, glyph positions and
    /// cluster boxes — are in line coordinates, where every line runs along x and lines follow one another down y.
    /// In horizontal text they are the label's coordinates. In vertical text they are the label turned a quarter
    /// turn clockwise: x runs down a column from the label's top, and y runs across the columns from the label's
    /// right edge, so that the first column is the first line. Every query (``character(at:)``,
    /// ``rects(for:)``, ``selectionRects(for:)``, ``link(at:radius:)``, ``caretRect(for:)`` …) takes and answers the
    /// label's coordinates in both modes.
    ///
    /// ```swift
    /// let line = layout.lines[0]
    /// let start = layout.labelPoint(fromLinePoint: CGPoint(x: line.rect.minX, y: line.baseline))
    /// ```
    public func labelPoint(fromLinePoint point: CGPoint) -> CGPoint {
        lineTransform.labelPoint(point, width: bounds.width)
    }

    /// The point in line coordinates of a point in the label's coordinates (the inverse of
    /// ``labelPoint(fromLinePoint:)``).
    public func linePoint(fromLabelPoint point: CGPoint) -> CGPoint {
        lineTransform.linePoint(point, width: bounds.width)
    }

    /// The rectangle in the label's coordinates of a rectangle in line coordinates (see
    /// ``labelPoint(fromLinePoint:)``): in vertical text a line's rectangle becomes its column's vertical band.
    public func labelRect(fromLineRect rect: CGRect) -> CGRect {
        lineTransform.labelRect(rect, width: bounds.width)
    }

    /// The direction in line coordinates of `direction` on the screen: itself in horizontal text; in vertical text Down
    /// runs along the column (right in line coordinates) and Left to the next column (down).
    func lineDirection(of direction: VisualDirection) -> VisualDirection {
        guard writingMode.isVertical else { return direction }
        switch direction {
        case .down: return .right
        case .up: return .left
        case .left: return .down
        case .right: return .up
        }
    }

    /// Fragments in line coordinates, in the label's.
    func labelFragments(_ fragments: [TextRangeRect]) -> [TextRangeRect] {
        guard !lineTransform.isIdentity else { return fragments }
        return fragments.map { TextRangeRect(rect: labelRect(fromLineRect: $0.rect), lineIndex: $0.lineIndex) }
    }
}
