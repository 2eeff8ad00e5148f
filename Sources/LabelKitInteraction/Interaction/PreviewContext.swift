import Foundation
import LabelKitLayout

/// What a link preview needs: the link under a point, its target, its rectangles and their union.
///
/// A link that wraps has one rectangle per line; ``sourceRect`` is their union, the rectangle a preview grows out of
/// (UIKit's `UITargetedPreview`, a popover's anchor).
///
/// ```swift
/// if let preview = layout.previewContext(at: touch) {
///     showPreview(of: preview.target, from: preview.sourceRect, highlighting: preview.rects)
/// }
/// ```
public struct PreviewContext: Sendable, Hashable {
    /// The index of the link in ``/LabelKitLayout/TextLayout/links``.
    public let linkIndex: Int
    /// The link.
    public let link: LayoutLink
    /// One rectangle per line fragment of the link, in the label's coordinates.
    public let rects: [CGRect]
    /// The union of ``rects``.
    public let sourceRect: CGRect
    /// Where the press happened, in the label's coordinates.
    public let location: CGPoint

    /// Where the link goes.
    public var target: URL { link.target }

    /// The preview context of a link found at `location`.
    public init(hit: LinkHit, location: CGPoint) {
        linkIndex = hit.index
        link = hit.link
        rects = hit.rects
        sourceRect = hit.boundingRect
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
