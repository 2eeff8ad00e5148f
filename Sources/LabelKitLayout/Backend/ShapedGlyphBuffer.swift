/// Glyphs appended by ``FontFace/shape(_:range:options:into:)``, in visual order (left to right).
///
/// The typesetter owns one of these as a scratch buffer and reuses it, so shaping allocates nothing per run. The
/// glyphs are kept as one record per glyph; ``glyphIDs``, ``clusters``, ``advances``, ``xOffsets`` and ``yOffsets``
/// read (and write) one field of every record as an array of its own. A font face appends with
/// ``append(glyph:cluster:advance:xOffset:yOffset:)``.
public struct ShapedGlyphBuffer: Sendable {
    /// One glyph's fields side by side: a cached word's glyphs are copied in one piece, not field by field (five
    /// appends per word had been a tenth of laying a Latin label out).
    struct Record: Sendable, Equatable {
        var glyphID: UInt32
        var cluster: Int32
        var advance: Float
        var xOffset: Float
        var yOffset: Float
    }

    /// The glyphs, in visual order.
    var records: [Record] = []

    /// Glyph identifiers in the face. Setting it sets the identifier of each glyph, as many glyphs as it has (the
    /// glyphs it adds have every other field 0; the ones past its end are removed), as setting the other fields does.
    public var glyphIDs: [UInt32] {
        get { records.map(\.glyphID) }
        set { setField(newValue) { $0.glyphID = $1 } }
    }

    /// For each glyph, the UTF-16 offset in the whole text of the first code unit of its cluster.
    public var clusters: [Int32] {
        get { records.map(\.cluster) }
        set { setField(newValue) { $0.cluster = $1 } }
    }

    /// Horizontal advance of each glyph, in points.
    public var advances: [Float] {
        get { records.map(\.advance) }
        set { setField(newValue) { $0.advance = $1 } }
    }

    /// Horizontal offset of each glyph from its pen position, in points (right is positive).
    public var xOffsets: [Float] {
        get { records.map(\.xOffset) }
        set { setField(newValue) { $0.xOffset = $1 } }
    }

    /// Vertical offset of each glyph from the baseline, in points (up is positive, as in HarfBuzz).
    public var yOffsets: [Float] {
        get { records.map(\.yOffset) }
        set { setField(newValue) { $0.yOffset = $1 } }
    }

    /// The glyph identifier of a glyph that takes space but draws nothing: what a tab or a control character becomes.
    /// Renderers skip it.
    public static let invisibleGlyph = UInt32.max

    /// Creates an empty buffer.
    public init() {}

    /// The number of glyphs.
    public var count: Int { records.count }

    /// Sets one field of every glyph from `values`, first making the buffer as long as `values`.
    private mutating func setField<Value>(_ values: [Value], _ set: (inout Record, Value) -> Void) {
        if records.count > values.count { records.removeLast(records.count - values.count) }
        while records.count < values.count {
            records.append(Record(glyphID: 0, cluster: 0, advance: 0, xOffset: 0, yOffset: 0))
        }
        for index in values.indices { set(&records[index], values[index]) }
    }

    /// Empties the buffer, keeping its capacity.
    public mutating func removeAll() {
        // Often empty already (a scratch buffer emptied before every use): then there is nothing to do.
        if !records.isEmpty { records.removeAll(keepingCapacity: true) }
    }

    /// Appends the glyphs `range` of `other`, adding `clusterOffset` to their clusters.
    public mutating func append(contentsOf other: ShapedGlyphBuffer, range: Range<Int>, clusterOffset: Int32 = 0) {
        other.records.withUnsafeBufferPointer { source in
            // A range reaching outside `other` takes the glyphs it has.
            let range = range.clamped(to: 0..<source.count)
            guard let base = source.baseAddress else { return }
            append(records: base + range.lowerBound, count: range.count, clusterOffset: clusterOffset)
        }
    }

    /// Appends `count` records, adding `clusterOffset` to their clusters.
    mutating func append(records source: UnsafePointer<Record>, count: Int, clusterOffset: Int32) {
        guard count > 0 else { return }
        let first = records.count
        // Through an unsafe buffer: appending an ArraySlice goes through a generic path several times slower.
        records.append(contentsOf: UnsafeBufferPointer(start: source, count: count))
        if clusterOffset != 0 {
            records.withUnsafeMutableBufferPointer { records in
                for index in first..<records.count { records[index].cluster &+= clusterOffset }
            }
        }
    }

    /// Appends one glyph.
    public mutating func append(glyph: UInt32, cluster: Int32, advance: Float, xOffset: Float = 0, yOffset: Float = 0) {
        records.append(Record(glyphID: glyph, cluster: cluster, advance: advance, xOffset: xOffset, yOffset: yOffset))
    }
}
