import Foundation
import LabelKitLinks
import LabelKitText
import Testing

@Suite("Link safety")
struct LinkSafetyTests {
    @Test(
        "dangerous schemes are never produced",
        arguments: [
            "javascript:alert(1)", "javascript://example.com/%0Aalert(1)", "data:text/html,<b>x</b>",
            "file:///etc/passwd", "vbscript:msgbox(1)",
        ])
    func dangerousSchemesAreNeverProduced(_ text: String) {
        let schemes = LinkDetector(kinds: .all).links(in: text).compactMap { $0.target?.scheme }
        #expect(
            schemes.allSatisfy { ["http", "https", "mailto", "tel", "mention", "hashtag", "cashtag"].contains($0) })
        #expect(!schemes.contains("javascript") && !schemes.contains("data") && !schemes.contains("file"))
    }

    @Test func forbiddenSchemesCannotBeRegistered() {
        var policy = LinkSafetyPolicy()
        policy.registerScheme("JavaScript")
        policy.registerScheme("myapp")
        #expect(!policy.allowedSchemes.contains("javascript"))
        #expect(policy.allowedSchemes.contains("myapp"))
    }

    @Test func aCustomTargetWithAForbiddenSchemeIsDroppedAndFlagged() throws {
        let evil = try CustomLinkPattern(name: "evil", pattern: "click") { _ in URL(string: "javascript:alert(1)") }
        let detector = LinkDetector(customPatterns: [evil])
        let links = detector.links(in: "click here")
        #expect(links.count == 1)
        #expect(links.first?.target == nil)
        #expect(links.first?.warnings == [.disallowedScheme])
        #expect(links.first?.isSafe == false)

        let result = detector.detectLinks(in: AttributedString("click here"))
        #expect(result.text.runs[\.link].allSatisfy { $0.0 == nil })
    }

    @Test func anExplicitLinkWithAForbiddenSchemeIsReportedUnsafeAndLeftAlone() throws {
        var text = AttributedString("press me or https://example.com")
        let pressMe = try #require(text.range(of: "press me"))
        let evil = try #require(URL(string: "javascript:alert(1)"))
        text[pressMe].link = evil
        let result = LinkDetector().detectLinks(in: text)
        #expect(result.links.map(\.kind) == [.explicit, .url])
        #expect(result.links.first?.warnings.contains(.disallowedScheme) == true)
        #expect(result.links.first?.range == 0..<8)
        #expect(result.text[pressMe].link == evil)
    }

    @Test func bidiControlsInOrAroundTheLinkAreFlagged() {
        let before = LinkDetector().links(in: "see \u{202E}https://example.com")
        #expect(before.map(\.text) == ["https://example.com"])
        #expect(before.first?.warnings == [.bidirectionalControl])
        let after = LinkDetector().links(in: "see https://example.com/\u{2066}moc")
        #expect(after.first?.warnings == [.bidirectionalControl])
        #expect(LinkDetector().links(in: "see https://example.com/ ok").first?.warnings == [])
    }

    @Test func aHostMixingLookAlikeScriptsIsFlagged() {
        // The first "а" is Cyrillic U+0430.
        let mixed = LinkDetector().links(in: "https://\u{430}pple.com/login")
        #expect(mixed.map(\.text) == ["https://\u{430}pple.com/login"])
        #expect(mixed.first?.warnings == [.mixedScriptHost])
        let cyrillicOnly = LinkDetector().links(in: "https://пример.рф")
        #expect(cyrillicOnly.map(\.text) == ["https://пример.рф"])
        #expect(cyrillicOnly.first?.warnings == [])
    }

    @Test func explicitLinksWithUserInfoOrLookAlikePunycodeAreFlagged() throws {
        var text = AttributedString("your bank and apple")
        let bank = try #require(text.range(of: "your bank"))
        let apple = try #require(text.range(of: "apple"))
        text[bank].link = URL(string: "https://bank.example@evil.example/")
        text[apple].link = URL(string: "https://xn--pple-43d.com/")
        let result = LinkDetector().detectLinks(in: text)
        #expect(result.links.map(\.warnings) == [[.userInfo], [.mixedScriptHost]])
    }

    @Test func forbiddenSchemesAreFoundFlaggedAndNeverActivatable() {
        let links = LinkDetector().links(in: "javascript:alert(1) data:text/html,x file:///etc/passwd")
        #expect(links.map(\.text) == ["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd"])
        #expect(links.allSatisfy { $0.target == nil && $0.warnings == [.disallowedScheme] })
        let result = LinkDetector().detectLinks(in: AttributedString("javascript:alert(1)"))
        #expect(result.text.runs[\.link].allSatisfy { $0.0 == nil })
    }
}
