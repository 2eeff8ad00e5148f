import LabelKitText

/// Strings and keys: plain runs of bytes found eight at a time, escapes decoded.
extension JSONParser {
    /// The key at the cursor (on its opening quote): its index in `keyList` when it is one of the kept keys, nil when
    /// not. An ASCII key without escapes is matched as bytes; any other is read as a string and compared as one
    /// (`String` equality, as a `Set<String>` compares).
    mutating func parseKeptKey() throws(JSONReadError) -> Int? {
        let start = index + 1
        let end = endOfPlainBytes(from: start)
        guard end < bytes.count else { throw .notAnObject }
        if bytes[end] == UInt8(ascii: "\"") {
            let length = end - start
            var isASCII = true
            for offset in start..<end where bytes[offset] >= 0x80 { isASCII = false }
            if isASCII {
                index = end + 1
                for (kept, utf8) in keyUTF8.enumerated() where utf8.count == length {
                    var same = true
                    for offset in 0..<length where utf8[offset] != bytes[start + offset] {
                        same = false
                        break
                    }
                    if same { return kept }
                }
                return nil
            }
        }
        let key = try parseString(building: true)
        return keyList.firstIndex(of: key)
    }

    /// Whether one of the eight bytes of `word` is a quote, a backslash or a control character (below 0x20): the
    /// bytes that end a run of a string's plain bytes. Each test is exact as to whether any byte matches (a byte
    /// sets its high bit in the result only if it, or a byte below it, matches).
    @inline(__always) static func holdsQuoteBackslashOrControl(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let controls = (word &- ones &* 0x20) & ~word
        let zeroQuotes = (quotes &- ones) & ~quotes
        let zeroBackslashes = (backslashes &- ones) & ~backslashes
        return (controls | zeroQuotes | zeroBackslashes) & (ones &* 0x80) != 0
    }

    /// The index of the first quote, backslash or control character at or after `start`, or the end of the bytes:
    /// eight bytes at a time while none of them is one.
    @inline(__always) func endOfPlainBytes(from start: Int) -> Int {
        var end = start
        let count = bytes.count
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while count - end >= 8,
                !Self.holdsQuoteBackslashOrControl(raw.loadUnaligned(fromByteOffset: end, as: UInt64.self))
            {
                end += 8
            }
        }
        while end < count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        return end
    }

    /// The string at the cursor (on its opening quote); with `building` false only checked (the result is "").
    mutating func parseString(building: Bool) throws(JSONReadError) -> String {
        index += 1
        let start = index
        // The common case: no escape, so the string is a slice of the line. Runs to the quote, a backslash or a
        // control character.
        index = endOfPlainBytes(from: start)
        guard index < bytes.count else { throw .notAnObject }
        if bytes[index] == UInt8(ascii: "\"") {
            defer { index += 1 }
            return try Self.string(UnsafeBufferPointer(rebasing: bytes[start..<index]), building: building)
        }
        guard bytes[index] == UInt8(ascii: "\\") else { throw .notAnObject }
        var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try decoded.withUnsafeBufferPointer { (buffer) throws(JSONReadError) in
                    try Self.string(buffer, building: building)
                }
            case UInt8(ascii: "\\"):
                try parseEscape(into: &decoded)
            case 0..<0x20:
                throw .notAnObject
            default:
                let end = endOfPlainBytes(from: index)
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
            }
        }
        throw .notAnObject
    }

    /// The text of a string's UTF-8 (checked), or "" when it is only checked.
    private static func string(_ utf8: UnsafeBufferPointer<UInt8>, building: Bool) throws(JSONReadError) -> String {
        guard building else {
            guard UTF8Validation.isValid(utf8) else { throw .notUTF8 }
            return ""
        }
        guard let text = String(validating: utf8, as: UTF8.self) else { throw .notUTF8 }
        return text
    }

    /// One escape at the cursor (on its backslash), appended to `decoded` as UTF-8.
    private mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONReadError) {
        guard index + 1 < bytes.count else { throw .notAnObject }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHexQuad()
            var scalarValue = UInt32(unit)
            if UnicodeCodeUnits.isLeadSurrogate(unit) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw .notAnObject }
                index += 2
                let low = try parseHexQuad()
                guard UnicodeCodeUnits.isTrailSurrogate(low) else { throw .notAnObject }
                scalarValue = UnicodeCodeUnits.scalarValue(lead: unit, trail: low)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw .notAnObject }
            decoded.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
        default:
            throw .notAnObject
        }
    }

    private mutating func parseHexQuad() throws(JSONReadError) -> UInt16 {
        guard bytes.count - index >= 4 else { throw .notAnObject }
        var value: UInt16 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .notAnObject
            }
            value = value << 4 | UInt16(digit)
        }
        index += 4
        return value
    }
}
