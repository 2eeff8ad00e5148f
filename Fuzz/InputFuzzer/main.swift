// Fuzzes the text formats LabelKit reads from users: LabelMarkup — never rejecting or losing text, escapes
// always literal, links always valid URLs.
import Foundation
import FuzzSupport
import LabelKitCore

/// The characters LabelMarkup gives a meaning to.
let markupCharacters: Set<Character> = ["[", "]", "(", ")", "*", "\\"]

func fuzzInputs(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    checkMarkup(input.text)
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

runFuzzer(fuzzInputs)
