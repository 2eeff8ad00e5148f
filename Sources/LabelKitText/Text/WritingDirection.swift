/// The base direction of a paragraph.
public enum WritingDirection: String, Sendable, Hashable, Codable {
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft
}
