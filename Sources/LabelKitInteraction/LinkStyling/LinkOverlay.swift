import Foundation
import LabelKitLayout

/// What a renderer draws over one laid-out link: the ``LinkStyle/Look`` of the state it is in, over its range and
/// around its rectangles. ``LinkStyle/overlays(for:pressedLink:disabledLinks:)`` makes them.
///
/// LabelKitCairo's `LabelRenderer` draws every property of the look from its `linkStyle`; a front end drawing text
/// its own way reads the same values:
///
/// ```swift
/// for overlay in style.overlays(for: layout, pressedLink: pressed, disabledLinks: []) {
///     if let highlight = overlay.look.highlightColor { fill(overlay.rects.map(\.rect), highlight) }
///     drawText(layout, foregroundOverride: overlay.look.foregroundColor, in: overlay.range)
/// }
/// ```
public struct LinkOverlay: Sendable, Hashable {
    /// The index of the link in ``/LabelKitLayout/TextLayout/links``.
    ///
    /// The same index ``LabelInteraction/pressedLink`` and ``LabelInteraction/disabledLinks`` use.
    ///
    /// ```swift
    /// let link = layout.links[overlay.linkIndex]
    /// ```
    public let linkIndex: Int
    /// The link's UTF-16 range (in the truncation token when ``isInTruncationToken``).
    ///
    /// The range a text colour is drawn over, as in ``/LabelKitLayout/LayoutLink/range``.
    ///
    /// ```swift
    /// let text = layout.string.utf16.dropFirst(overlay.range.lowerBound).prefix(overlay.range.count)
    /// ```
    public let range: Range<Int>
    /// Whether the range is in the truncation token.
    ///
    /// A tappable "…more" is a link of the token, not of the text.
    ///
    /// ```swift
    /// let isMore = overlay.isInTruncationToken
    /// ```
    public let isInTruncationToken: Bool
    /// The state the link is drawn in.
    ///
    /// Disabled wins over pressed: a disabled link under a finger is drawn disabled.
    ///
    /// ```swift
    /// if overlay.state == .pressed { needsRedrawWhenReleased = true }
    /// ```
    public let state: LinkState
    /// The link's look in that state, resolved: its style's rules applied, a pressed or disabled look drawn over the
    /// normal one.
    ///
    /// What the look leaves nil is drawn as the text has it.
    ///
    /// ```swift
    /// let colour = overlay.look.foregroundColor ?? textColor
    /// ```
    public let look: LinkStyle.Look
    /// The link's rectangles, one per line fragment, in the label's coordinates.
    ///
    /// ``/LabelKitLayout/TextLayout/rects(forLink:)``: each spans its clusters' advances and the line's height, the
    /// box a background or a highlight fills.
    ///
    /// ```swift
    /// let boxes = overlay.rects.map(\.rect)
    /// ```
    public let rects: [TextRangeRect]
}
