import Foundation

/// A rectangle covering part of a range on one line, tagged with its line.
public struct TextRangeRect: Sendable, Hashable {
    /// The rectangle, in the label's coordinates: the fragment's horizontal extent and the line's height.
    public let rect: CGRect
    /// The index of the line.
    public let lineIndex: Int
}
