import Foundation
import LabelKit
import Testing

/// What link detection found out about a link's safety is what a tap on the laid-out link reports.
@Suite("Link safety reaches the tap")
struct LinkSafetyAtTapTests {
    /// The layout of `text` after detecting links of every kind, and the link under the centre of `substring`.
    static func tap(on substring: String, in text: String) throws -> (layout: TextLayout, hit: LinkHit?) {
        let detected = LinkDetector(kinds: .all).detectLinks(in: AttributedString(text))
        let layout = try LabelTypesetter.system.layout(detected.text, in: TextContainer(width: 400))
        let start = try #require(text.range(of: substring)).lowerBound.utf16Offset(in: text)
        let rect = try #require(layout.rects(for: start..<(start + substring.utf16.count)).first).rect
        return (layout, layout.link(at: CGPoint(x: rect.midX, y: rect.midY)))
    }

    @Test("a tap on a look-alike host (a Cyrillic а in аpple.com) reports the warning detection raised")
    func mixedScriptHost() throws {
        let (_, hit) = try Self.tap(on: "pple", in: "Sign in at аpple.com/login today")
        let link = try #require(hit?.link)
        #expect(link.target.absoluteString.hasPrefix("https://xn--"))
        #expect(!link.isSafe)
        #expect(link.warnings == .mixedScriptHost)
        #expect(link.kind == .url)
    }

    @Test("a tap on user info before the host reports it; an ordinary link beside it is safe")
    func userInfoAndOrdinary() throws {
        let text = "Pay at https://bank.example@evil.example/pay or read example.org/help"
        let (layout, tricked) = try Self.tap(on: "evil", in: text)
        #expect(tricked?.link.warnings == .userInfo)
        let (_, ordinary) = try Self.tap(on: "help", in: text)
        #expect(ordinary?.link.isSafe == true)
        #expect(ordinary?.link.warnings == [])
        #expect(layout.links.map(\.isSafe) == [false, true])
    }

    @Test("an app's own javascript: link keeps its target and carries disallowedScheme to the tap")
    func explicitDisallowedScheme() throws {
        var text = AttributedString("Click here now")
        let here = try #require(text.range(of: "here"))
        let script = try #require(URL(string: "javascript:alert(1)"))
        text[here].link = script
        let detected = LinkDetector(kinds: .all).detectLinks(in: text)
        let layout = try LabelTypesetter.system.layout(detected.text)
        let link = try #require(layout.links.first)
        #expect(layout.links.count == 1)
        #expect(link.target == script)
        #expect(link.kind == .explicit)
        #expect(link.warnings == .disallowedScheme)
        #expect(detected.links.map(\.warnings) == [link.warnings], "the same warnings as detection reported")
    }

    @Test("over the link corpus, every laid-out link carries exactly the warnings detection reported for it")
    func everyLinkAsDetected() throws {
        let texts = [
            "mail ana@example.com, call +81 3-1234-5678, see https://user@host.example/x and #tag @ana",
            "bidi \u{202E}moc.elgoog\u{202C} and пример.рф/путь with раypal.com and paypal.com",
            "xn--pple-43d.com then www.example.org/a_(b) and ftp://files.example.net/readme.txt",
        ]
        for text in texts {
            let detected = LinkDetector(kinds: .all).detectLinks(in: AttributedString(text))
            let layout = try LabelTypesetter.system.layout(detected.text)
            let expected = detected.links.filter { $0.target != nil }
            #expect(layout.links.map(\.range) == expected.map(\.range), "\(text)")
            #expect(layout.links.map(\.warnings) == expected.map(\.warnings), "\(text)")
            #expect(layout.links.map(\.kind) == expected.map(\.kind), "\(text)")
            #expect(layout.links.contains { !$0.isSafe }, "each text holds an unsafe link: \(text)")
        }
    }

    @Test("a link no detector checked has no warnings and the explicit kind")
    func uncheckedLink() throws {
        let layout = try LabelTypesetter.system.layout(LabelMarkup.attributedString("[terms](https://example.com)"))
        #expect(layout.links.map(\.kind) == [.explicit])
        #expect(layout.links.map(\.warnings) == [[]])
    }
}
