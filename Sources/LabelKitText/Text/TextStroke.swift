/// An outline around a run's glyphs, as `NSAttributedString`'s stroke width and colour.
///
/// A positive ``width`` draws the outline alone (hollow glyphs); a negative one fills the glyphs and draws the
/// outline over them, as in `NSAttributedString`. Unlike `NSAttributedString`, whose stroke width is a percentage
/// of the font size, the width here is in points. The stroke changes nothing about the layout.
///
/// ```swift
/// text[titleRange].labelKit.stroke = TextStroke(width: -2, color: .black)   // filled, outlined in black
/// ```
public struct TextStroke: Sendable, Hashable, Codable {
    /// The outline's width in points: positive for the outline alone, negative for fill and outline. Must be finite.
    public var width: Double
    /// The outline's colour; nil for the text's foreground colour.
    public var color: LabelColor?

    /// Creates a stroke.
    public init(width: Double, color: LabelColor? = nil) {
        self.width = width
        self.color = color
    }

    /// Whether the glyphs are filled as well as outlined (a negative ``width``).
    public var fillsGlyphs: Bool { width < 0 }
}
