import Foundation

/// The measured size of a text: what a table needs for a row height.
public struct TextMeasurement: Sendable, Hashable {
    /// The size the label needs, rounded up to whole points, insets included.
    public var size: CGSize
    /// The number of lines shown.
    public var lineCount: Int
    /// Whether text was cut by the limits.
    public var isTruncated: Bool

    /// The measurement of a layout.
    public init(_ layout: TextLayout) {
        size = layout.size
        lineCount = layout.lines.count
        isTruncated = layout.isTruncated
    }

    init(size: CGSize, lineCount: Int, isTruncated: Bool) {
        self.size = size
        self.lineCount = lineCount
        self.isTruncated = isTruncated
    }
}
