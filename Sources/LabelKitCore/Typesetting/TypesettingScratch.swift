import Synchronization

/// The buffers of a ``TypesettingPass``, kept between layouts so that laying out thousands of labels does not
/// allocate and free the same dozen arrays each time.
///
/// A small pool shared by all threads: a pass takes a set when it starts and gives it back when its layout is built.
/// Oversized buffers (from a very long text) are not kept.
struct TypesettingScratch: Sendable {
    var flags: [TextBoundaryFlags]
    var levels: [UInt8]
    var paragraphs: [TypesettingPass.Paragraph]
    var items: [TypesettingPass.Item]
    var glyphs: ShapedGlyphBuffer
    var shapingScratch: ShapedGlyphBuffer
    var levelScratch: [UInt8]
    var wordEndScratch: [Int]
    var graphemeAdvances: [Double]
    var clusterTotals: [Double]
    var clusterStarts: [Bool]
    var fallbackMemoKeys: [UInt32]
    var fallbackMemoFaces: [Int32]

    /// Sets kept at most; one per thread laying out at once is enough.
    private static let poolLimit = 16
    /// Buffers for texts longer than this many code units are dropped rather than kept.
    private static let largestKeptText = 16_384
    private static let pool = Mutex<[TypesettingScratch]>([])

    static func take() -> TypesettingScratch? {
        pool.withLock { $0.popLast() }
    }

    static func give(_ scratch: TypesettingScratch) {
        guard scratch.flags.capacity <= largestKeptText + 1 else { return }
        var scratch = scratch
        scratch.emptyKeepingCapacity()
        pool.withLock { pool in
            if pool.count < poolLimit { pool.append(scratch) }
        }
    }

    private mutating func emptyKeepingCapacity() {
        flags.removeAll(keepingCapacity: true)
        levels.removeAll(keepingCapacity: true)
        paragraphs.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        glyphs.removeAll()
        shapingScratch.removeAll()
        levelScratch.removeAll(keepingCapacity: true)
        wordEndScratch.removeAll(keepingCapacity: true)
        graphemeAdvances.removeAll(keepingCapacity: true)
        clusterTotals.removeAll(keepingCapacity: true)
        clusterStarts.removeAll(keepingCapacity: true)
        // Face indices belong to one pass: forget every memo entry, keeping the table.
        fallbackMemoKeys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
}
