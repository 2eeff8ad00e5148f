/// The height of each line of a paragraph, with the extra space split half above and half below the line's text
/// (half-leading), as CSS's `line-height` and Pango 1.50's `line_height` do, so that text is centred in a tall line
/// instead of sitting at its bottom.
///
/// It differs from UIKit's ``ParagraphStyle/lineHeightMultiple``, ``ParagraphStyle/minimumLineHeight`` and
/// ``ParagraphStyle/maximumLineHeight``, which keep their meanings: those put the extra height above the text (the
/// baseline moves down by all of it). When both are set, ``ParagraphStyle/lineHeight`` decides the height and the
/// UIKit values are not applied, nor is the font's line gap (`usesFontLeading`). ``ParagraphStyle/lineSpacing`` and the
/// paragraph spacings still add between lines.
///
/// Each run of text gets a box of the line height centred on its own text, and a line is as tall as it must be to
/// hold its runs' boxes (as CSS and Pango lay out inline boxes): on a line of one font size that is exactly the line
/// height; a run in a larger size, or raised by a baseline offset, can make its line taller. Inline boxes
/// (attachments) take no extra space of their own. In vertical text the line height is a column's thickness, the
/// text centred across it.
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
    /// A length in points, as CSS's `line-height: 24px`: every line of one font size is that tall, even one whose
    /// text is taller (its text then overflows the line evenly above and below). A finite number ≥ 0.
    case absolute(Double)
}
