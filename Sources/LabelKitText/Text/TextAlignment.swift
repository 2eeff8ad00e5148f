/// Horizontal alignment of the lines of a paragraph.
public enum TextAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
    /// Flush left.
    case left
    /// Flush right.
    case right
    /// Centred.
    case center
    /// Both edges flush, except a paragraph's last line, which is aligned naturally.
    case justified
}
