/// The pattern of an underline or strikethrough.
public enum LineDecoration: String, Sendable, Hashable, Codable, CaseIterable {
    /// One line of the font's thickness.
    case single
    /// One line twice as thick.
    case thick
    /// Two thin lines.
    case double
}
