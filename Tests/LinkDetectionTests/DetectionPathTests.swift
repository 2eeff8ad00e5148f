import Foundation
import LabelKitLinks
import LabelKitText
import Testing

/// The shortcuts of `detectLinks(in:)`: a plain `String` read once, and a detector with no kinds that checks only the
/// app's links. Each must give exactly what the general path over an `AttributedString` gives.
@Suite("Detection paths")
struct DetectionPathTests {
    /// Texts stitched from the pieces links are made of, as the property tests make them.
    static func randomTexts(count: Int, seed: UInt64) -> [String] {
        var generator = LinkPropertyTests.Generator(state: seed)
        return (0..<count).map { _ in
            var text = ""
            for _ in 0..<(1 + generator.next(below: 12)) {
                text += LinkPropertyTests.pieces[generator.next(below: LinkPropertyTests.pieces.count)]
            }
            return text
        }
    }

    static let detector: LinkDetector = {
        var policy = LinkSafetyPolicy()
        policy.registerScheme("myapp")
        return LinkDetector(kinds: .all, safetyPolicy: policy)
    }()

    @Test("a String gives the text, links and attributes its AttributedString gives")
    func plainStringMatchesAttributedString() {
        let fixed = [
            "", "no links here", "Mail ana@example.com or see example.co.jp", "👋🏽 @ana #タグ 利用規約 https://例え.jp/規約",
            "see \u{202E}https://example.com", "e\u{301}xample.com/é x", "javascript:alert(1) and 𠀡 $AAPL +1 555 0100",
        ]
        for text in fixed + Self.randomTexts(count: 3_000, seed: 23) {
            let fromString = Self.detector.detectLinks(in: text)
            let fromAttributed = Self.detector.detectLinks(in: AttributedString(text))
            #expect(fromString.text == fromAttributed.text, "\(text.debugDescription)")
            #expect(fromString.links == fromAttributed.links, "\(text.debugDescription)")
            #expect(
                fromString.links.map(\.scalarRange) == fromAttributed.links.map(\.scalarRange),
                "\(text.debugDescription)")
        }
    }

    /// `text` with `.link` set on the UTF-16 ranges given, cut at scalar boundaries.
    static func linking(_ text: String, _ links: [(Range<Int>, String)]) throws -> AttributedString {
        var attributed = AttributedString(text)
        for (range, target) in links {
            let start = attributed.utf16.index(attributed.startIndex, offsetBy: range.lowerBound)
            let end = attributed.utf16.index(start, offsetBy: range.count)
            attributed[start..<end].link = try #require(URL(string: target))
        }
        return attributed
    }

    @Test("no kinds: the app's links are reported with their warnings, at the right offsets, after wide characters")
    func noKindsChecksTheAppsLinks() throws {
        // "👋🏽 " is 5 UTF-16 units and 3 scalars; "e\u{301}" puts a combining mark just before the second link.
        let text = "👋🏽 press me, e\u{301}vil link or example.com"
        let attributed = try Self.linking(
            text, [(5..<13, "javascript:alert(1)"), (16..<25, "https://bank.example@evil.example/")])
        let result = LinkDetector(kinds: []).detectLinks(in: attributed)
        #expect(result.links.map(\.kind) == [.explicit, .explicit])
        #expect(result.links.map(\.range) == [5..<13, 16..<25])
        #expect(result.links.map(\.text) == ["press me", "\u{301}vil link"])
        #expect(result.links.map(\.scalarRange) == [3..<11, 14..<23])
        #expect(result.links.map(\.warnings) == [[.disallowedScheme], [.userInfo]])
        for link in result.links {
            let start = result.text.utf16.index(result.text.startIndex, offsetBy: link.range.lowerBound)
            let end = result.text.utf16.index(start, offsetBy: link.range.count)
            #expect(result.text[start..<end].labelKit.linkWarnings == link.warnings)
        }
        // "example.com" is not looked for: no kinds.
        #expect(result.text.runs[\.link].compactMap(\.0).count == 2)
    }

    @Test("no kinds and no links: the text comes back as it was")
    func noKindsNoLinks() {
        let text = AttributedString("see example.com, mail ana@example.com")
        let result = LinkDetector(kinds: []).detectLinks(in: text)
        #expect(result.links.isEmpty)
        #expect(result.text == text)
    }

    @Test("the app's links come out the same whether or not the detector also looks for links")
    func explicitLinksAgreeAcrossPaths() throws {
        var generator = LinkPropertyTests.Generator(state: 5)
        let targets = ["javascript:alert(1)", "https://example.com", "https://xn--pple-43d.com/", "mailto:a@b.c"]
        for text in Self.randomTexts(count: 1_500, seed: 9) {
            // One link over a random stretch of whole scalars.
            let scalars = Array(text.unicodeScalars)
            guard !scalars.isEmpty else { continue }
            let lower = generator.next(below: scalars.count)
            let upper = lower + 1 + generator.next(below: scalars.count - lower)
            let utf16Start = scalars[..<lower].reduce(0) { $0 + UTF16.width($1) }
            let utf16Length = scalars[lower..<upper].reduce(0) { $0 + UTF16.width($1) }
            let target = targets[generator.next(below: targets.count)]
            let attributed = try Self.linking(text, [(utf16Start..<(utf16Start + utf16Length), target)])

            let checkedOnly = LinkDetector(kinds: []).detectLinks(in: attributed)
            let detecting = Self.detector.detectLinks(in: attributed)
            let explicit = detecting.links.filter { $0.kind == .explicit }
            #expect(checkedOnly.links == explicit, "\(text.debugDescription)")
            #expect(checkedOnly.links.map(\.scalarRange) == [lower..<upper], "\(text.debugDescription)")
            #expect(checkedOnly.links.map(\.range) == [utf16Start..<(utf16Start + utf16Length)])
            #expect(checkedOnly.links.first?.text == String(String.UnicodeScalarView(scalars[lower..<upper])))
        }
    }
}
