import LabelKitText

/// One match of the scanner or of a custom pattern, in Unicode scalar offsets, before overlaps are resolved.
struct RawLinkMatch: Sendable {
    /// What was found; custom patterns' matches have their targets kept by the detector.
    var kind: LinkKind
    /// Where, in scalars of the scanned text.
    var range: Range<Int>
    /// The target of phones (`tel:…`, `sms:…`); the name of mentions, hashtags and cashtags; empty otherwise.
    var payload: String = ""
    /// Where the parts of a URL or e-mail address are, from which ``LinkTarget`` builds its target.
    var address: AddressParts?
}

/// The parts of a detected URL or e-mail address, in scalar offsets of the scanned text.
struct AddressParts: Sendable {
    /// How the target is made.
    enum Form: Sendable {
        /// A URL written with its scheme and `//`.
        case url
        /// A `scheme:` URL without an authority (`javascript:`, `data:`, `file:`), never allowed.
        case opaque
        /// A domain without a scheme: `https://` is added.
        case bareDomain
        /// An IPv4 address without a scheme: `http://` is added (devices on a network rarely serve HTTPS).
        case bareIPAddress
        /// An e-mail address, with or without `mailto:`; the local part ends right before the host's `@`.
        case email
    }

    var form: Form
    /// Where the scheme's `:` ends, when the scheme is written (`mailto:` included).
    var schemeEnd: Int?
    /// The user info before the host, without its `@`; such a link is flagged.
    var userInfo: Range<Int>?
    /// The host (the domain of an e-mail address), for the target and the look-alike check.
    var host: Range<Int>
}

/// The built-in link scanner: single forward passes over a buffer of Unicode scalars with bounded lookback.
///
/// Each pass is linear: a failed attempt either stops within a constant distance (schemes, user info, TLDs, e-mail
/// local parts, phone numbers) or scans a region no other attempt of the same pass scans again (a host's labels, a
/// bare domain's chain of labels, which begins only where a word begins). A path that ends before where its scan
/// stopped does so at an unclosed bracket, and at most 16 are open at once, so later attempts rescan it at most
/// 16 times.
struct LinkScanner {
    let scalars: UnsafeBufferPointer<UInt32>
    let topLevelDomains: TopLevelDomains
    /// The script table, held here so that the hot loops read it without going through a global.
    let scripts: LinkScriptTable
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

    @inline(__always) func script(of c: UInt32) -> LinkScript { scripts.script(of: c) }

    /// A letter or digit of any script.
    @inline(__always) func isLetterOrDigit(_ c: UInt32) -> Bool {
        c < 0x80 ? ScalarClass.isASCIIAlphanumeric(c) : script(of: c) != .common
    }

    /// A character of a bare (scheme-less) domain's labels: ASCII letters, digits and `-`, and the letters, marks
    /// and joiners of every script (symbols and emoji are not: `❤example.com` links `example.com`).
    @inline(__always) func isBareDomainCharacter(_ c: UInt32) -> Bool {
        if c < 0x80 { return ScalarClass.isASCIIAlphanumeric(c) || c == 0x2D }
        return script(of: c) != .common || (c >= 0x300 && c <= 0x36F) || c == 0x200C || c == 0x200D
    }
}

/// Helpers for scalar buffers.
enum ScalarBuffer {
    /// The string of `scalars[range]`, encoded to UTF-8 in one buffer (much cheaper than appending scalars).
    static func string(_ scalars: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count * 4) { bytes in
            var written = 0
            for index in range {
                written += UnicodeCodeUnits.writeUTF8(of: scalars[index], into: bytes, at: written)
            }
            return written
        }
    }
}
