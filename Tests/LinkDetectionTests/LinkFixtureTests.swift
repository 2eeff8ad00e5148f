import Foundation
import LabelKitLinks
import LabelKitText
import Testing

/// LabelKit's own link fixture, `Fixtures/links.json`: text people paste into chats, terminals and issue trackers,
/// written by hand from RFC 3986 and 3987, the WHATWG URL standard and what chat apps and terminals link, with
/// every expected link marked in the text itself as `⟦…⟧`.
///
/// A case holds `class`, `text` and optionally `targets` (absolute strings, `null` for none), `warnings` (names per
/// link), `linkKinds` (per link), `kinds` (what the detector looks for; the standard kinds by default) and
/// `schemes` (app schemes registered with the detector). A text without markers expects no link at all.
@Suite("Link fixture (issue 14)")
struct LinkFixtureTests {
    static let classes = [
        "scheme-host", "bare-ipv4", "bare-idn", "iri-path", "scheme", "email", "not-link", "target",
    ]

    struct Case: Decodable {
        var `class`: String
        var text: String
        var targets: [String?]?
        var warnings: [[String]]?
        var linkKinds: [String]?
        var kinds: String?
        var schemes: [String]?
        var note: String?
    }

    static func cases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/links.json")
        let data = try #require(FileManager.default.contents(atPath: url.path), "fixture missing: \(url.path)")
        return try JSONDecoder().decode([Case].self, from: data)
    }

    /// The text without its markers, and the text and UTF-16 range of each marked link — counted here from the
    /// markers, independently of the detector.
    static func parse(_ marked: String) -> (text: String, links: [(text: String, range: Range<Int>)]) {
        var text = ""
        var links: [(String, Range<Int>)] = []
        var openedAt: (utf16: Int, index: String.Index)?
        for character in marked {
            if character == "⟦" {
                openedAt = (text.utf16.count, text.endIndex)
            } else if character == "⟧", let opened = openedAt {
                links.append((String(text[opened.index...]), opened.utf16..<text.utf16.count))
                openedAt = nil
            } else {
                text.append(character)
            }
        }
        return (text, links)
    }

    static func warningNames(_ warnings: LinkWarnings) -> [String] {
        var names: [String] = []
        if warnings.contains(.disallowedScheme) { names.append("disallowedScheme") }
        if warnings.contains(.bidirectionalControl) { names.append("bidirectionalControl") }
        if warnings.contains(.mixedScriptHost) { names.append("mixedScriptHost") }
        if warnings.contains(.userInfo) { names.append("userInfo") }
        return names
    }

    @Test("every class has positive and negative cases, at least 150 in all")
    func fixtureCoversEveryClass() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 150)
        for name in Self.classes {
            let ofClass = cases.filter { $0.class == name }
            let positives = ofClass.filter { $0.text.contains("⟦") }.count
            print(
                "fixture \(name): \(ofClass.count) cases, \(positives) positive, \(ofClass.count - positives) negative")
            #expect(positives > 0, "\(name) has no positive case")
            #expect(positives < ofClass.count, "\(name) has no negative case")
        }
        #expect(Set(cases.map(\.class)).isSubset(of: Set(Self.classes)))
    }

    @Test("the links of every case", arguments: classes)
    func linksOfClass(_ name: String) throws {
        let cases = try Self.cases().filter { $0.class == name }
        #expect(!cases.isEmpty)
        var passed = 0
        for testCase in cases {
            let (text, expected) = Self.parse(testCase.text)
            var detector = LinkDetector(kinds: try testCase.kinds.map { try LinkKinds(names: $0) } ?? .standard)
            for scheme in testCase.schemes ?? [] { detector.safetyPolicy.registerScheme(scheme) }
            let links = detector.links(in: text)
            var problems: [String] = []
            if links.map(\.text) != expected.map(\.text) || links.map(\.range) != expected.map(\.range) {
                problems.append(
                    "links \(links.map { "\($0.text) \($0.range)" }) ≠ \(expected.map { "\($0.text) \($0.range)" })")
            }
            if let targets = testCase.targets, links.map({ $0.target?.absoluteString }) != targets {
                problems.append("targets \(links.map { $0.target?.absoluteString ?? "nil" }) ≠ \(targets)")
            }
            if let warnings = testCase.warnings, links.map({ Self.warningNames($0.warnings) }) != warnings {
                problems.append("warnings \(links.map { Self.warningNames($0.warnings) }) ≠ \(warnings)")
            }
            if let kinds = testCase.linkKinds, links.map(\.kind.description) != kinds {
                problems.append("kinds \(links.map(\.kind.description)) ≠ \(kinds)")
            }
            if problems.isEmpty {
                passed += 1
            } else {
                let report = problems.joined(separator: "\n  ")
                Issue.record("[\(name)] \(testCase.text.debugDescription)\n  \(report)")
            }
        }
        print("fixture \(name): \(passed)/\(cases.count) passed")
    }
}
