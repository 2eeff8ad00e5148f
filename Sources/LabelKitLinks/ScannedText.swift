import LabelKitText

/// A text read once into a buffer of Unicode scalar values, with the UTF-16 offset of each scalar.
///
/// The scanner works on scalars; ``DetectedLink`` ranges are UTF-16 offsets. Both come from one pass over the
/// string's UTF-8 storage.
struct ScannedText: Sendable {
    /// The scalar values.
    let scalars: [UInt32]
    /// `utf16Offsets[i]` is the UTF-16 offset of scalar `i`; one extra entry holds the UTF-16 length.
    let utf16Offsets: [Int]

    init(_ text: String) {
        var text = text
        var scalars: [UInt32] = []
        var offsets: [Int] = []
        text.withUTF8 { bytes in
            // At most one scalar per byte: fill both buffers in place, with no per-scalar append.
            scalars = [UInt32](unsafeUninitializedCapacity: bytes.count) { scalarBuffer, scalarCount in
                offsets = [Int](unsafeUninitializedCapacity: bytes.count + 1) { offsetBuffer, offsetCount in
                    var count = 0
                    var utf16Offset = 0
                    UnicodeCodeUnits.forEachScalar(inUTF8: bytes) { value, _ in
                        scalarBuffer[count] = value
                        offsetBuffer[count] = utf16Offset
                        utf16Offset += value > 0xFFFF ? 2 : 1
                        count += 1
                    }
                    offsetBuffer[count] = utf16Offset
                    scalarCount = count
                    offsetCount = count + 1
                }
            }
        }
        self.scalars = scalars
        self.utf16Offsets = offsets
    }

    /// The length of the text in UTF-16 code units.
    var utf16Length: Int { utf16Offsets[utf16Offsets.count - 1] }

    /// The UTF-16 range of the scalars in `range`.
    func utf16Range(_ range: Range<Int>) -> Range<Int> {
        utf16Offsets[range.lowerBound]..<utf16Offsets[range.upperBound]
    }

    /// The scalars covering a UTF-16 range (a half surrogate pair widens to the whole scalar).
    func scalarRange(utf16 range: Range<Int>) -> Range<Int> {
        // The first scalar starting after each bound, minus one: the scalar holding the bound.
        let lower = max(0, utf16Offsets.partitioningIndex { $0 > range.lowerBound } - 1)
        var upper = max(0, utf16Offsets.partitioningIndex { $0 > range.upperBound } - 1)
        if utf16Offsets[upper] < range.upperBound { upper += 1 }
        return lower..<max(lower, min(upper, scalars.count))
    }

    /// The text of the scalars in `range`.
    func string(_ range: Range<Int>) -> String {
        scalars.withUnsafeBufferPointer { ScalarBuffer.string($0, range) }
    }
}
