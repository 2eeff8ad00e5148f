// Fuzzes the text formats LabelKit reads from users and from the command line's inputs: LabelMarkup (never
// rejecting or losing text, escapes always literal), the JSON Lines records of `labelkit --batch` (the LabelKitJSON
// reader must accept exactly what Foundation's JSONSerialization accepts, with the same values), font feature lists
// and key names; and the colours, appearances and text sizes the command line reads (ColorChecks.swift).
import Foundation
import FuzzSupport
import LabelKitInteraction
import LabelKitJSON
import LabelKitText

/// The characters LabelMarkup gives a meaning to (`-` and `.` begin list items at a line's start; `{`, `|` and `}`
/// write ruby).
let markupCharacters: Set<Character> = ["[", "]", "(", ")", "*", "\\", "-", ".", "{", "|", "}"]

/// The keys `labelkit --batch` reads from a record, and three it does not (a colour is read in a run).
let batchKeys: Set<String> = [
    "text", "runs", "width", "height", "size", "lines", "font", "points", "range", "appearance", "contrast",
    "textScale", "textStyle", "maximumFontSize", "x", "", "color",
]

func fuzzInputs(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    checkMarkup(input.text)
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    checkJSONRecord(bytes)
    checkColorsAndAppearance(bytes, text: input.text)
    if input.textBytes.count <= 4_096 {
        _ = try? FontFeatures(parsing: input.text)
        _ = KeyPress(name: input.text)
    }
    return 0
}

func checkMarkup(_ markup: String) {
    let parsed = LabelMarkup.attributedString(markup)
    let shown = String(parsed.characters)
    invariant(shown.count <= markup.count, "markup made text longer: \(shown.count) > \(markup.count)")
    if !markup.contains(where: markupCharacters.contains) {
        invariant(shown == markup, "plain text changed by markup")
        invariant(parsed.runs.count <= 1 && parsed.runs.allSatisfy { $0.link == nil }, "plain text got attributes")
    }
    for run in parsed.runs {
        if let link = run.link { invariant(!link.absoluteString.isEmpty, "a link without a target") }
        if let ruby = run.labelKit.ruby {
            invariant(!ruby.parts.isEmpty, "a ruby without parts")
            invariant(!parsed[run.range].characters.contains(where: \.isNewline), "a ruby base holds a line break")
        }
    }
    // Escaping every character with a meaning gives the text back exactly, unstyled.
    var escaped = ""
    for character in markup {
        if markupCharacters.contains(character) { escaped.append("\\") }
        escaped.append(character)
    }
    let literal = LabelMarkup.attributedString(escaped)
    invariant(String(literal.characters) == markup, "escaped markup did not read back as its text")
    invariant(literal.runs.allSatisfy { $0.link == nil && $0.labelKit.fontWeight == nil }, "escaped text styled")
}

/// The batch reader and Foundation agree on whether the bytes are a JSON object, and on every value it keeps.
func checkJSONRecord(_ bytes: [UInt8]) {
    let reader = JSONObjectReader(keys: batchKeys)
    let ours = try? reader.read(bytes)
    let foundation = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    invariant(
        (ours != nil) == (foundation != nil),
        "the batch reader \(ours == nil ? "rejects" : "accepts") what JSONSerialization "
            + "\(foundation == nil ? "rejects" : "accepts"): \(String(decoding: bytes.prefix(200), as: UTF8.self))")
    guard let ours, let foundation else { return }
    for key in batchKeys {
        let value = ours[key]
        invariant((value == nil) == (foundation[key] == nil), "key \(key) kept by one reader only")
        if let value, let other = foundation[key] {
            invariant(same(value, other), "\(key): \(value) ≠ \(other)")
        }
    }
}

/// Whether a LabelKitJSON value and a JSONSerialization value are the same JSON value.
func same(_ value: JSONValue, _ other: Any) -> Bool {
    switch value {
    case .null: return other is NSNull
    case .string(let string): return (other as? String) == string
    case .bool(let bool): return (other as? NSNumber).map { isBoolean($0) && $0.boolValue == bool } ?? false
    case .number(let number):
        guard let other = other as? NSNumber, !isBoolean(other) else { return false }
        return other.doubleValue == number
    case .array(let items):
        guard let others = other as? [Any], others.count == items.count else { return false }
        return zip(items, others).allSatisfy { same($0, $1) }
    case .object(let members):
        guard let others = other as? [String: Any] else { return false }
        // A key given twice keeps its last value in both readers.
        var last: [String: JSONValue] = [:]
        for (key, member) in members { last[key] = member }
        return last.count == others.count
            && last.allSatisfy { key, member in others[key].map { same(member, $0) } ?? false }
    }
}

/// Whether Foundation made this number from `true` or `false`.
func isBoolean(_ number: NSNumber) -> Bool {
    let type = String(cString: number.objCType)
    return type == "c" || type == "B"
}

runFuzzer(fuzzInputs)
