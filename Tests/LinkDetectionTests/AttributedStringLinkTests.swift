import Foundation
import LabelKitLinks
import LabelKitText
import Testing

@Suite("Detecting into AttributedString")
struct AttributedStringLinkTests {
    @Test("detected links get .link and their kind, and no look: links are styled when drawn")
    func detectedLinksGetLinkAndKind() throws {
        let result = LinkDetector().detectLinks(in: AttributedString("Visit example.com, ping @ana"))
        let url = try #require(result.text.range(of: "example.com"))
        let mention = try #require(result.text.range(of: "@ana"))
        let visit = try #require(result.text.range(of: "Visit"))
        #expect(result.text[url].link == URL(string: "https://example.com"))
        #expect(result.text[url].labelKit.linkKind == .url)
        #expect(result.text[url].labelKit.foregroundColor == nil)
        #expect(result.text[url].labelKit.underline == nil)
        #expect(result.text[mention].link == URL(string: "mention:ana"))
        #expect(result.text[mention].labelKit.linkKind == .mention)
        #expect(result.text[visit].link == nil)
        #expect(result.text[visit].labelKit.linkKind == nil)
    }

    @Test func linksTheAppSetAreNeverOverridden() throws {
        var text = AttributedString("Docs at example.com and example.org")
        let first = try #require(text.range(of: "example.com"))
        let appTarget = try #require(URL(string: "https://docs.example.net/start"))
        text[first].link = appTarget
        let result = LinkDetector().detectLinks(in: text)
        #expect(result.text[first].link == appTarget)
        let second = try #require(result.text.range(of: "example.org"))
        #expect(result.text[second].link == URL(string: "https://example.org"))
        #expect(result.links.map(\.kind) == [.explicit, .url])
        #expect(result.links.map(\.text) == ["example.com", "example.org"])
    }
}

@Suite("Display trimming")
struct LinkDisplayTrimmingTests {
    @Test func longURLsAreShortenedAndEveryRangeStaysRight() throws {
        let original = "see https://example.com/a/very/long/path now #tag"
        let result = LinkDetector().detectLinks(in: AttributedString(original))
        let trimmed = result.trimmingDisplayedLinks(maximumLength: 20)

        #expect(String(trimmed.text.characters) == "see https://example.com… now #tag")
        #expect(trimmed.links.map(\.text) == ["https://example.com…", "#tag"])
        #expect(trimmed.links.map(\.range) == [4..<24, 29..<33])
        #expect(trimmed.links.first?.target == URL(string: "https://example.com/a/very/long/path"))
        #expect(trimmed.links.last?.target == URL(string: "hashtag:tag"))

        let shown = try #require(trimmed.text.range(of: "https://example.com…"))
        #expect(trimmed.text[shown].link == URL(string: "https://example.com/a/very/long/path"))
        let tag = try #require(trimmed.text.range(of: "#tag"))
        #expect(trimmed.text[tag].link == URL(string: "hashtag:tag"))

        // "now" is at 41 in the original and at 25 in the displayed text.
        #expect(
            trimmed.displayedRange(forOriginal: 41..<44) == 25..<28)
        #expect(trimmed.displayedRange(forOriginal: 0..<3) == 0..<3)
    }

    @Test func shortURLsAndOtherKindsAreLeftAlone() {
        let original = "https://a.co ana.maria.long.address@example.com"
        let trimmed = LinkDetector().detectLinks(in: AttributedString(original)).trimmingDisplayedLinks(
            maximumLength: 15)
        #expect(String(trimmed.text.characters) == original)
        #expect(trimmed.links.map(\.range) == [0..<12, 13..<47])
    }

    @Test func eMailsAreShortenedWhenAskedAndCustomLinksNever() throws {
        let ticket = try CustomLinkPattern(name: "ticket", pattern: "LK-[0-9]+") {
            URL(string: "https://tracker.example.com/\($0)")
        }
        let detector = LinkDetector(customPatterns: [ticket])
        let original = "ana.maria.long.address@example.com LK-1234567890123"
        let trimmed = detector.detectLinks(in: AttributedString(original)).trimmingDisplayedLinks(
            maximumLength: 10, kinds: [.url, .email])
        #expect(String(trimmed.text.characters) == "ana.maria… LK-1234567890123")
        #expect(trimmed.links.map(\.range) == [0..<10, 11..<27])
        #expect(LinkKinds.all.contains(kind: .custom("ticket")) == false)
        #expect(LinkKinds.standard.contains(kind: .email))
    }
}
