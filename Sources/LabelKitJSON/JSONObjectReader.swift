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

    /// Whether every member's key is one of `keys` (true for an object with no members).
    package func hasOnlyKeys(_ keys: [String]) -> Bool {
        members.allSatisfy { member in keys.contains(member.key) }
    }

    mutating func set(_ key: String, _ value: JSONValue) {
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
