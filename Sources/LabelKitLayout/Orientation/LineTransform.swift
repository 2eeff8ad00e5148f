import Foundation
import LabelKitText

/// How a layout's line coordinates map onto the label: the identity for horizontal lines, a quarter turn for vertical
/// columns.
///
/// Vertical writing is this one transform at the edges of the typesetter. On the way in, the container is turned
/// (``lineContainer(for:)``), so that every stage from line breaking on lays columns out as lines: a column's length is
/// a line's width, and the columns follow one another as lines do, from the label's right edge. Inside, only the
/// orientation stage (``ColumnOrienter``) and the top-to-bottom shaping option know about columns. On the way out,
/// the layout's size, used rectangle and inline boxes are turned back (``labelSize(_:)``, ``labelRect(_:width:)``),
/// and every query converts its point or rectangle with the same transform.
struct LineTransform: Sendable, Hashable {
    /// How the characters of the columns stand; nil for horizontal lines.
    let columns: TextOrientation?

    /// The transform of `container`'s writing mode.
    init(_ container: TextContainer) {
        columns = container.writingMode.isVertical ? container.textOrientation : nil
    }

    /// The transform of horizontal lines: the identity.
    static let lines = LineTransform(columns: nil)

    private init(columns: TextOrientation?) {
        self.columns = columns
    }

    /// Whether line coordinates are the label's (horizontal text).
    var isIdentity: Bool { columns == nil }

    /// The container the stages lay the lines out in: `container` itself for horizontal text; for columns, the
    /// container turned a quarter turn, so that the column length is the line width, the width across the columns is
    /// the height, and the insets turn with it (the right inset comes first, before the first column).
    func lineContainer(for container: TextContainer) -> TextContainer {
        guard columns != nil else { return container }
        var turned = container
        (turned.width, turned.height) = (container.height, container.width)
        turned.insets = EdgeInsets(
            top: container.insets.right, left: container.insets.top, bottom: container.insets.left,
            right: container.insets.bottom)
        return turned
    }

    /// A size measured in line coordinates (lines' lengths across, their heights down), in the label's.
    func labelSize(_ size: CGSize) -> CGSize {
        guard columns != nil else { return size }
        return CGSize(width: size.height, height: size.width)
    }

    /// A rectangle in line coordinates, in the coordinates of a label `width` wide: in vertical text a line's
    /// rectangle becomes its column's vertical band.
    func labelRect(_ rect: CGRect, width: Double) -> CGRect {
        guard columns != nil else { return rect }
        return CGRect(x: width - rect.maxY, y: rect.minX, width: rect.height, height: rect.width)
    }

    /// A point in line coordinates, in the coordinates of a label `width` wide.
    func labelPoint(_ point: CGPoint, width: Double) -> CGPoint {
        guard columns != nil else { return point }
        return CGPoint(x: width - point.y, y: point.x)
    }

    /// A point in the coordinates of a label `width` wide, in line coordinates (the inverse of
    /// ``labelPoint(_:width:)``).
    func linePoint(_ point: CGPoint, width: Double) -> CGPoint {
        guard columns != nil else { return point }
        return CGPoint(x: point.y, y: width - point.x)
    }

    /// The em box of `face` at `size` points about a line's baseline (what ruby stacks on): the face's own in
    /// horizontal lines; in columns, whose baseline is the centre line, half the em on each side, as Blink's em box
    /// for a central baseline (`SimpleFontData::NormalizedTypoAscentAndDescent`).
    func emBox(of face: any FontFace, size: Double) -> (ascent: Double, descent: Double) {
        guard columns != nil else { return face.emBox(size: size) }
        return (size / 2, size / 2)
    }
}
