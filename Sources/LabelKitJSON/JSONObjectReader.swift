import LabelKitText

/// Why a line is not a JSON object.
package enum JSONReadError: Error, Equatable {
    /// The bytes are not UTF-8.
    case notUTF8
    /// The text is not one JSON object (a syntax error, another kind of value, or more than one value).
    case notAnObject
}

/// The members of a JSON object that a reader was asked for, by key. A key given twice keeps its last value, as
/// `JSONSerialization` does.
package struct JSONMembers: Sendable {
    private var members: [(key: String, value: JSONValue)] = []

    /// An object with no members.
    package init() {}

    /// The value of `key`, nil when the object has no such member.
    package subscript(key: String) -> JSONValue? {
        for index in members.indices where members[index].key == key { return members[index].value }
        return nil
    }

    fileprivate mutating func set(_ key: String, _ value: JSONValue) {
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
    }
}

/// Reads one JSON object from a line's bytes, keeping only the members whose keys it is given: the values of the
/// other keys are checked for syntax and skipped, never built. Made for JSON Lines, where the keys a program
/// understands are known and each line is small.
///
/// It accepts exactly what Foundation's `JSONSerialization` accepts for a top-level object, so that a program that
/// moved off it reads every input as before: RFC 8259 JSON (no comments, no `NaN`, no leading zeros, escapes in
/// strings as listed there, control characters escaped, surrogate escapes in pairs), nested at most 512 containers
/// deep, plus one trailing comma before `}` or `]` and a UTF-8 byte order mark at the start of the line. A number
/// that overflows a `Double` is an error. The bytes must be UTF-8.
///
/// ```swift
/// let reader = JSONObjectReader(keys: ["text", "width"])
/// let members = try reader.read(Array(#"{"text":"Hi","width":120,"extra":[1,2]}"#.utf8))
/// members["width"]   // .number(120)
/// members["extra"]   // nil: not asked for
/// ```
package struct JSONObjectReader: Sendable {
    /// The keys whose members are kept.
    package let keys: Set<String>
    /// The same keys in a list, and each one's UTF-8: a member's key is matched against these bytes where it lies in
    /// the line, and only a kept key is made a `String` (the list's own).
    private let keyList: [String]
    private let keyUTF8: [[UInt8]]

    /// A reader that keeps the members named by `keys`.
    package init(keys: Set<String>) {
        self.keys = keys
        keyList = Array(keys)
        keyUTF8 = keyList.map { Array($0.utf8) }
    }

    /// The kept members of the object in `bytes`.
    package func read(_ bytes: [UInt8]) throws(JSONReadError) -> JSONMembers {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONReadError) in try read(buffer) }
        }
        return try result.get()
    }

    /// The kept members of the object in `bytes`.
    package func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONReadError) -> JSONMembers {
        var parser = JSONParser(bytes: bytes, keyList: keyList, keyUTF8: keyUTF8)
        do {
            return try parser.parseTopLevelObject()
        } catch {
            // Strings are checked as they are read; bytes outside them that are not UTF-8 stop the parse too.
            throw UTF8Validation.isValid(bytes) ? error : .notUTF8
        }
    }
}

/// A recursive-descent JSON parser over UTF-8 bytes, following Foundation's grammar (see `JSONObjectReader`).
private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let keyList: [String]
    let keyUTF8: [[UInt8]]
    var index = 0

    static let maximumDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>, keyList: [String], keyUTF8: [[UInt8]]) {
        self.bytes = bytes
        self.keyList = keyList
        self.keyUTF8 = keyUTF8
    }

    mutating func parseTopLevelObject() throws(JSONReadError) -> JSONMembers {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        guard skipWhitespace() == UInt8(ascii: "{") else { throw .notAnObject }
        var members = JSONMembers()
        try parseContainer(depth: 0, closing: UInt8(ascii: "}")) { (parser) throws(JSONReadError) in
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else {
                throw .notAnObject
            }
            let kept = try parser.parseKeptKey()
            guard parser.skipWhitespace() == UInt8(ascii: ":") else { throw .notAnObject }
            parser.index += 1
            if let kept {
                members.set(parser.keyList[kept], try parser.parseValue(depth: 1, building: true))
            } else {
                _ = try parser.parseValue(depth: 1, building: false)
            }
        }
        while index < bytes.count {
            guard Self.isWhitespace(bytes[index]) else { throw .notAnObject }
            index += 1
        }
        return members
    }

    // MARK: Values

    /// The value at the cursor; with `building` false only checked and skipped (the result is `.null`).
    mutating func parseValue(depth: Int, building: Bool) throws(JSONReadError) -> JSONValue {
        guard let byte = skipWhitespace() else { throw .notAnObject }
        switch byte {
        case UInt8(ascii: "\""):
            let text = try parseString(building: building)
            return building ? .string(text) : .null
        case UInt8(ascii: "{"):
            var members: [(String, JSONValue)] = []
            try parseObject(depth: depth) { (key, parser) throws(JSONReadError) in
                let value = try parser.parseValue(depth: depth + 1, building: building)
                if building {
                    // A repeated key keeps its last value, like a dictionary.
                    if let existing = members.firstIndex(where: { $0.0 == key }) {
                        members[existing].1 = value
                    } else {
                        members.append((key, value))
                    }
                }
            }
            return building ? .object(members) : .null
        case UInt8(ascii: "["):
            var values: [JSONValue] = []
            try parseArray(depth: depth) { (parser) throws(JSONReadError) in
                let value = try parser.parseValue(depth: depth + 1, building: building)
                if building { values.append(value) }
            }
            return building ? .array(values) : .null
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw .notAnObject
        }
    }

    /// `{ "key": value, … }` at the cursor (on the `{`), calling `member` with each key and the cursor on its value.
    mutating func parseObject(
        depth: Int, member: (String, inout JSONParser) throws(JSONReadError) -> Void
    ) throws(JSONReadError) {
        try parseContainer(depth: depth, closing: UInt8(ascii: "}")) { (parser) throws(JSONReadError) in
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else {
                throw .notAnObject
            }
            let key = try parser.parseString(building: true)
            guard parser.skipWhitespace() == UInt8(ascii: ":") else { throw .notAnObject }
            parser.index += 1
            try member(key, &parser)
        }
    }

    /// `[ value, … ]` at the cursor (on the `[`), calling `element` with the cursor on each value.
    mutating func parseArray(depth: Int, element: (inout JSONParser) throws(JSONReadError) -> Void)
        throws(JSONReadError)
    {
        try parseContainer(depth: depth, closing: UInt8(ascii: "]"), item: element)
    }

    /// An object or array at the cursor (on its opening bracket): `item` reads each item, commas separate them, and
    /// one trailing comma before `closing` is allowed, as Foundation allows it.
    private mutating func parseContainer(
        depth: Int, closing: UInt8, item: (inout JSONParser) throws(JSONReadError) -> Void
    ) throws(JSONReadError) {
        guard depth < Self.maximumDepth else { throw .notAnObject }
        index += 1
        if skipWhitespace() == closing {
            index += 1
            return
        }
        while true {
            try item(&self)
            switch skipWhitespace() {
            case closing:
                index += 1
                return
            case UInt8(ascii: ","):
                index += 1
                if skipWhitespace() == closing {
                    index += 1
                    return
                }
            default:
                throw .notAnObject
            }
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONReadError) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw .notAnObject }
        let matches = literal.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw .notAnObject }
        index += count
    }

    // MARK: Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, ended by white space, `,`, `]`, `}` or the end.
    mutating func parseNumber() throws(JSONReadError) -> Double {
        let start = index
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        guard index < bytes.count else { throw .notAnObject }
        let integerStart = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard skipDigits() > 0 else { throw .notAnObject }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard skipDigits() > 0 else { throw .notAnObject }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard skipDigits() > 0 else { throw .notAnObject }
        }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: ","),
                UInt8(ascii: "]"), UInt8(ascii: "}"):
                break
            default:
                throw .notAnObject
            }
        }
        // A whole number of at most 15 digits is exact in a Double: summed as it is read (-0 stays negative zero).
        if isInteger, index - integerStart <= 15 {
            var magnitude: Int64 = 0
            for offset in integerStart..<index {
                magnitude = magnitude * 10 + Int64(bytes[offset] &- UInt8(ascii: "0"))
            }
            return isNegative ? -Double(magnitude) : Double(magnitude)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw .notAnObject }
        return value
    }

    /// Skips ASCII digits; returns how many. A leading zero followed by more digits is an error.
    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            index += 1
        }
        return index - start
    }

    // MARK: Strings

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

    // MARK: White space

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\n")
    }

    /// Skips JSON white space; returns the byte after it, nil at the end.
    mutating func skipWhitespace() -> UInt8? {
        while index < bytes.count {
            let byte = bytes[index]
            guard Self.isWhitespace(byte) else { return byte }
            index += 1
        }
        return nil
    }
}
