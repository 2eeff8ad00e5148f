import Foundation

/// One line of a ``TextLayout``, in the label's coordinate space (origin top-left, y down).
public struct LayoutLine: Sendable, Hashable {
    /// The UTF-16 range of the source text the line holds, from its first character to the end of its trailing
    /// white space and line break. On a truncated line this is the range the line stood for before truncation.
    public let textRange: Range<Int>
    /// The y coordinate of the baseline.
    public let baseline: Double
    /// Distance from the baseline up to the top of the tallest run.
    public let ascent: Double
    /// Distance from the baseline down to the bottom of the deepest run (positive).
    public let descent: Double
    /// The line box: x and width span the drawn content (trailing white space excluded), y and height the line's
    /// height (line spacing excluded).
    public let rect: CGRect
    /// Whether the truncation token is on this line.
    public let isTruncated: Bool
    /// The base bidi level of the line's paragraph (0 left to right, 1 right to left).
    public let paragraphLevel: UInt8
    package let runRange: Range<Int>
    package let clusterRange: Range<Int>
    /// Top of the line's hit area: half of the space to the previous line belongs to this line.
    package let hitTop: Double
    /// Bottom of the line's hit area.
    package let hitBottom: Double
}
