/// A shadow drawn beneath a run's glyphs (and decorations), as UIKit's `NSShadow`. It changes nothing about the
/// layout: sizes, lines and hit-testing are those of the text without it.
///
/// ```swift
/// text[titleRange].labelKit.shadow = TextShadow(offsetX: 1, offsetY: 2, blurRadius: 3, color: LabelColor(hex: 0, alpha: 0.4))
/// ```
public struct TextShadow: Sendable, Hashable, Codable {
    /// Horizontal offset from the glyphs, in points; positive is to the right.
    public var offsetX: Double
    /// Vertical offset from the glyphs, in points; positive is down (the label's coordinates, as UIKit's).
    public var offsetY: Double
    /// The blur radius in points; 0 draws a sharp copy. Must be ≥ 0.
    public var blurRadius: Double
    /// The shadow's colour (its alpha included).
    public var color: LabelColor

    /// Creates a shadow: by default one point down, one point of blur, black at a third opacity (UIKit's default
    /// shadow colour).
    public init(
        offsetX: Double = 0, offsetY: Double = 1, blurRadius: Double = 1,
        color: LabelColor = LabelColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3)
    ) {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blurRadius = blurRadius
        self.color = color
    }
}
