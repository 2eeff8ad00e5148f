/// One match of the scanner or of a custom pattern, in Unicode scalar offsets, before overlaps are resolved.
struct RawLinkMatch: Sendable {
    /// What was found; custom patterns' matches have their targets kept by the detector.
    var kind: LinkKind
    /// Where, in scalars of the scanned text.
    var range: Range<Int>
    /// The normalised target for URLs, e-mails and phones; the name for mentions, hashtags and cashtags; empty for
    /// custom patterns.
    var payload: String
    /// Where the host is (URLs and e-mails), for the look-alike check.
    var hostRange: Range<Int>?
}

/// The built-in link scanner: single forward passes over a buffer of Unicode scalars with bounded lookback.
///
/// Each pass is linear: a failed attempt either stops within a constant distance (schemes, TLDs, e-mail local
/// parts, phone numbers) or scans a region no other attempt of the same pass scans again.
struct LinkScanner {
    let scalars: UnsafeBufferPointer<UInt32>
    let topLevelDomains: TopLevelDomains
    /// The policy's allowed schemes; those beyond the defaults count as URLs when written with `://`.
    let allowedSchemes: Set<String>

    var count: Int { scalars.count }

    @inline(__always) func scalar(at index: Int) -> UInt32? {
        index >= 0 && index < scalars.count ? scalars[index] : nil
    }

    /// Whether the scalars at `index` are `literal` (ASCII, compared case-insensitively).
    func matchesASCII(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index >= 0, index + count <= scalars.count else { return false }
        return literal.withUTF8Buffer { bytes in
            for offset in 0..<count
            where TopLevelDomains.lowercasedASCII(scalars[index + offset]) != UInt32(bytes[offset]) {
                return false
            }
            return true
        }
    }

    func string(_ range: Range<Int>) -> String {
        ScalarBuffer.string(scalars, range)
    }
}

/// Helpers for scalar buffers.
enum ScalarBuffer {
    /// The string of `scalars[range]`, encoded to UTF-8 in one buffer (much cheaper than appending scalars).
    static func string(_ scalars: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count * 4) { bytes in
            var written = 0
            for index in range {
                let value = scalars[index]
                if value < 0x80 {
                    bytes[written] = UInt8(value)
                    written += 1
                } else if value < 0x800 {
                    bytes[written] = UInt8(0xC0 | (value >> 6))
                    bytes[written + 1] = UInt8(0x80 | (value & 0x3F))
                    written += 2
                } else if value < 0x10000 {
                    bytes[written] = UInt8(0xE0 | (value >> 12))
                    bytes[written + 1] = UInt8(0x80 | ((value >> 6) & 0x3F))
                    bytes[written + 2] = UInt8(0x80 | (value & 0x3F))
                    written += 3
                } else {
                    bytes[written] = UInt8(0xF0 | (value >> 18))
                    bytes[written + 1] = UInt8(0x80 | ((value >> 12) & 0x3F))
                    bytes[written + 2] = UInt8(0x80 | ((value >> 6) & 0x3F))
                    bytes[written + 3] = UInt8(0x80 | (value & 0x3F))
                    written += 4
                }
            }
            return written
        }
    }
}
