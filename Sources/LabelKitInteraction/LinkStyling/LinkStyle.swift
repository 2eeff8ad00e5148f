import Foundation
import LabelKitText

/// How a link looks: per kind when links are detected (as text attributes), and per state when drawn (as an overlay).
/// A nil property leaves the text's own attribute as it is.
///
/// The highlight is the background a pressed link is drawn on, TTTAttributedLabel's link background: a fill
/// (``highlightColor``) and an optional border (``highlightBorderColor``, ``highlightBorderWidth``) around each of the
/// link's rectangles, grown by ``highlightPadding`` and rounded by ``highlightCornerRadius``. It is a drawing overlay,
/// never part of the text, so it changes neither the layout nor what is hit.
///
/// ```swift
/// let pressed = LinkStyle(
///     foregroundColor: .link, underline: .single, highlightColor: LabelColor(hex: 0x0B5FCC, alpha: 0.2),
///     highlightCornerRadius: 4, highlightPadding: EdgeInsets(top: 1, left: 3, bottom: 1, right: 3))
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
    /// The radius of the highlight's rounded corners, in points; nil for
    /// ``standardHighlightCornerRadius``, 0 for square corners.
    public var highlightCornerRadius: Double?
    /// How far the highlight reaches beyond each of the link's rectangles, in points; nil for none.
    public var highlightPadding: EdgeInsets?
    /// The colour of a line drawn around the highlight; nil for none.
    public var highlightBorderColor: LabelColor?
    /// The width of the highlight's border, in points; nil for one point when ``highlightBorderColor`` is set.
    public var highlightBorderWidth: Double?

    /// Creates a style.
    public init(
        foregroundColor: LabelColor? = nil, backgroundColor: LabelColor? = nil, underline: LineDecoration? = nil,
        highlightColor: LabelColor? = nil, highlightCornerRadius: Double? = nil, highlightPadding: EdgeInsets? = nil,
        highlightBorderColor: LabelColor? = nil, highlightBorderWidth: Double? = nil
    ) {
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underline = underline
        self.highlightColor = highlightColor
        self.highlightCornerRadius = highlightCornerRadius
        self.highlightPadding = highlightPadding
        self.highlightBorderColor = highlightBorderColor
        self.highlightBorderWidth = highlightBorderWidth
    }

    /// This style with every property `other` sets taking its place.
    public func overridden(by other: LinkStyle) -> LinkStyle {
        LinkStyle(
            foregroundColor: other.foregroundColor ?? foregroundColor,
            backgroundColor: other.backgroundColor ?? backgroundColor,
            underline: other.underline ?? underline,
            highlightColor: other.highlightColor ?? highlightColor,
            highlightCornerRadius: other.highlightCornerRadius ?? highlightCornerRadius,
            highlightPadding: other.highlightPadding ?? highlightPadding,
            highlightBorderColor: other.highlightBorderColor ?? highlightBorderColor,
            highlightBorderWidth: other.highlightBorderWidth ?? highlightBorderWidth
        )
    }

    /// Whether drawing this style puts anything behind the link: a highlight fill or border.
    public var hasHighlight: Bool { highlightColor != nil || highlightBorderColor != nil }

    /// The translucent grey TTTAttributedLabel and UIKit draw behind a pressed link.
    public static let standardPressedHighlight = LabelColor(red: 0, green: 0, blue: 0, alpha: 0.15)
    /// The grey of a disabled link.
    public static let standardDisabledForeground = LabelColor(hex: 0x8E8E93)
    /// The corner radius of a highlight whose style sets none, in points.
    public static let standardHighlightCornerRadius = 3.0
}

extension LinkStyle {
    /// Sets this style's text attributes (colour, background, underline) on `text[range]`; the highlight is a
    /// drawing overlay and is not stored in the text.
    func apply(to text: inout AttributedString, range: Range<AttributedString.Index>) {
        if let foregroundColor { text[range].labelKit.foregroundColor = foregroundColor }
        if let backgroundColor { text[range].labelKit.backgroundColor = backgroundColor }
        if let underline { text[range].labelKit.underline = underline }
    }
}
