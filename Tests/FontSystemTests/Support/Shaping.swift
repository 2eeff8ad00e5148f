import LabelKit
import LabelKitLayout
import LabelKitText

/// Test conveniences: shape a Swift string, look up a cluster by its text.
extension FontFace {
    /// Shapes `range` (UTF-16 offsets, the whole text by default) of `text`.
    func shaped(_ text: String, range: Range<Int>? = nil, options: ShapingOptions) -> ShapedGlyphBuffer {
        let units = Array(text.utf16)
        var buffer = ShapedGlyphBuffer()
        units.withUnsafeBufferPointer { shape($0, range: range ?? 0..<units.count, options: options, into: &buffer) }
        return buffer
    }
}

extension FontSystem {
    /// The fallback face for `cluster` (one grapheme cluster).
    func fallback(for cluster: String, descriptor: FontDescriptor, emojiPresentation emoji: Bool = false) -> (
        any FontFace
    )? {
        let units = Array(cluster.utf16)
        return units.withUnsafeBufferPointer {
            fallbackFace(for: $0, descriptor: descriptor, emojiPresentation: emoji)
        }
    }
}

extension ShapedGlyphBuffer {
    /// The sum of the advances.
    var totalAdvance: Float { advances.reduce(0, +) }
}
