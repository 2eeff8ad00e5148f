import Foundation
import LabelKitLayout

/// What a renderer draws over a laid-out link: colour and underline overrides for its range and a highlight
/// (fill, border, corner radius, padding) behind its rectangles.
///
/// ```swift
/// for overlay in overlays {
///     if let highlight = overlay.style.highlightColor { fill(overlay.rects, highlight) }
///     drawText(layout, foregroundOverride: overlay.style.foregroundColor, in: overlay.range)
/// }
/// ```
public struct LinkOverlay: Sendable, Hashable {
    /// The index of the link in ``/LabelKitLayout/TextLayout/links``.
    public let linkIndex: Int
    /// The link's UTF-16 range (in the truncation token when ``isInTruncationToken``).
    public let range: Range<Int>
    /// Whether the range is in the truncation token.
    public let isInTruncationToken: Bool
    /// The state the link is drawn in.
    public let state: LinkState
    /// The resolved style for that state.
    public let style: LinkStyle
    /// The link's rectangles, one per line fragment, in the label's coordinates.
    public let rects: [TextRangeRect]
}
