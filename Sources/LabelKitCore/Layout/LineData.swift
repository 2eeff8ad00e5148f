import Foundation

/// The stored form of one line of a ``TextLayout``, read through ``LayoutLine``.
package struct LineData: Sendable, Hashable {
    /// The UTF-16 range of the source text the line holds (see ``LayoutLine/textRange``).
    package var textRange: Range<Int>
    /// The y coordinate of the baseline.
    package var baseline: Double
    /// Distance from the baseline up to the top of the tallest run.
    package var ascent: Double
    /// Distance from the baseline down to the bottom of the deepest run (positive).
    package var descent: Double
    /// The line box (see ``LayoutLine/rect``).
    package var rect: CGRect
    /// Whether the truncation token is on this line.
    package var isTruncated: Bool
    /// The base bidi level of the line's paragraph.
    package var paragraphLevel: UInt8
    /// The line's runs in ``TextLayout/runData``, left to right.
    package var runRange: Range<Int>
    /// The line's cluster boxes in ``TextLayout/clusterBoxes``, left to right.
    package var clusterRange: Range<Int>
    /// Top of the line's hit area: half of the space to the previous line belongs to this line.
    package var hitTop: Double
    /// Bottom of the line's hit area.
    package var hitBottom: Double
}
