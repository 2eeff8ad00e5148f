/// The box of one grapheme cluster on a line: an element of ``LayoutLine/clusters`` and ``GlyphRun/clusters``.
///
/// A box spans the cluster's advance horizontally (the graphemes of a ligature share its advance evenly;
/// justification included) and its line vertically: the line's ``LayoutLine/rect`` gives its top and height. It is
/// what ``TextLayout/character(at:)`` hits and what ``TextLayout/rects(for:)`` joins into fragments.
///
/// ```swift
/// for cluster in layout.lines[0].clusters {
///     print(cluster.range, cluster.x, cluster.width)
/// }
/// ```
public struct LayoutCluster: Sendable, Hashable {
    /// The UTF-16 range of the cluster: in the text, or in the truncation token when ``isInTruncationToken``.
    public let range: Range<Int>
    /// The left edge of the box.
    public let x: Double
    /// The width of the box.
    public let width: Double
    /// Whether the cluster is in a right-to-left run (its leading edge is on the right).
    public let isRightToLeft: Bool
    /// Whether the cluster belongs to the truncation token rather than to the text.
    public let isInTruncationToken: Bool

    /// Creates a cluster box.
    public init(range: Range<Int>, x: Double, width: Double, isRightToLeft: Bool, isInTruncationToken: Bool) {
        self.range = range
        self.x = x
        self.width = width
        self.isRightToLeft = isRightToLeft
        self.isInTruncationToken = isInTruncationToken
    }

    init(_ box: ClusterBox) {
        self.init(
            range: Int(box.start)..<Int(box.end), x: Double(box.x), width: Double(box.width),
            isRightToLeft: box.isRightToLeft, isInTruncationToken: box.isInTruncationToken)
    }
}
