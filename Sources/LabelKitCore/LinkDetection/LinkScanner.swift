/// One match of the scanner, in Unicode scalar offsets, before overlaps are resolved.
struct RawLinkMatch: Sendable {
    /// The built-in kind, or `nil` for a custom pattern (then `customIndex` says which).
    var kind: LinkKind
    var range: Range<Int>
    /// The normalised target for URLs, e-mails and phones; the name for mentions, hashtags and cashtags.
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
    /// Lower-cased schemes written with `://` that count as URLs besides http and https.
    let appSchemes: Set<String>

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
        var result = String.UnicodeScalarView()
        for index in range {
            if let scalar = Unicode.Scalar(scalars[index]) { result.append(scalar) }
        }
        return String(result)
    }
}
