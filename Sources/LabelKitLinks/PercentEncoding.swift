/// The ASCII characters a part of a URL percent-encodes, after the WHATWG URL standard's percent-encode sets.
///
/// Controls, space and every non-ASCII character are always encoded (as UTF-8 bytes). Beyond the standard's sets,
/// the few ASCII characters RFC 3986 forbids in a URI (`[`, `]`, `|`, `\`, `^`, `` ` ``, `{`, `}`) are encoded
/// too, because Foundation's `URL` holds RFC 3986 URIs; a `%` is kept when two hex digits follow it.
struct PercentEncodeSet: Sendable {
    private let low: UInt64
    private let high: UInt64

    private init(_ characters: String) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in characters.utf8 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        self.low = low
        self.high = high
    }

    /// Whether the ASCII character `c` is encoded (controls and space always are).
    @inline(__always) func contains(_ c: UInt32) -> Bool {
        if c <= 0x20 || c == 0x7F { return true }
        return c < 64 ? low & (1 << UInt64(c)) != 0 : high & (1 << UInt64(c - 64)) != 0
    }

    /// The path set and `[ ] | \`.
    static let path = PercentEncodeSet(##""#<>?`{}^[]|\"##)
    /// The special-query set (`'` included) and `` ` { } ^ [ ] | \ ``.
    static let query = PercentEncodeSet(##""#<>'`{}^[]|\"##)
    /// The fragment set and `# { } ^ [ ] | \`.
    static let fragment = PercentEncodeSet(##""<>`#{}^[]|\"##)
    /// The userinfo set and `\`.
    static let userInfo = PercentEncodeSet(##""#<>?`{}^[]|\/:;=@"##)
    /// The local part of an e-mail address in a `mailto:` target: the path set and `@`.
    static let emailLocalPart = PercentEncodeSet(##""#<>?`{}^[]|\@"##)
    /// Everything but RFC 3986's `pchar` and `/`, as Foundation's `urlPathAllowed`: for names put in a path.
    static let name = PercentEncodeSet(##""#<>?`{}^[]|\%"##)
}

/// A URL being written as ASCII bytes.
struct URLBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(ascii c: UInt32) { bytes.append(UInt8(truncatingIfNeeded: c)) }

    /// Appends `c`, percent-encoded when `set` holds it or it is not ASCII; `next1` and `next2` are the two
    /// characters after it, which decide whether a `%` already starts an escape.
    mutating func append(_ c: UInt32, encodingIn set: PercentEncodeSet, next1: UInt32?, next2: UInt32?) {
        if c >= 0x80 {
            UTF8.encode(Unicode.Scalar(c) ?? "\u{FFFD}") { appendEscape($0) }
        } else if c == 0x25 {
            let isEscape = next1.map(Self.isHexDigit) == true && next2.map(Self.isHexDigit) == true
            if isEscape, !set.contains(c) { bytes.append(0x25) } else { appendEscape(0x25) }
        } else if set.contains(c) {
            appendEscape(UInt8(c))
        } else {
            bytes.append(UInt8(c))
        }
    }

    /// Appends `scalars[range]` encoded with `set`.
    mutating func append(_ scalars: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, encodingIn set: PercentEncodeSet)
    {
        for index in range {
            append(
                scalars[index], encodingIn: set, next1: index + 1 < range.upperBound ? scalars[index + 1] : nil,
                next2: index + 2 < range.upperBound ? scalars[index + 2] : nil)
        }
    }

    private mutating func appendEscape(_ byte: UInt8) {
        let hex: StaticString = "0123456789ABCDEF"
        hex.withUTF8Buffer { digits in
            bytes.append(0x25)
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0xF)])
        }
    }

    private static func isHexDigit(_ c: UInt32) -> Bool {
        ScalarClass.isASCIIDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
