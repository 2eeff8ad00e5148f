import Foundation

/// The measured size of a text: what a table needs for a row height.
public struct TextMeasurement: Sendable, Hashable {
    /// The size the label needs, rounded up to whole points, insets included.
    public var size: CGSize
    /// The number of lines shown.
    public var lineCount: Int
    /// Whether text was cut by the limits.
    public var isTruncated: Bool
    /// The scale the text was shrunk to so that it fits (see ``/LabelKitText/TextContainer/minimumScaleFactor``); 1
    /// when it was not shrunk.
    public var scaleFactor: Double

    /// The measurement of a layout.
    public init(_ layout: TextLayout) {
        size = layout.size
        lineCount = layout.lines.count
        isTruncated = layout.isTruncated
        scaleFactor = layout.scaleFactor
    }

    init(size: CGSize, lineCount: Int, isTruncated: Bool, scaleFactor: Double) {
        self.size = size
        self.lineCount = lineCount
        self.isTruncated = isTruncated
        self.scaleFactor = scaleFactor
    }
}
