import Foundation
import LabelKitLayout
import LabelKitText

extension LabelRenderer {
    /// Rectangles filled with one colour behind the text, in the label's coordinates (points): a pressed link's
    /// background, a selection.
    ///
    /// Each rectangle is grown by ``padding`` and its corners rounded by ``cornerRadius``; all of them are filled in
    /// one pass, so where padded rectangles overlap a translucent colour is not doubled. A ``borderColor`` draws a line
    /// ``borderWidth`` wide inside the edge of each one (TTTAttributedLabel's link background stroke).
    ///
    /// ```swift
    /// let selection = LabelRenderer.Highlight(rects: [CGRect(x: 10, y: 0, width: 40, height: 18)],
    ///                                         color: LabelColor(hex: 0x0B5FCC, alpha: 0.25))
    /// ```
    public struct Highlight: Sendable, Hashable {
        /// The rectangles to fill.
        public var rects: [CGRect]
        /// The fill colour.
        public var color: LabelColor
        /// The radius of the rectangles' rounded corners; 0 for square corners.
        public var cornerRadius: Double
        /// How far each rectangle is grown on each side before it is drawn, in points.
        public var padding: EdgeInsets
        /// The colour of the line around each rectangle; nil for none.
        public var borderColor: LabelColor?
        /// The width of that line, in points.
        public var borderWidth: Double

        /// Creates a highlight.
        public init(
            rects: [CGRect], color: LabelColor, cornerRadius: Double = 0, padding: EdgeInsets = .zero,
            borderColor: LabelColor? = nil, borderWidth: Double = 1
        ) {
            self.rects = rects
            self.color = color
            self.cornerRadius = cornerRadius
            self.padding = padding
            self.borderColor = borderColor
            self.borderWidth = borderWidth
        }

        /// The highlight a link overlay's look asks for, or nil when the look has neither a highlight colour nor a
        /// border. An unset radius is ``LabelKitInteraction/LinkStyle/standardHighlightCornerRadius``, an unset border
        /// width one point.
        ///
        /// The renderer makes these itself from its ``LabelRenderer/linkStyle``; this is for a front end that draws
        /// highlights its own way.
        ///
        /// ```swift
        /// let pressed = LinkStyle().overlays(for: layout, pressedLink: 0, disabledLinks: [])
        /// let highlights = pressed.compactMap(LabelRenderer.Highlight.init(linkOverlay:))   // the grey one
        /// ```
        public init?(linkOverlay overlay: LinkOverlay) {
            let look = overlay.look
            guard look.hasHighlight else { return nil }
            self.init(
                rects: overlay.rects.map(\.rect), color: look.highlightColor ?? .clear,
                cornerRadius: look.highlightCornerRadius ?? LinkStyle.standardHighlightCornerRadius,
                padding: look.highlightPadding ?? .zero, borderColor: look.highlightBorderColor,
                borderWidth: look.highlightBorderWidth ?? 1
            )
        }

        /// The rectangles as drawn: grown by ``padding``.
        public var paddedRects: [CGRect] {
            rects.map { rect in
                CGRect(
                    x: rect.minX - padding.left, y: rect.minY - padding.top,
                    width: rect.width + padding.left + padding.right, height: rect.height + padding.top + padding.bottom
                )
            }
        }
    }

    /// A text colour for a range of text that replaces the colour of its style while drawing.
    ///
    /// ```swift
    /// let pressed = LabelRenderer.ColorOverride(link: layout.links[0], color: LabelColor(hex: 0x083F88))
    /// ```
    public struct ColorOverride: Sendable, Hashable {
        /// The UTF-16 range: in the text, or in the truncation token when ``isInTruncationToken``.
        public var range: Range<Int>
        /// Whether ``range`` is in the truncation token rather than in the text.
        public var isInTruncationToken: Bool
        /// The colour to draw the range's glyphs and decorations in.
        public var color: LabelColor

        /// Creates an override for a range of the text (or of the truncation token).
        public init(range: Range<Int>, color: LabelColor, isInTruncationToken: Bool = false) {
            self.range = range
            self.color = color
            self.isInTruncationToken = isInTruncationToken
        }

        /// Creates an override for a link of the layout: its pressed colour.
        public init(link: LayoutLink, color: LabelColor) {
            self.init(range: link.range, color: color, isInTruncationToken: link.isInTruncationToken)
        }

        /// Whether the override covers part of `other`, a range in the text or in the token.
        func overlaps(_ other: Range<Int>, isInTruncationToken inToken: Bool) -> Bool {
            inToken == isInTruncationToken && other.lowerBound < range.upperBound && other.upperBound > range.lowerBound
        }
    }
}
