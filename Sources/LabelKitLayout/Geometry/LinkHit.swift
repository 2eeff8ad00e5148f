import Foundation

/// A link found at a point, with the rectangles it covers.
public struct LinkHit: Sendable, Hashable {
    /// The index of the link in ``TextLayout/links``.
    public let index: Int
    /// The link.
    public let link: LayoutLink
    /// One rectangle per line fragment of the link, in the label's coordinates, each tagged with its line.
    public let rects: [TextRangeRect]
    /// The union of ``rects``: a preview's source rectangle.
    public var boundingRect: CGRect { rects.map(\.rect).union }
    /// Distance from the point to the nearest of the link's rectangles; 0 for an exact hit.
    public let distance: Double

    package init(index: Int, link: LayoutLink, rects: [TextRangeRect], distance: Double) {
        self.index = index
        self.link = link
        self.rects = rects
        self.distance = distance
    }
}
