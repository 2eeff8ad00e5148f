/// A recursive-descent JSON parser over UTF-8 bytes, following Foundation's grammar (see `JSONObjectReader`).
struct JSONParser {
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
