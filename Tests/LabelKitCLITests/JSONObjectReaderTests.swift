import Foundation
import LabelKitCorpus
import LabelKitJSON
import Testing

/// The batch reader replaced `JSONSerialization`; these tests hold it to Foundation's answers, line by line.
@Suite("JSONObjectReader agrees with JSONSerialization")
struct JSONObjectReaderTests {
    static let keys: Set<String> = ["text", "width", "points", "font"]
    static let reader = JSONObjectReader(keys: keys)

    /// What Foundation makes of `line`: nil when it is not a JSON object, else the kept keys as JSON values.
    static func foundation(_ line: [UInt8]) -> [String: JSONValue]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { return nil }
        return object.filter { keys.contains($0.key) }.mapValues(jsonValue)
    }

    static func jsonValue(_ value: Any) -> JSONValue {
        switch value {
        case is NSNull: return .null
        case let string as String: return .string(string)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            return type == "c" || type == "B" ? .bool(number.boolValue) : .number(number.doubleValue)
        case let array as [Any]: return .array(array.map(jsonValue))
        case let object as [String: Any]:
            return .object(object.sorted { $0.key < $1.key }.map { ($0.key, jsonValue($0.value)) })
        default: return .string("unexpected \(type(of: value))")
        }
    }

    /// What the reader makes of `line`, in the same shape.
    static func reader(_ line: [UInt8]) -> [String: JSONValue]? {
        guard let members = try? reader.read(line) else { return nil }
        var kept: [String: JSONValue] = [:]
        for key in keys { kept[key] = members[key].map(sortingObjects) }
        return kept
    }

    static func sortingObjects(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let values): .array(values.map(sortingObjects))
        case .object(let members): .object(members.sorted { $0.0 < $1.0 }.map { ($0.0, sortingObjects($0.1)) })
        default: value
        }
    }

    /// Numbers of more than 17 digits become `NSDecimalNumber`s in Foundation, whose `doubleValue` may differ from
    /// the correctly rounded `Double` in the last place: equal up to that.
    static func agree(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): x == y || abs(x - y) <= abs(x) * 4 * Double.ulpOfOne
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy(agree)
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && agree($0.1, $1.1) }
        default: a == b
        }
    }

    static func check(_ line: [UInt8]) -> String? {
        let expected = foundation(line)
        let actual = reader(line)
        switch (expected, actual) {
        case (nil, nil): return nil
        case (let expected?, let actual?):
            let same =
                Set(expected.keys) == Set(actual.keys)
                && expected.allSatisfy { key, value in actual[key].map { agree(value, $0) } ?? false }
            return same ? nil : "\(String(decoding: line, as: UTF8.self)): \(expected) ≠ \(actual)"
        default:
            return
                "\(String(decoding: line, as: UTF8.self)): JSONSerialization \(expected == nil ? "rejects" : "accepts")"
                + " it, the reader \(actual == nil ? "rejects" : "accepts") it"
        }
    }

    static let tricky: [String] = [
        #"{"text":"x"}"#, #"{ "text" : "x" , "width" : 30 }"#, "\t{\"text\":\"x\"}\r\n ", #"{}"#, #"{ }"#,
        #"{"text":"a","text":"bb"}"#, #"{"text":"x","text":5}"#, #"{"\u0074ext":"escaped key"}"#,
        #"{"text":"x",}"#, #"{"text":"x","points":[1,]}"#, #"{"text":"x","points":[,]}"#, #"{,"text":"x"}"#,
        #"{"text":"x",,"width":1}"#, #"{"text":"x" "width":1}"#, #"{"text"}"#, #"{text:"x"}"#, "{'text':'x'}",
        #"{"text":"x"} trailing"#, #"{"text":"x"}{"text":"y"}"#, #"[1]"#, #""text""#, "", " ", #"{"text":"x""#,
        #"{"text":"x"#, #"{"text":"x\"#, #"{"text":"x"}}"#, "{\"text\":\"x\"}\u{C}", "\u{C}{\"text\":\"x\"}",
        "\u{FEFF}{\"text\":\"bom\"}", " \u{FEFF}{\"text\":\"x\"}", "{\"text\":\"x\"}\u{A0}",
        #"{"width":01}"#, #"{"width":1.}"#, #"{"width":.5}"#, #"{"width":+1}"#, #"{"width":-}"#, #"{"width":00}"#,
        #"{"width":-01}"#, #"{"width":1e}"#, #"{"width":1.0e+}"#, #"{"width":1.2.3}"#, #"{"width":1e5.3}"#,
        #"{"width":1.e5}"#, #"{"width":-.5}"#, #"{"width":0x10}"#, #"{"width":NaN}"#, #"{"width":Infinity}"#,
        #"{"width":-0}"#, #"{"width":-0.0}"#, #"{"width":0e5}"#, #"{"width":1E+2}"#, #"{"width":1e-2}"#,
        #"{"width":1.5e+3}"#, #"{"width":1e308}"#, #"{"width":1e400}"#, #"{"width":-1e400}"#, #"{"width":1e-400}"#,
        #"{"width":1.7976931348623159e308}"#, #"{"width":123456789012345678901234567890}"#,
        #"{"width":18446744073709551615}"#, #"{"width":9223372036854775808}"#, #"{"width":true}"#,
        #"{"width":null}"#, #"{"width":tru}"#, #"{"width":truee}"#, #"{"width":nul}"#, #"{"width":[1 2]}"#,
        #"{"text":"\/\b\f\n\r\t\"\\"}"#, #"{"text":"\u00e9\u00E9"}"#, #"{"text":"\u12"}"#, #"{"text":"\x"}"#,
        #"{"text":"\ud83d\ude00"}"#, #"{"text":"\ud83d"}"#, #"{"text":"\ude00x"}"#, #"{"text":"\uD83Dx"}"#,
        #"{"text":"\uD800\u0041"}"#, #"{"text":"\uDBFF\uDFFF"}"#, #"{"text":"\u0000"}"#, "{\"text\":\"a\tb\"}",
        "{\"text\":\"\u{1}\"}", "{\"text\":\"\u{7F}\"}", #"{"text":"x","extra":[1,}"#,
        #"{"text":"x","extra":{"a":[1,2,{"b":null}]}}"#, #"{"text":"x","extra":{"a":1,}}"#,
        #"{"text":"x","extra":{,}}"#, #"{"text":"x","extra":"\q"}"#, #"{"points":[[1,2],[3.5,-4e1]]}"#,
        #"{"points":[[1,true],null,"a",{"x":{"y":[]}}]}"#, #"{"points":{"b":1,"a":2,"b":3}}"#,
        #"{"font":null}"#, #"{"font":"DejaVu Sans"}"#, #"{"width":999999999999999}"#,
        #"{"width":-999999999999999}"#, #"{"width":1000000000000000}"#, #"{"width":9007199254740993}"#,
        #"{"width":0}"#, #"{"width":-0,"text":"x"}"#, #"{"\u0077idth":5,"width":6}"#, #"{"widt":1,"widths":2}"#,
        #"{"t\u0065xt":"a","text":"b"}"#, "{\"te\u{301}xt\":\"x\"}", "{\"\u{212A}\":\"kelvin\"}",
    ]

    @Test("tricky lines: the same verdict and the same values as JSONSerialization", arguments: tricky)
    func trickyLines(line: String) {
        if let problem = Self.check(Array(line.utf8)) { Issue.record(Comment(rawValue: problem)) }
    }

    @Test("20,000 random edits of records: the same verdict and values as JSONSerialization")
    func randomEdits() {
        let seeds = [
            #"{"text":"Hello, world","width":120,"points":[[1,2],[3.5,4]],"extra":{"a":[true,false,null]}}"#,
            #"{"width":-0.5e-3,"font":"\u00e9\ud83d\ude00","text":"a\"b\\c"}"#,
        ]
        let pieces = [
            "{", "}", "[", "]", ",", ":", "\"", "\\", "u", "0", "1", "9", "-", "+", ".", "e", "E", " ", "\t", "\r",
            "\n",
            "t", "f", "n", "null", "true", "\\u", "\\ud83d", "x", "é", "\u{2060}", "\u{1}",
        ]
        var generator = SplitMix64(seed: 2026)
        var problems: [String] = []
        for index in 0..<20_000 {
            var scalars = Array(seeds[index % seeds.count].unicodeScalars)
            for _ in 0...generator.next(below: 3) {
                let position = generator.next(below: scalars.count + 1)
                switch generator.next(below: 3) {
                case 0:
                    scalars.insert(contentsOf: pieces[generator.next(below: pieces.count)].unicodeScalars, at: position)
                case 1: if position < scalars.count { scalars.remove(at: position) }
                default:
                    if position < scalars.count {
                        scalars.replaceSubrange(
                            position...position, with: pieces[generator.next(below: pieces.count)].unicodeScalars)
                    }
                }
            }
            var line = String.UnicodeScalarView()
            line.append(contentsOf: scalars)
            if let problem = Self.check(Array(String(line).utf8)) { problems.append(problem) }
        }
        #expect(problems.isEmpty, "\(problems.count) disagreements, e.g. \(problems.prefix(5))")
    }

    @Test("a quote, backslash, control or non-ASCII character at every offset of strings up to 40 bytes long")
    func everyOffsetOfLongStrings() {
        // The reader scans a string eight bytes at a time: each special byte must stop it wherever it lies.
        let specials = ["\"", "\\", "\\n", "\\\"", "\\u00e9", "\u{1}", "\u{1F}", "é", "日", "😀", " ", "\u{7F}", "~"]
        var problems: [String] = []
        for length in 0...40 {
            for offset in 0...length {
                for special in specials {
                    let plain = String(repeating: "a", count: length)
                    let text = String(plain.prefix(offset)) + special + String(plain.dropFirst(offset))
                    for line in [#"{"text":""# + text + #"","width":1}"#, #"{"x":""# + text + #"","text":"y"}"#] {
                        if let problem = Self.check(Array(line.utf8)) { problems.append(problem) }
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) disagreements, e.g. \(problems.prefix(5))")
    }

    @Test("512 nested containers are read, 513 are not, as in JSONSerialization")
    func nesting() throws {
        func line(depth: Int) -> [UInt8] {
            Array(
                ("{\"text\":\"x\",\"points\":" + String(repeating: "[", count: depth - 1)
                    + String(repeating: "]", count: depth - 1) + "}").utf8)
        }
        #expect(try Self.reader.read(line(depth: 512))["text"] == .string("x"))
        #expect(throws: JSONReadError.notAnObject) { try Self.reader.read(line(depth: 513)) }
        #expect(Self.check(line(depth: 512)) == nil)
        #expect(Self.check(line(depth: 513)) == nil)
        // Deeper than any stack would take if the reader recursed without a limit.
        #expect(throws: JSONReadError.notAnObject) { try Self.reader.read(line(depth: 1_000_000)) }
    }

    @Test("a U+FEFF inside a string is kept (JSONSerialization drops it at a string's start and after an escape)")
    func zeroWidthNoBreakSpaceIsKept() throws {
        let members = try Self.reader.read(Array("{\"text\":\"\u{FEFF}a\\n\u{FEFF}b\"}".utf8))
        #expect(members["text"] == .string("\u{FEFF}a\n\u{FEFF}b"))
        // A byte order mark before the object is skipped, as JSONSerialization skips it.
        #expect(try Self.reader.read(Array("\u{FEFF}{\"text\":\"x\"}".utf8))["text"] == .string("x"))
    }

    @Test("keys not asked for are checked but not kept")
    func unknownKeys() throws {
        let members = try Self.reader.read(Array(#"{"text":"x","size":12,"nested":{"text":"inner"}}"#.utf8))
        #expect(members["text"] == .string("x"))
        #expect(members["size"] == nil)
        #expect(throws: JSONReadError.notAnObject) { try Self.reader.read(Array(#"{"text":"x","size":[1,}"#.utf8)) }
    }

    @Test("bytes that are not UTF-8, in a string or outside one, are .notUTF8")
    func notUTF8() {
        let lines: [[UInt8]] = [
            Array(#"{"text":""#.utf8) + [0xFF] + Array(#""}"#.utf8),
            Array(#"{"text":"x","other":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
            Array(#"{"text":"x"}"#.utf8) + [0xC3],
            Array(#"{"text":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8),
        ]
        for line in lines {
            #expect(throws: JSONReadError.notUTF8) { try Self.reader.read(line) }
        }
    }
}
