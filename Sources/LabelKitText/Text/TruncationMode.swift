/// What happens to text that does not fit the line or height limit.
public enum TruncationMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// The start of the last visible line is replaced by the token.
    case head
    /// The middle of the last visible line is replaced by the token.
    case middle
    /// The end of the last visible line is replaced by the token (the default).
    case tail
    /// Lines that do not fit are dropped; no token.
    case clip
}
