/// The kind of text in a corpus label: which scripts and features it exercises.
///
/// The first five (``classic``) are the corpus's original kinds; the nine after them (``world``) bring the world's
/// other major scripts. ``makeCorpus(count:seed:kinds:)`` generates the classic kinds unless asked for others.
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
    /// Arabic sentences, right to left: words with and without harakat (short-vowel marks), Arabic punctuation
    /// (، ؛ ؟) and Arabic-Indic digits.
    case arabic
    /// Hebrew sentences, right to left: words with and without niqqud (vowel points), maqaf-joined words, digits.
    case hebrew
    /// Hindi in Devanagari: conjuncts (क्ष, त्र, ज्ञ, श्र), nukta, the danda (।), Devanagari digits.
    case devanagari
    /// Bengali: conjuncts (ক্ষ, ন্ত, স্ব), ya-phala, the danda, Bengali digits.
    case bengali
    /// Thai without spaces between words (dictionary line breaks), a space between phrases, SARA AM, Thai digits.
    case thai
    /// Khmer without spaces between words, subscript consonants (coeng), the khan (។), Khmer digits.
    case khmer
    /// Korean: Hangul words separated by spaces, numbers and Latin punctuation.
    case korean
    /// Simplified Chinese without spaces, Chinese punctuation and brackets, a few Latin words and numbers.
    case chinese
    /// English with embedded right-to-left phrases (Arabic, Hebrew) and numbers in several notations (bidi).
    case bidi

    /// The corpus's original five kinds, in the order ``makeCorpus(count:seed:kinds:)`` cycles through by default.
    public static let classic: [CorpusKind] = [.latin, .japanese, .vietnamese, .emoji, .mixed]

    /// The kinds of the world's other scripts, added after the classic five.
    public static let world: [CorpusKind] = [
        .arabic, .hebrew, .devanagari, .bengali, .thai, .khmer, .korean, .chinese, .bidi,
    ]
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
