/// Glyphs appended by ``FontFace/shape(_:range:options:into:)``, in visual order (left to right), as flat arrays.
///
/// The typesetter owns one of these as a scratch buffer and reuses it, so shaping allocates nothing per run.
public struct ShapedGlyphBuffer: Sendable {
    /// Glyph identifiers in the face.
    public var glyphIDs: [UInt32] = []
    /// For each glyph, the UTF-16 offset in the whole text of the first code unit of its cluster.
    public var clusters: [Int32] = []
    /// Horizontal advance of each glyph, in points.
    public var advances: [Float] = []
    /// Horizontal offset of each glyph from its pen position, in points (right is positive).
    public var xOffsets: [Float] = []
    /// Vertical offset of each glyph from the baseline, in points (up is positive, as in HarfBuzz).
    public var yOffsets: [Float] = []

    /// The glyph identifier of a glyph that takes space but draws nothing: what a tab or a control character becomes.
    /// Renderers skip it.
    public static let invisibleGlyph = UInt32.max

    /// Creates an empty buffer.
    public init() {}

    /// The number of glyphs.
    public var count: Int { glyphIDs.count }

    /// Empties the buffer, keeping its capacity.
    public mutating func removeAll() {
        // Often empty already (a scratch buffer emptied before every use): then there is nothing to do.
        if glyphIDs.isEmpty, clusters.isEmpty, advances.isEmpty, xOffsets.isEmpty, yOffsets.isEmpty { return }
        glyphIDs.removeAll(keepingCapacity: true)
        clusters.removeAll(keepingCapacity: true)
        advances.removeAll(keepingCapacity: true)
        xOffsets.removeAll(keepingCapacity: true)
        yOffsets.removeAll(keepingCapacity: true)
    }

    /// Appends the glyphs `range` of `other`, adding `clusterOffset` to their clusters.
    public mutating func append(contentsOf other: ShapedGlyphBuffer, range: Range<Int>, clusterOffset: Int32 = 0) {
        let first = count
        // Through unsafe buffers: appending an ArraySlice goes through a generic path several times slower.
        other.glyphIDs.withUnsafeBufferPointer { glyphIDs.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        other.clusters.withUnsafeBufferPointer { clusters.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        other.advances.withUnsafeBufferPointer { advances.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        other.xOffsets.withUnsafeBufferPointer { xOffsets.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        other.yOffsets.withUnsafeBufferPointer { yOffsets.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        if clusterOffset != 0 {
            clusters.withUnsafeMutableBufferPointer { clusters in
                for index in first..<clusters.count { clusters[index] &+= clusterOffset }
            }
        }
    }

    /// Appends `count` glyphs from five field arrays, adding `clusterOffset` to their clusters.
    mutating func append(
        glyphIDs newIDs: UnsafePointer<UInt32>, clusters newClusters: UnsafePointer<Int32>,
        advances newAdvances: UnsafePointer<Float>, xOffsets newXOffsets: UnsafePointer<Float>,
        yOffsets newYOffsets: UnsafePointer<Float>, count: Int, clusterOffset: Int32
    ) {
        guard count > 0 else { return }
        glyphIDs.append(contentsOf: UnsafeBufferPointer(start: newIDs, count: count))
        let first = clusters.count
        clusters.append(contentsOf: UnsafeBufferPointer(start: newClusters, count: count))
        advances.append(contentsOf: UnsafeBufferPointer(start: newAdvances, count: count))
        xOffsets.append(contentsOf: UnsafeBufferPointer(start: newXOffsets, count: count))
        yOffsets.append(contentsOf: UnsafeBufferPointer(start: newYOffsets, count: count))
        if clusterOffset != 0 {
            clusters.withUnsafeMutableBufferPointer { clusters in
                for index in first..<clusters.count { clusters[index] &+= clusterOffset }
            }
        }
    }

    /// Appends one glyph.
    public mutating func append(glyph: UInt32, cluster: Int32, advance: Float, xOffset: Float = 0, yOffset: Float = 0) {
        glyphIDs.append(glyph)
        clusters.append(cluster)
        advances.append(advance)
        xOffsets.append(xOffset)
        yOffsets.append(yOffset)
    }
}
