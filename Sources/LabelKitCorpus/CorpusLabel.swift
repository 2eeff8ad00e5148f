/// The kind of text in a corpus label: which scripts and features it exercises.
public enum CorpusKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// English sentences with URLs, @mentions and #hashtags.
    case latin
    /// Japanese without spaces: kanji, kana, katakana loan words and Japanese punctuation.
    case japanese
    /// Vietnamese with its stacked diacritics, some labels in decomposed form (NFD).
    case vietnamese
    /// Emoji — ZWJ sequences, flags, skin tones, keycaps — mixed with English words.
    case emoji
    /// All of the above in one label, plus Arabic and Hebrew words.
    case mixed
}

/// One generated label: a text and the width it is laid out at.
public struct CorpusLabel: Sendable, Hashable {
    /// What the text exercises.
    public var kind: CorpusKind
    /// The text; may contain hard line breaks (`\n`).
    public var text: String
    /// The label's width in points, 120…420.
    public var width: Double

    /// Creates a label.
    public init(kind: CorpusKind, text: String, width: Double) {
        self.kind = kind
        self.text = text
        self.width = width
    }
}
