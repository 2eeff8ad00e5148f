/// The height of each line of a paragraph, with the extra space split half above and half below the line's text
/// (half-leading), as CSS's `line-height` and Pango 1.50's `line_height` do, so that text is centred in a tall line
/// instead of sitting at its bottom.
///
/// It differs from UIKit's ``ParagraphStyle/lineHeightMultiple``, ``ParagraphStyle/minimumLineHeight`` and
/// ``ParagraphStyle/maximumLineHeight``, which keep their meanings: those put the extra height above the text (the
/// baseline moves down by all of it). When both are set, ``ParagraphStyle/lineHeight`` decides the height and the
/// UIKit values are not applied.
///
/// ```swift
/// var paragraph = ParagraphStyle()
/// paragraph.lineHeight = .multiple(1.5)   // each line 1.5 × its runs' ascent + descent
/// paragraph.lineHeight = .absolute(24)    // each line 24 points, text centred in it
/// ```
public enum LineHeight: Sendable, Hashable, Codable {
    /// A multiple of each run's own line height (its font's ascent plus descent), as Pango's factor: a line is as
    /// tall as the tallest run so scaled. A finite number > 0.
    case multiple(Double)
    /// A length in points, as CSS's `line-height: 24px`: every line is that tall, even one whose text is taller (its
    /// text then overflows the line evenly above and below). A finite number ≥ 0.
    case absolute(Double)
}
