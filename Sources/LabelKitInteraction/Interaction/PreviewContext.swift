import Foundation
import LabelKitLayout

/// What a link preview needs: the link under a point, its target, its rectangles and their union, and where the press
/// was.
///
/// A link that wraps has one rectangle per line; ``boundingRect`` is their union, the rectangle a preview grows out of
/// (UIKit's `UITargetedPreview`, a popover's anchor).
///
/// ```swift
/// if let preview = layout.previewContext(at: touch) {
///     showPreview(of: preview.target, from: preview.boundingRect, highlighting: preview.rects.map(\.rect))
/// }
/// ```
public struct PreviewContext: Sendable, Hashable {
    /// The index of the link in ``/LabelKitLayout/TextLayout/links``.
    public let linkIndex: Int
    /// The link.
    public let link: LayoutLink
    /// One rectangle per line fragment of the link, in the label's coordinates, each tagged with its line.
    public let rects: [TextRangeRect]
    /// The union of ``rects``: the preview's source rectangle.
    public let boundingRect: CGRect
    /// Where the press happened, in the label's coordinates.
    public let location: CGPoint

    /// Where the link goes.
    public var target: URL { link.target }

    /// The preview context of a link found at `location`.
    public init(hit: LinkHit, location: CGPoint) {
        linkIndex = hit.index
        link = hit.link
        rects = hit.rects
        boundingRect = hit.boundingRect
        self.location = location
    }
}

extension TextLayout {
    /// The preview context of the link at `point` (an exact hit, or the nearest link within `radius`), or nil.
    ///
    /// ```swift
    /// let preview = layout.previewContext(at: CGPoint(x: 150, y: 45))
    /// preview?.rects.count   // 2 when the link wraps
    /// ```
    public func previewContext(at point: CGPoint, radius: Double = InteractionSettings.standardTouchRadius)
        -> PreviewContext?
    {
        link(at: point, radius: radius).map { PreviewContext(hit: $0, location: point) }
    }
}
