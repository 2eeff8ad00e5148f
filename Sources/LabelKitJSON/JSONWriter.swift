#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes compact JSON into bytes, in LabelKit's one number format: what `labelkit` prints and what the demo's event
/// lines carry.
///
/// Numbers: a whole number below 10¹⁵ in magnitude is written without a fraction (`120`, `-3`); any other finite
/// number with at most three decimals, trailing zeros dropped (`17.5`, `0.333`, `-0`); infinity and NaN as `null`.
/// Points are never measured finer than a thousandth. Strings: `"`, `\` and control characters escaped (`\n`, `\r`,
/// `\t`, else `\u00XX`), everything else written as UTF-8.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.write(.object([("lines", .number(2)), ("y", .number(1.0 / 3))]))
/// String(decoding: writer.bytes, as: UTF8.self)   // {"lines":2,"y":0.333}
/// ```
package struct JSONWriter {
    /// The JSON text written so far, as UTF-8.
    package var bytes: [UInt8] = []

    /// An empty writer.
    package init() {}

    /// Appends `value`.
    package mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeASCII("null")
        case .bool(let value): writeASCII(value ? "true" : "false")
        case .number(let value): writeNumber(value)
        case .string(let value): writeString(value)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(value)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(member.0)
                bytes.append(UInt8(ascii: ":"))
                write(member.1)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a number in the one format (see the type's discussion).
    package mutating func writeNumber(_ value: Double) {
        guard value.isFinite else { return writeASCII("null") }
        if value == value.rounded(), abs(value) < 1e15 {
            writeInteger(Int64(value))
        } else {
            writeThreeDecimals(value)
        }
    }

    /// Appends `text` as a JSON string.
    package mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        let isPlain = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: Self.needsEscape) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if isPlain != true { writeEscaped(text) }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func writeEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): writeASCII("\\\"")
            case UInt8(ascii: "\\"): writeASCII("\\\\")
            case UInt8(ascii: "\n"): writeASCII("\\n")
            case UInt8(ascii: "\r"): writeASCII("\\r")
            case UInt8(ascii: "\t"): writeASCII("\\t")
            case 0..<0x20:
                writeASCII("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
    }

    /// Appends ASCII text as it is: punctuation and literals.
    package mutating func writeASCII(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func writeInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[start...])
        }
    }

    /// `%.3f` (the C library's correctly rounded decimal conversion), then trailing zeros and a bare point dropped.
    private mutating func writeThreeDecimals(_ value: Double) {
        // The largest finite double has 309 integer digits; with "-", ".", 3 decimals and NUL that is 315 bytes.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 320) { buffer in
            guard let base = buffer.baseAddress else { return }
            let written = withVaList([value]) { vsnprintf(base, buffer.count, "%.3f", $0) }
            var end = Int(max(0, min(written, Int32(buffer.count - 1))))
            while end > 0, base[end - 1] == CChar(UInt8(ascii: "0")) { end -= 1 }
            if end > 0, base[end - 1] == CChar(UInt8(ascii: ".")) { end -= 1 }
            UnsafeRawBufferPointer(start: base, count: end).withMemoryRebound(to: UInt8.self) {
                bytes.append(contentsOf: $0)
            }
        }
    }
}
