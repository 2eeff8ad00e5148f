/// The box of one grapheme cluster on a line, in visual order, for hit-testing and selection geometry (16 bytes).
package struct ClusterBox: Sendable, Hashable {
    package var x: Float
    package var width: Float
    package var start: Int32
    private var length: UInt16
    private var flags: UInt8

    package init(x: Float, width: Float, start: Int32, end: Int32, isInTruncationToken: Bool, isRightToLeft: Bool) {
        self.x = x
        self.width = width
        self.start = start
        // A grapheme cluster longer than 65,535 code units is cut short in its box, never in the text.
        self.length = UInt16(clamping: max(end - start, 0))
        self.flags = (isInTruncationToken ? 1 : 0) | (isRightToLeft ? 2 : 0)
    }

    package var end: Int32 { start + Int32(length) }
    package var isInTruncationToken: Bool { flags & 1 != 0 }
    package var isRightToLeft: Bool { flags & 2 != 0 }
}
