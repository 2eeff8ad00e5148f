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
    /// Both edges flush, except a paragraph's last line (and a truncated one), which is aligned naturally.
    ///
    /// A line's slack goes to its spaces, one equal share each; on a line with Chinese or Japanese text (Han, kana,
    /// Bopomofo, CJK punctuation, fullwidth forms) every gap next to such a character gets a share too, as CSS's
    /// `text-justify: auto` does — Hangul keeps word spacing. A line with neither spaces nor CJK spreads it between
    /// its grapheme clusters.
    case justified
}
