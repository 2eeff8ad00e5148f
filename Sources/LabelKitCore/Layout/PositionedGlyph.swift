import Foundation

/// A glyph with its position in the label's coordinate space.
public struct PositionedGlyph: Sendable, Hashable {
    /// The glyph identifier in its run's face.
    public let glyphID: UInt32
    /// The origin of the glyph on the baseline (x right, y down).
    public let position: CGPoint
}
