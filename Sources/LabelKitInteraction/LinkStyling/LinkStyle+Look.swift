import Foundation
import LabelKitText

extension LinkStyle {
    /// How a link looks in one state: its text colour, a background, an underline and a highlight behind it.
    ///
    /// A renderer draws every property a look sets over the link, as an overlay — the text and its layout never
    /// change — and leaves the text as it is for every property a look leaves nil:
    /// - ``foregroundColor`` replaces the colour of the link's glyphs (and of their decorations, unless those have a
    ///   colour of their own);
    /// - ``backgroundColor`` fills the link's rectangles, behind the text, as a background colour attribute would;
    /// - ``underline`` is drawn under the link's text in place of any underline the text has there, in
    ///   ``underlineColor`` or the colour the text is drawn in;
    /// - the highlight, TTTAttributedLabel's link background, is a fill (``highlightColor``) and an optional border
    ///   (``highlightBorderColor``, ``highlightBorderWidth``) around each of the link's rectangles, grown by
    ///   ``highlightPadding`` and rounded by ``highlightCornerRadius``.
    ///
    /// ```swift
    /// let pressed = LinkStyle.Look(
    ///     foregroundColor: LabelColor(hex: 0x062F66), highlightColor: LabelColor(hex: 0x0B5FCC, alpha: 0.2),
    ///     highlightCornerRadius: 4, highlightPadding: EdgeInsets(top: 1, left: 3, bottom: 1, right: 3))
    /// ```
    public struct Look: Sendable, Hashable {
        /// The colour the link's glyphs are drawn in; nil for the text's own.
        ///
        /// The link's underline and strikethrough follow it, unless they have colours of their own.
        ///
        /// ```swift
        /// LinkStyle.Look(foregroundColor: .link)
        /// ```
        public var foregroundColor: LabelColor?
        /// The colour filled behind the link's rectangles (its clusters' advances by the line's height); nil for
        /// none.
        ///
        /// Drawn over the text's own background colour, beneath a selection and the highlight.
        ///
        /// ```swift
        /// LinkStyle.Look(backgroundColor: LabelColor(hex: 0xFFF3B0))   // a marker-pen link
        /// ```
        public var backgroundColor: LabelColor?
        /// The line drawn under the link's text, at each run's baseline with its font's underline position and
        /// thickness, in place of the text's own underline there; nil draws none and leaves the text's own.
        ///
        /// The underline is drawn under text, not under inline attachments, as CSS does not underline images.
        ///
        /// ```swift
        /// LinkStyle.Look(foregroundColor: .link, underline: .dotted)
        /// ```
        public var underline: LineDecoration?
        /// The colour of ``underline``; nil for the colour the link's text is drawn in.
        ///
        /// The text's own underline colour does not apply where the look's underline replaces the text's underline.
        ///
        /// ```swift
        /// LinkStyle.Look(underline: .single, underlineColor: LabelColor(hex: 0x0B5FCC, alpha: 0.4))
        /// ```
        public var underlineColor: LabelColor?
        /// The colour filled behind the link's rectangles grown by ``highlightPadding`` (a pressed link's
        /// background); nil for no fill.
        ///
        /// All of a link's rectangles are filled in one pass, so a translucent colour is not doubled where padded
        /// rectangles overlap.
        ///
        /// ```swift
        /// LinkStyle.Look(highlightColor: LinkStyle.standardPressedHighlight)
        /// ```
        public var highlightColor: LabelColor?
        /// The radius of the highlight's rounded corners, in points; nil for
        /// ``LinkStyle/standardHighlightCornerRadius``, 0 for square corners.
        ///
        /// A radius larger than half a rectangle's width or height is drawn as that half.
        ///
        /// ```swift
        /// LinkStyle.Look(highlightColor: .black, highlightCornerRadius: 0)   // a square highlight
        /// ```
        public var highlightCornerRadius: Double?
        /// How far the highlight reaches beyond each of the link's rectangles, in points; nil for none.
        ///
        /// Padding is drawing only: it changes neither the layout nor what a tap hits.
        ///
        /// ```swift
        /// LinkStyle.Look(highlightColor: .black, highlightPadding: EdgeInsets(top: 1, left: 3, bottom: 1, right: 3))
        /// ```
        public var highlightPadding: EdgeInsets?
        /// The colour of a line drawn inside the edge of the highlight; nil for none.
        ///
        /// Inside the padded, rounded edge, so that the border never reaches past it.
        ///
        /// ```swift
        /// LinkStyle.Look(highlightColor: .clear, highlightBorderColor: .link)   // an outline only
        /// ```
        public var highlightBorderColor: LabelColor?
        /// The width of the highlight's border, in points; nil for one point when ``highlightBorderColor`` is set.
        ///
        /// Without a border colour, a width draws nothing.
        ///
        /// ```swift
        /// LinkStyle.Look(highlightBorderColor: .link, highlightBorderWidth: 2)
        /// ```
        public var highlightBorderWidth: Double?

        /// Creates a look; what is left nil is drawn as the text has it (or, for a pressed or disabled look, as the
        /// normal look has it).
        ///
        /// `LinkStyle.Look()` sets nothing: a link drawn exactly as its text has it.
        ///
        /// ```swift
        /// let quiet = LinkStyle.Look(foregroundColor: .black, underline: .dotted, underlineColor: .link)
        /// ```
        public init(
            foregroundColor: LabelColor? = nil, backgroundColor: LabelColor? = nil, underline: LineDecoration? = nil,
            underlineColor: LabelColor? = nil, highlightColor: LabelColor? = nil, highlightCornerRadius: Double? = nil,
            highlightPadding: EdgeInsets? = nil, highlightBorderColor: LabelColor? = nil,
            highlightBorderWidth: Double? = nil
        ) {
            self.foregroundColor = foregroundColor
            self.backgroundColor = backgroundColor
            self.underline = underline
            self.underlineColor = underlineColor
            self.highlightColor = highlightColor
            self.highlightCornerRadius = highlightCornerRadius
            self.highlightPadding = highlightPadding
            self.highlightBorderColor = highlightBorderColor
            self.highlightBorderWidth = highlightBorderWidth
        }

        /// Whether the look draws a highlight: a fill or a border (a border width alone draws nothing).
        ///
        /// A renderer makes a highlight only for looks that have one.
        ///
        /// ```swift
        /// LinkStyle().pressed.hasHighlight   // true
        /// LinkStyle().normal.hasHighlight    // false
        /// ```
        public var hasHighlight: Bool { highlightColor != nil || highlightBorderColor != nil }

        /// This look drawn over `base`: every property this look sets, and `base`'s where it sets none.
        func drawn(over base: Look) -> Look {
            Look(
                foregroundColor: foregroundColor ?? base.foregroundColor,
                backgroundColor: backgroundColor ?? base.backgroundColor,
                underline: underline ?? base.underline,
                underlineColor: underlineColor ?? base.underlineColor,
                highlightColor: highlightColor ?? base.highlightColor,
                highlightCornerRadius: highlightCornerRadius ?? base.highlightCornerRadius,
                highlightPadding: highlightPadding ?? base.highlightPadding,
                highlightBorderColor: highlightBorderColor ?? base.highlightBorderColor,
                highlightBorderWidth: highlightBorderWidth ?? base.highlightBorderWidth
            )
        }
    }
}
