// Fuzzes link detection: every kind, custom patterns, app schemes, the safety flags, attributed detection with the
// app's own links, and trimming — checking what the documentation promises: sorted, non-overlapping ranges inside
// the text whose text is the link's, no target with a forbidden scheme, the same answer twice.
import Foundation
import FuzzSupport
import LabelKitLinks
import LabelKitText

let ticketPattern = try? CustomLinkPattern(name: "ticket", pattern: #"\bLK-[0-9]+\b"#) { match in
    URL(string: "https://tracker.example.com/\(match)")
}
let schemePattern = try? CustomLinkPattern(name: "bad", pattern: #"!run\S*"#) { match in
    // A pattern whose targets are never allowed: they must be dropped and flagged.
    URL(string: "javascript:alert('\(match.count)')")
}

func fuzzLinks(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let text = input.text
    var detector = LinkDetector(kinds: LinkKinds(rawValue: input.byte() & 0x3F))
    if !input.hasChoices { detector.kinds = .all }
    if input.flag() { detector.customPatterns = [ticketPattern, schemePattern].compactMap { $0 } }
    if input.flag() { detector.safetyPolicy = LinkSafetyPolicy(additionalSchemes: ["myapp", "x-callback"]) }

    let links = detector.links(in: text)
    checkLinks(links, in: text, detector: detector)
    invariant(detector.links(in: text) == links, "a second detection differs")

    // The attributed form, with an app link over part of the text that detection must leave alone.
    var attributed = AttributedString(text)
    let characterCount = attributed.characters.count
    if characterCount > 0, input.flag() {
        let start = Int(input.fraction() * Double(characterCount - 1))
        let lower = attributed.characters.index(attributed.startIndex, offsetBy: start)
        let upper = attributed.characters.index(
            lower, offsetBy: min(characterCount - start, 1 + input.number(in: 0...40)))
        attributed[lower..<upper].link = URL(string: input.flag() ? "https://app.example/" : "javascript:void(0)")
    }
    let result = detector.detectLinks(in: attributed)
    invariant(String(result.text.characters) == text, "detection changed the text")
    checkLinks(result.links, in: text, detector: detector)
    let plainLinks = Set(links)
    for link in result.links where link.kind != .explicit {
        invariant(plainLinks.contains(link), "attributed detection found \(link) that plain detection did not")
    }

    let maximumLength = input.number(in: 0...40)
    let trimmed = result.trimmingDisplayedLinks(maximumLength: maximumLength, kinds: input.flag() ? .url : .all)
    let shown = String(trimmed.text.characters)
    invariant(trimmed.links.count == result.links.count, "trimming lost links")
    checkLinks(trimmed.links, in: shown, detector: nil)
    for (original, displayed) in zip(result.links, trimmed.links) {
        invariant(original.target == displayed.target, "trimming changed a target")
        invariant(
            trimmed.displayedRange(forOriginal: original.range) == displayed.range,
            "displayedRange(forOriginal: \(original.range)) ≠ \(displayed.range)")
    }
    return 0
}

/// Ranges sorted, disjoint, inside the text and holding the link's text; safety flags consistent with the target.
func checkLinks(_ links: [DetectedLink], in text: String, detector: LinkDetector?) {
    let units = Array(text.utf16)
    var previousEnd = 0
    for link in links {
        invariant(!link.range.isEmpty, "empty link \(link)")
        invariant(link.range.lowerBound >= previousEnd, "links overlap or are out of order at \(link.range)")
        invariant(link.range.upperBound <= units.count, "link \(link.range) beyond \(units.count) code units")
        previousEnd = link.range.upperBound
        let covered = String(decoding: units[link.range], as: UTF16.self)
        invariant(covered == link.text, "link text \(link.text.debugDescription) ≠ \(covered.debugDescription)")
        invariant(link.isSafe == link.warnings.isEmpty, "isSafe disagrees with the warnings")
        // The app's own links (kind explicit) keep the target the app set, flagged; detected ones never get a
        // target that is not allowed.
        if link.kind != .explicit {
            if link.warnings.contains(.disallowedScheme) { invariant(link.target == nil, "a disallowed target kept") }
            if let scheme = link.target?.scheme?.lowercased() {
                invariant(!LinkSafetyPolicy.forbiddenSchemes.contains(scheme), "a \(scheme): target")
            }
        }
        guard let detector else { continue }
        switch link.kind {
        case .custom, .explicit: break
        default: invariant(detector.kinds.contains(kind: link.kind), "\(link.kind) found but not asked for")
        }
    }
}

runFuzzer(fuzzLinks)
