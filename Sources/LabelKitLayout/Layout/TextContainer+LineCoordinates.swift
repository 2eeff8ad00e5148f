import Foundation
import LabelKitText

extension TextLayout {
    /// A rectangle in a vertical layout's line coordinates turned into the label's, for a label `width` wide (see
    /// ``labelRect(fromLineRect:)``).
    static func labelRect(fromLineRect rect: CGRect, width: Double) -> CGRect {
        CGRect(x: width - rect.maxY, y: rect.minX, width: rect.height, height: rect.width)
    }
}

extension TextContainer {
    /// The orientation of the characters in vertical text; nil in horizontal text.
    var verticalOrientation: TextOrientation? { writingMode.isVertical ? textOrientation : nil }

    /// The container as the typesetter sees it, in line coordinates: itself for horizontal text; for vertical text
    /// turned a quarter turn, so that the column length is the line width, the width across the columns is the
    /// height, and the insets turn with it (the right inset comes first, before the first column).
    var inLineCoordinates: TextContainer {
        guard writingMode.isVertical else { return self }
        var turned = self
        (turned.width, turned.height) = (height, width)
        turned.insets = EdgeInsets(top: insets.right, left: insets.top, bottom: insets.left, right: insets.bottom)
        return turned
    }
}
