import Foundation

/// How a link looks: per kind when links are detected (as text attributes), and per state when drawn (as an overlay).
/// A nil property leaves the text's own attribute as it is.
///
/// ```swift
/// let pressed = LinkStyle(foregroundColor: .link, underline: .single, highlightColor: LabelColor(hex: 0x0B5FCC, alpha: 0.2))
/// ```
public struct LinkStyle: Sendable, Hashable {
    /// The text colour, drawn over the link's range.
    public var foregroundColor: LabelColor?
    /// The colour behind the link's glyphs, stored as a text attribute by link detection.
    public var backgroundColor: LabelColor?
    /// The underline.
    public var underline: LineDecoration?
    /// A colour filled behind the link's rectangles when drawing (the pressed highlight).
    public var highlightColor: LabelColor?

    /// Creates a style.
    public init(
        foregroundColor: LabelColor? = nil, backgroundColor: LabelColor? = nil, underline: LineDecoration? = nil,
        highlightColor: LabelColor? = nil
    ) {
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underline = underline
        self.highlightColor = highlightColor
    }

    /// This style with every property `other` sets taking its place.
    public func overridden(by other: LinkStyle) -> LinkStyle {
        LinkStyle(
            foregroundColor: other.foregroundColor ?? foregroundColor,
            backgroundColor: other.backgroundColor ?? backgroundColor,
            underline: other.underline ?? underline,
            highlightColor: other.highlightColor ?? highlightColor
        )
    }

    /// The translucent grey TTTAttributedLabel and UIKit draw behind a pressed link.
    public static let standardPressedHighlight = LabelColor(red: 0, green: 0, blue: 0, alpha: 0.15)
    /// The grey of a disabled link.
    public static let standardDisabledForeground = LabelColor(hex: 0x8E8E93)
}

extension LinkStyle {
    /// Sets this style's text attributes (colour, background, underline) on `text[range]`; the highlight colour is a
    /// drawing overlay and is not stored in the text.
    func apply(to text: inout AttributedString, range: Range<AttributedString.Index>) {
        if let foregroundColor { text[range].labelKit.foregroundColor = foregroundColor }
        if let backgroundColor { text[range].labelKit.backgroundColor = backgroundColor }
        if let underline { text[range].labelKit.underline = underline }
    }
}
