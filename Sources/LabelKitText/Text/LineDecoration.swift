/// The pattern of an underline or strikethrough.
///
/// Every pattern is drawn at the font's own underline (or strikethrough) position and thickness, as the font's
/// `post` and OS/2 tables give them, and in the decoration's colour (the text colour unless the run sets one).
/// Dotted and dashed patterns are anchored at the label's left edge, so a decoration that spans several runs
/// continues its rhythm across them; their dots and dashes are measured in the line's thickness, at least one point,
/// so that they stay visible at text sizes (a text font's underline is often thinner than a point).
///
/// ```swift
/// text[range].labelKit.underline = .dotted
/// ```
public enum LineDecoration: String, Sendable, Hashable, Codable, CaseIterable {
    /// One line of the font's thickness.
    case single
    /// One line twice as thick.
    case thick
    /// Two thin lines.
    case double
    /// Round dots as wide as the line is thick (at least one point), one thickness apart.
    case dotted
    /// Dashes three thicknesses long (thick at least one point), two apart.
    case dashed
}
