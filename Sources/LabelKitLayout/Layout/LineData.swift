import Foundation

/// The stored form of one line of a ``TextLayout``, read through ``LayoutLine`` (104 bytes).
package struct LineData: Sendable, Hashable {
    private var textStart: Int32
    private var textEnd: Int32
    private var runStart: Int32
    private var runEnd: Int32
    private var clusterStart: Int32
    private var clusterEnd: Int32
    /// The y coordinate of the baseline.
    package var baseline: Double
    /// Distance from the baseline up to the top of the tallest run.
    package var ascent: Double
    /// Distance from the baseline down to the bottom of the deepest run (positive).
    package var descent: Double
    /// The line box (see ``LayoutLine/rect``).
    package var rect: CGRect
    /// Top of the line's hit area: half of the space to the previous line belongs to this line.
    package var hitTop: Double
    /// Bottom of the line's hit area.
    package var hitBottom: Double
    /// Whether the truncation token is on this line.
    package var isTruncated: Bool
    /// The base bidi level of the line's paragraph.
    package var paragraphLevel: UInt8
    /// Whether the line ends in a drawn hyphen.
    package var isHyphenated: Bool

    package init(
        textRange: Range<Int>, baseline: Double, ascent: Double, descent: Double, rect: CGRect, isTruncated: Bool,
        paragraphLevel: UInt8, runRange: Range<Int>, clusterRange: Range<Int>, hitTop: Double, hitBottom: Double,
        isHyphenated: Bool = false
    ) {
        self.isHyphenated = isHyphenated
        textStart = Int32(textRange.lowerBound)
        textEnd = Int32(textRange.upperBound)
        runStart = Int32(runRange.lowerBound)
        runEnd = Int32(runRange.upperBound)
        clusterStart = Int32(clusterRange.lowerBound)
        clusterEnd = Int32(clusterRange.upperBound)
        self.baseline = baseline
        self.ascent = ascent
        self.descent = descent
        self.rect = rect
        self.hitTop = hitTop
        self.hitBottom = hitBottom
        self.isTruncated = isTruncated
        self.paragraphLevel = paragraphLevel
    }

    /// The UTF-16 range of the source text the line holds (see ``LayoutLine/textRange``).
    package var textRange: Range<Int> { Int(textStart)..<Int(textEnd) }
    /// The line's runs in ``TextLayout/runData``, left to right.
    package var runRange: Range<Int> { Int(runStart)..<Int(runEnd) }
    /// The line's cluster boxes in ``TextLayout/clusterBoxes``, left to right.
    package var clusterRange: Range<Int> { Int(clusterStart)..<Int(clusterEnd) }
}
