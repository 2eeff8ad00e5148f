/// How a paragraph's lines are wrapped.
public enum LineWrapping: String, Sendable, Hashable, Codable, CaseIterable {
    /// Break at line-break opportunities (UAX #14); a word wider than the line breaks between grapheme clusters.
    case byWord
    /// Break between any two grapheme clusters.
    case byCharacter
}
