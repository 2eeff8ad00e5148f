/// The box of one grapheme cluster on a line, in visual order, for hit-testing and selection geometry.
package struct ClusterBox: Sendable, Hashable {
    package var x: Float
    /// The right edge: the next box's left edge, or the line's end.
    package var maxX: Float
    package var start: Int32
    package var end: Int32
    package var isInTruncationToken: Bool
    package var isRightToLeft: Bool

    /// The width, exactly the distance between the two stored edges: a width rounded to 32 bits on its own let
    /// `x + width` miss the next box's edge by a rounding step (found by `make fuzz`).
    package var width: Double { Double(maxX) - Double(x) }

    package init(x: Float, maxX: Float, start: Int32, end: Int32, isInTruncationToken: Bool, isRightToLeft: Bool) {
        self.x = x
        self.maxX = maxX
        self.start = start
        self.end = end
        self.isInTruncationToken = isInTruncationToken
        self.isRightToLeft = isRightToLeft
    }
}

/// The stored form of a ``ClusterBox`` (12 bytes): its left edge, not its width. A line's boxes tile it — each
/// starts where the one before it ends — so a box's width is the distance to the next box's left edge, and one
/// closing entry after each line's boxes holds the line's right end. Stored widths, each rounded to 32 bits on its
/// own, had let touching boxes overlap or part by a rounding step.
package struct StoredClusterBox: Sendable, Hashable {
    package var x: Float
    package var start: Int32
    private var length: UInt16
    private var flags: UInt8

    package init(x: Float, start: Int32, end: Int32, isInTruncationToken: Bool, isRightToLeft: Bool) {
        self.x = x
        self.start = start
        // A grapheme cluster longer than 65,535 code units is cut short in its box, never in the text.
        self.length = UInt16(clamping: max(end - start, 0))
        self.flags = (isInTruncationToken ? 1 : 0) | (isRightToLeft ? 2 : 0)
    }

    /// The entry that closes a line at `x`: not a box, never inside a line's or a run's range.
    package static func lineEnd(at x: Float) -> StoredClusterBox {
        StoredClusterBox(x: x, start: 0, end: 0, isInTruncationToken: false, isRightToLeft: false)
    }

    package var end: Int32 { start + Int32(length) }
    package var isInTruncationToken: Bool { flags & 1 != 0 }
    package var isRightToLeft: Bool { flags & 2 != 0 }
}

/// A layout's cluster boxes, each line's left to right and closed by its right end, read as ``ClusterBox`` values.
/// Indices are positions in the storage: a line's ``LineData/clusterRange`` and a run's cluster range never include
/// the closing entries.
package struct ClusterBoxes: RandomAccessCollection, Sendable {
    package let stored: [StoredClusterBox]

    package init(_ stored: [StoredClusterBox]) {
        self.stored = stored
    }

    package var startIndex: Int { stored.startIndex }
    package var endIndex: Int { stored.endIndex }

    /// The box at `position`, which must not be a line's closing entry.
    package subscript(position: Int) -> ClusterBox {
        let box = stored[position]
        return ClusterBox(
            x: box.x, maxX: stored[position + 1].x, start: box.start, end: box.end,
            isInTruncationToken: box.isInTruncationToken, isRightToLeft: box.isRightToLeft)
    }
}
