/// The grapheme cluster under a point.
public struct CharacterHit: Sendable, Hashable {
    /// The UTF-16 range of the cluster: in the text, or in the truncation token when ``isInTruncationToken``.
    public let range: Range<Int>
    /// Whether the cluster belongs to the truncation token rather than to the text.
    public let isInTruncationToken: Bool
    /// The index of the line the cluster is on.
    public let lineIndex: Int

    /// The UTF-16 offset of the cluster's first code unit.
    public var index: Int { range.lowerBound }
}
