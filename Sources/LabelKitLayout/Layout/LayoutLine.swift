import Foundation

/// One line of a ``TextLayout`` (in vertical text, a column), in line coordinates: the label's coordinate space
/// (origin top-left, y down) in horizontal text; see ``TextLayout/labelPoint(fromLinePoint:)`` for vertical text.
///
/// A line is a cheap view: it refers to its layout and reads the layout's flat storage, so getting one allocates
/// nothing. Its ``runs`` lead to the glyphs and grapheme clusters it shows, in visual order.
///
/// ```swift
/// for line in layout.lines {
///     print(line.textRange, line.rect)
///     for run in line.runs {
///         for glyph in run.glyphs { draw(glyph.glyphID, at: glyph.position, with: run.face) }
///     }
/// }
/// ```
///
/// Two lines are equal when they are the same line of the same layout.
public struct LayoutLine: Sendable, Hashable {
    package let layout: TextLayout
    /// The line's position in ``TextLayout/lines``, top to bottom.
    public let index: Int
    package let data: LineData

    package init(layout: TextLayout, index: Int) {
        self.layout = layout
        self.index = index
        self.data = layout.lineData[index]
    }

    /// The UTF-16 range of the source text the line holds, from its first character to the end of its trailing
    /// white space and line break. On a truncated line this is the range the line stood for before truncation.
    public var textRange: Range<Int> { data.textRange }
    /// The y coordinate of the baseline.
    public var baseline: Double { data.baseline }
    /// Distance from the baseline up to the top of the tallest run.
    public var ascent: Double { data.ascent }
    /// Distance from the baseline down to the bottom of the deepest run (positive).
    public var descent: Double { data.descent }
    /// The line box: x and width span the drawn content (trailing white space excluded), y and height the line's
    /// height (line spacing excluded).
    public var rect: CGRect { data.rect }
    /// Whether the truncation token is on this line.
    public var isTruncated: Bool { data.isTruncated }
    /// Whether the line ends in a drawn hyphen: it breaks a word at a dictionary's hyphenation point or a soft
    /// hyphen. The hyphen is not text; it widens the box of the line's last character.
    public var isHyphenated: Bool { data.isHyphenated }
    /// The base bidi level of the line's paragraph (0 left to right, 1 right to left).
    public var paragraphLevel: UInt8 { data.paragraphLevel }
    /// The line's glyph runs, left to right.
    public var runs: TextLayout.Runs { TextLayout.Runs(layout: layout, storage: data.runRange) }
    /// The boxes of the grapheme clusters on the line, left to right (the truncation token's included).
    public var clusters: TextLayout.Clusters { TextLayout.Clusters(layout: layout, storage: data.clusterRange) }

    /// Whether two lines are the same line of the same layout.
    public static func == (lhs: LayoutLine, rhs: LayoutLine) -> Bool {
        lhs.layout === rhs.layout && lhs.index == rhs.index
    }

    /// Hashes the layout's identity and the line's index.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(layout))
        hasher.combine(index)
    }
}
