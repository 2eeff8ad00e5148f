/// How a paragraph's lines are chosen among the line-break opportunities, as CSS `text-wrap` and Android's break
/// strategies.
///
/// Every strategy keeps the greedy line count: it only moves breaks earlier, never adds a line.
///
/// ```swift
/// var heading = ParagraphStyle()
/// heading.lineBreakStrategy = .balanced   // "Terms of Service and" / "Privacy Policy" → two lines of like width
/// ```
public enum LineBreakStrategy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Each line takes as much text as fits (the default, as UILabel and Pango).
    case greedy
    /// The lines are as even as they can be: the greedy line count at the narrowest width that keeps it, as CSS
    /// `text-wrap: balance`. Paragraphs of more than 10 lines are wrapped greedily.
    case balanced
    /// The last line is not left short: when greedy wrapping leaves a last line under a third of the width, or a
    /// single word alone on it, the last two to four lines are balanced among themselves if that fixes it without
    /// adding a line, as CSS `text-wrap: pretty` does in Chrome.
    case pretty
}

/// Where a paragraph's lines may break, as CSS `word-break` (and `line-break: anywhere`): one of two questions about
/// wrapping, the other being how the breaks are chosen among these places (``LineBreakStrategy``).
///
/// ```swift
/// var korean = ParagraphStyle()
/// korean.wordBreak = .keepAll   // "한국어 문장은" breaks only at the space
/// ```
public enum WordBreak: String, Sendable, Hashable, Codable, CaseIterable {
    /// Break wherever Unicode's line-breaking rules allow: between CJK ideographs, kana and Hangul syllables too.
    case normal
    /// Break only at spaces and punctuation, not between two letters, digits or ideographs (CSS `keep-all`, UIKit's
    /// `.hangulWordPriority`): Korean, and CJK generally, keeps its words whole. A word wider than the line still
    /// breaks between grapheme clusters. Thai, Lao, Khmer and Myanmar keep their dictionary breaks.
    case keepAll
    /// Break between any two grapheme clusters, wherever the line is full, as UIKit's `byCharWrapping` and CSS's
    /// `line-break: anywhere`. Lines are then always greedy (``LineBreakStrategy`` needs words to move).
    case anywhere
}
