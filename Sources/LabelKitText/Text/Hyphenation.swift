/// Whether a paragraph's words are hyphenated at the end of a line, as CSS `hyphens`.
///
/// ```swift
/// var column = ParagraphStyle()
/// column.hyphenation = .auto   // "respon‐" / "sibility" in a narrow column
/// ```
public enum Hyphenation: String, Sendable, Hashable, Codable, CaseIterable {
    /// Words break only at spaces and punctuation; soft hyphens still break.
    case none
    /// Words break where a soft hyphen (U+00AD) allows, drawing a hyphen there (the default).
    case manual
    /// Words are also hyphenated where the dictionary of their language allows (the run's language, else the
    /// label's, else English), unless they are links, hold digits or other non-letters, have fewer than five letters,
    /// or are set right to left. A language without a dictionary is not hyphenated.
    case auto
}
