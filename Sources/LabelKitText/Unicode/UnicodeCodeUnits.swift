/// The one home of LabelKit's code-unit arithmetic: UTF-16 surrogates, UTF-8 decoding and encoding.
///
/// Every stage reads text as code units in place (a `String`'s UTF-8 storage, the typesetter's UTF-16 buffer), so
/// these small functions sit in the hot loops of analysis, font choice and link detection; they are written once here
/// and inlined where they are used.
@usableFromInline package enum UnicodeCodeUnits {
    /// Whether `unit` is a high (leading) surrogate, D800–DBFF.
    @inlinable @inline(__always) package static func isLeadSurrogate(_ unit: UInt16) -> Bool {
        unit & 0xFC00 == 0xD800
    }

    /// Whether `unit` is a low (trailing) surrogate, DC00–DFFF.
    @inlinable @inline(__always) package static func isTrailSurrogate(_ unit: UInt16) -> Bool {
        unit & 0xFC00 == 0xDC00
    }

    /// Whether `unit` is any surrogate, D800–DFFF.
    @inlinable @inline(__always) package static func isSurrogate(_ unit: UInt16) -> Bool {
        unit & 0xF800 == 0xD800
    }

    /// The scalar value of a surrogate pair.
    @inlinable @inline(__always) package static func scalarValue(lead: UInt16, trail: UInt16) -> UInt32 {
        0x10000 + ((UInt32(lead) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
    }

    /// The value starting at `offset` of `units` and the number of code units it takes, never reading at or past
    /// `limit`: a surrogate pair gives its scalar (2 units); anything else, a lone surrogate included, its own
    /// value (1 unit). Callers that need a valid scalar check lone surrogates with ``isSurrogate(_:)``.
    @inlinable @inline(__always) package static func decode(
        at offset: Int, in units: UnsafeBufferPointer<UInt16>, limit: Int
    ) -> (value: UInt32, length: Int) {
        let unit = units[offset]
        if isLeadSurrogate(unit), offset + 1 < limit, isTrailSurrogate(units[offset + 1]) {
            return (scalarValue(lead: unit, trail: units[offset + 1]), 2)
        }
        return (UInt32(unit), 1)
    }

    /// Calls `body` with each scalar value of valid UTF-8 `bytes` (a native `String`'s storage) and the UTF-8
    /// offset where it starts, in one pass. A truncated sequence at the end is decoded from the bytes present.
    @inlinable @inline(__always) package static func forEachScalar(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (_ value: UInt32, _ byteOffset: Int) -> Void
    ) {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = UInt32(bytes[index])
            if lead < 0x80 {
                body(lead, index)
                index += 1
                continue
            }
            let (value, end) = decodeSequence(lead: lead, at: index, in: bytes)
            body(value, index)
            index = end
        }
    }

    /// The scalar value of the UTF-8 sequence of two to four bytes whose lead byte, `lead`, is at `index` of valid
    /// UTF-8 `bytes`, and the offset after it; a sequence cut short by the end of `bytes` is decoded from the bytes
    /// present.
    @inlinable @inline(__always) package static func decodeSequence(
        lead: UInt32, at index: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) -> (value: UInt32, end: Int) {
        var value: UInt32
        var length: Int
        if lead < 0xE0 {
            value = lead & 0x1F
            length = 2
        } else if lead < 0xF0 {
            value = lead & 0x0F
            length = 3
        } else {
            value = lead & 0x07
            length = 4
        }
        let end = min(index + length, bytes.count)
        var next = index + 1
        while next < end {
            value = value << 6 | UInt32(bytes[next] & 0x3F)
            next += 1
        }
        return (value, end)
    }

    /// Writes the UTF-8 encoding of the scalar `value` into `bytes` at `offset` (1 to 4 bytes, which must fit) and
    /// returns how many bytes it wrote.
    @inlinable @inline(__always) package static func writeUTF8(
        of value: UInt32, into bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) -> Int {
        if value < 0x80 {
            bytes[offset] = UInt8(value)
            return 1
        }
        if value < 0x800 {
            bytes[offset] = UInt8(0xC0 | (value >> 6))
            bytes[offset + 1] = UInt8(0x80 | (value & 0x3F))
            return 2
        }
        if value < 0x10000 {
            bytes[offset] = UInt8(0xE0 | (value >> 12))
            bytes[offset + 1] = UInt8(0x80 | ((value >> 6) & 0x3F))
            bytes[offset + 2] = UInt8(0x80 | (value & 0x3F))
            return 3
        }
        bytes[offset] = UInt8(0xF0 | (value >> 18))
        bytes[offset + 1] = UInt8(0x80 | ((value >> 12) & 0x3F))
        bytes[offset + 2] = UInt8(0x80 | ((value >> 6) & 0x3F))
        bytes[offset + 3] = UInt8(0x80 | (value & 0x3F))
        return 4
    }

    /// Appends the UTF-16 code units of `string` to `units`, transcoded from its UTF-8 storage in one pass (Swift's
    /// `utf16` view walks non-ASCII native strings far more slowly).
    package static func appendUTF16(of string: String, to units: inout [UInt16]) {
        var string = string
        string.withUTF8 { bytes in
            let start = units.count
            // Appended pieces (an attributed string's runs) grow the array geometrically, never by exactly their
            // own length, which would copy the text once per run.
            if units.capacity < start + bytes.count {
                units.reserveCapacity(start == 0 ? bytes.count : max(start + bytes.count, 2 * units.capacity))
            }
            // At most one UTF-16 unit per UTF-8 byte (a four-byte scalar is two units): room for that many, written
            // through a pointer without a capacity check per unit, then cut to what was written. (Not
            // `Array(unsafeUninitializedCapacity:)`, which looks its storage type up at run time, generically.)
            units.append(contentsOf: repeatElement(0, count: bytes.count))
            let written = units.withUnsafeMutableBufferPointer { buffer in
                guard let output = buffer.baseAddress else { return start }
                return start + transcode(bytes, into: output + start)
            }
            units.removeLast(units.count - written)
        }
    }

    /// Writes the UTF-16 of valid UTF-8 `bytes` (a native `String`'s storage) to `output`, which has room for one
    /// unit per byte, and returns how many units it wrote: eight ASCII bytes at a time while they last, other
    /// sequences decoded in line, and a sequence cut short at the end as ``forEachScalar`` decodes it.
    static func transcode(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt16>) -> Int {
        guard let input = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var index = 0
        var written = 0
        while index < count {
            while count - index >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self))
                if word & 0x8080_8080_8080_8080 != 0 { break }
                for byte in 0..<8 { output[written + byte] = UInt16(truncatingIfNeeded: word >> (8 * byte)) & 0xFF }
                index += 8
                written += 8
            }
            guard index < count else { break }
            let lead = UInt32(input[index])
            if lead < 0x80 {
                output[written] = UInt16(lead)
                index += 1
                written += 1
            } else if lead < 0xE0, count - index >= 2 {
                output[written] = UInt16(truncatingIfNeeded: (lead & 0x1F) << 6 | UInt32(input[index + 1] & 0x3F))
                index += 2
                written += 1
            } else if lead >= 0xE0, lead < 0xF0, count - index >= 3 {
                let value = (lead & 0x0F) << 12 | UInt32(input[index + 1] & 0x3F) << 6 | UInt32(input[index + 2] & 0x3F)
                output[written] = UInt16(truncatingIfNeeded: value)
                index += 3
                written += 1
            } else if lead >= 0xF0, count - index >= 4 {
                let value =
                    (lead & 0x07) << 18 | UInt32(input[index + 1] & 0x3F) << 12 | UInt32(input[index + 2] & 0x3F) << 6
                    | UInt32(input[index + 3] & 0x3F)
                let offset = value &- 0x10000
                output[written] = UInt16(truncatingIfNeeded: 0xD800 + (offset >> 10))
                output[written + 1] = UInt16(truncatingIfNeeded: 0xDC00 + (offset & 0x3FF))
                index += 4
                written += 2
            } else {
                // A sequence cut short at the end: at most three bytes, so a value below U+10000, one unit.
                let (value, end) = decodeSequence(lead: lead, at: index, in: bytes)
                index = end
                output[written] = UInt16(truncatingIfNeeded: value)
                written += 1
            }
        }
        return written
    }

    /// The UTF-16 code units of `string`.
    package static func utf16Units(of string: String) -> [UInt16] {
        var units: [UInt16] = []
        appendUTF16(of: string, to: &units)
        return units
    }
}

extension Collection {
    /// The first index at which `isPast` holds, for a predicate that is false then true along the collection
    /// (a partition); `endIndex` when it never holds. Binary search: O(log n) calls of `isPast`.
    ///
    /// ```swift
    /// [1, 3, 5, 7].partitioningIndex { $0 >= 4 }   // 2
    /// ```
    @inlinable package func partitioningIndex(where isPast: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var length = count
        while length > 0 {
            let half = length / 2
            let middle = index(low, offsetBy: half)
            if try isPast(self[middle]) {
                length = half
            } else {
                low = index(after: middle)
                length -= half + 1
            }
        }
        return low
    }
}

extension RandomAccessCollection where Index == Int {
    /// `Collection.partitioningIndex(where:)` for integer-indexed collections (arrays, slices, buffers,
    /// ranges of indices), with plain integer arithmetic: the same answer in fewer instructions, for the hot
    /// searches of the typesetter and of hit-testing.
    @inlinable package func partitioningIndex(where isPast: (Element) throws -> Bool) rethrows -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low &+ (high &- low) >> 1
            if try isPast(self[middle]) {
                high = middle
            } else {
                low = middle &+ 1
            }
        }
        return low
    }
}

extension Range where Bound == Int {
    /// ``partitioningIndex(where:)`` started from a guess: the first index of the range at which `isPast` holds
    /// (false then true along the range), or `upperBound`. It looks at `guess` and walks from it a few steps either
    /// way before it falls back to a binary search of what is left, so an exact guess costs one or two calls of
    /// `isPast`, and branches a processor predicts, where a binary search mispredicts about half of its steps.
    ///
    /// ```swift
    /// (0..<4).partitioningIndex(near: 1) { [1, 3, 5, 7][$0] >= 4 }   // 2
    /// ```
    @inlinable package func partitioningIndex(near guess: Int, where isPast: (Int) throws -> Bool) rethrows -> Int {
        guard lowerBound < upperBound else { return lowerBound }
        var index = Swift.min(Swift.max(guess, lowerBound), upperBound &- 1)
        let walk = 8
        if try isPast(index) {
            // The answer is `index` or before it.
            for _ in 0..<walk {
                guard index > lowerBound, try isPast(index &- 1) else { return index }
                index &-= 1
            }
            return try (lowerBound..<index).partitioningIndex(where: isPast)
        }
        // The answer is after `index`.
        for _ in 0..<walk {
            index &+= 1
            guard index < upperBound, try !isPast(index) else { return index }
        }
        return try (index..<upperBound).partitioningIndex(where: isPast)
    }
}
