import CHarfBuzz
import LabelKitLayout
import LabelKitText

/// The set of Unicode scalars a face maps in its `cmap`, in a form that is cheap and race-free to query.
///
/// `covers` runs once per grapheme cluster while itemizing, on any thread. HarfBuzz's `hb_set_t` keeps a mutable
/// lookup hint even in its read-only queries, so the set is copied once into storage this class owns: a bitmap for
/// the Basic Multilingual Plane and a sorted list of ranges for the supplementary planes. Both are immutable after
/// `init`.
final class UnicodeCoverage: @unchecked Sendable {
    /// 65,536 bits, one per BMP code point.
    private let basicPlaneBits: UnsafeMutablePointer<UInt64>
    /// Supplementary ranges as `[first, last]` pairs, sorted; `supplementaryRangeCount` pairs.
    private let supplementaryRanges: UnsafeMutablePointer<UInt32>
    private let supplementaryRangeCount: Int

    private static let basicPlaneWordCount = 0x10000 / 64

    /// Collects the face's code points (`hb_face_collect_unicodes`).
    init(face: OpaquePointer) {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)

        basicPlaneBits = .allocate(capacity: Self.basicPlaneWordCount)
        basicPlaneBits.initialize(repeating: 0, count: Self.basicPlaneWordCount)

        var ranges: [UInt32] = []
        var first: hb_codepoint_t = hb_codepoint_t.max   // HB_SET_VALUE_INVALID: start the iteration
        var last: hb_codepoint_t = hb_codepoint_t.max
        while hb_set_next_range(set, &first, &last) != 0 {
            if first < 0x10000 {
                let bmpLast = min(last, 0xFFFF)
                for codePoint in Int(first)...Int(bmpLast) {
                    basicPlaneBits[codePoint >> 6] |= 1 << UInt64(codePoint & 63)
                }
            }
            if last >= 0x10000 {
                ranges.append(max(first, 0x10000))
                ranges.append(last)
            }
        }
        supplementaryRangeCount = ranges.count / 2
        supplementaryRanges = .allocate(capacity: max(ranges.count, 1))
        for (index, value) in ranges.enumerated() { (supplementaryRanges + index).initialize(to: value) }
    }

    deinit {
        basicPlaneBits.deallocate()
        supplementaryRanges.deallocate()
    }

    /// Whether the face maps `value` to a glyph.
    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        if value < 0x10000 {
            return basicPlaneBits[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
        }
        // The last range starting at or before `value`: one before the first that starts after it.
        let low = (0..<supplementaryRangeCount).partitioningIndex { supplementaryRanges[$0 * 2] > value }
        guard low > 0 else { return false }
        return value <= supplementaryRanges[(low - 1) * 2 + 1]
    }
}
