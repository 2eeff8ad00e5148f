import Foundation
import LabelKitLinks
import LabelKitText
import Testing

/// The texts of the links `detector` finds in `text`.
private func linkTexts(_ text: String, _ detector: LinkDetector = LinkDetector()) -> [String] {
    detector.links(in: text).map(\.text)
}

/// The absolute target strings of the links `detector` finds in `text`.
private func targets(_ text: String, _ detector: LinkDetector = LinkDetector()) -> [String?] {
    detector.links(in: text).map { $0.target?.absoluteString }
}

@Suite("URLs")
struct URLDetectionTests {
    @Test func portQueryAndFragmentBelongToTheURL() {
        #expect(
            linkTexts("Go to http://example.com:8080/path?q=1&lang=en#top now")
                == ["http://example.com:8080/path?q=1&lang=en#top"])
    }

    @Test func ipv4AndIPv6Hosts() {
        #expect(linkTexts("status at http://192.168.0.1:8080/status.") == ["http://192.168.0.1:8080/status"])
        #expect(linkTexts("v6 http://[2001:db8::1]:8080/x ok") == ["http://[2001:db8::1]:8080/x"])
        // Without a scheme a dotted quad is a link too (issue 14), with http:// as its scheme; IPv6 needs one.
        #expect(targets("the router is 192.168.0.1") == ["http://192.168.0.1"])
        #expect(linkTexts("bare 2001:db8::1 is not a link") == [])
    }

    @Test func userInfoBelongsToTheURL() {
        #expect(
            linkTexts("log in at https://ana:secret@example.com/private") == ["https://ana:secret@example.com/private"])
    }

    @Test func balancedParenthesesStayInThePathButAnEnclosingOneDoesNot() {
        #expect(
            linkTexts("(see https://en.wikipedia.org/wiki/Swift_(programming_language))")
                == ["https://en.wikipedia.org/wiki/Swift_(programming_language)"])
    }

    @Test("trailing punctuation is left out", arguments: [".", ",", "!", "?", ":", ";", "'", "\"", ")", "」", "。"])
    func trailingPunctuationIsLeftOut(_ punctuation: String) {
        #expect(linkTexts("see https://example.com/path\(punctuation) next") == ["https://example.com/path"])
        #expect(linkTexts("see example.org\(punctuation) next") == ["example.org"])
    }

    @Test func urlsInsideAngleBracketsAndQuotes() {
        #expect(
            linkTexts("<https://example.com/a> and \"www.example.org\"") == [
                "https://example.com/a", "www.example.org",
            ])
    }

    @Test func bareDomainsNeedARealTopLevelDomainAndGetHTTPS() {
        #expect(
            linkTexts("example.co.jp, www.example.org, readme.txt, foo.bar2") == ["example.co.jp", "www.example.org"])
        #expect(targets("example.co.jp/path") == ["https://example.co.jp/path"])
        #expect(targets("http://example.com") == ["http://example.com"])
    }

    @Test func japaneseTextWithoutSpaces() {
        // Paths are IRIs: Japanese after a "/" belongs to the path, to the end of the text (issue 14); Japanese
        // written straight after a letter of the path does not, nor does a last segment that runs on into the
        // next sentence.
        #expect(linkTexts("詳しくはhttps://example.com/利用規約を見て") == ["https://example.com/利用規約を見て"])
        #expect(linkTexts("詳しくはhttps://example.com/guideを見て") == ["https://example.com/guide"])
        #expect(linkTexts("https://example.com/規約です。次へ") == ["https://example.com/"])
        #expect(linkTexts("詳しくはexample.comを見てください。") == ["example.com"])
        #expect(
            linkTexts("「https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC」を参照")
                == ["https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC"])
        let links = LinkDetector().links(in: "詳しくはexample.comを見て")
        #expect(links.map(\.range) == [4..<15])
    }

    @Test func internationalisedHosts() {
        #expect(linkTexts("サイトは https://例え.jp です") == ["https://例え.jp"])
        #expect(linkTexts("test http://foobar.みんな/ ok") == ["http://foobar.みんな/"])
        // Targets are valid URLs: hosts in punycode (IDNA), paths percent-encoded.
        #expect(targets("サイトは https://例え.jp です") == ["https://xn--r8jz45g.jp"])
        #expect(
            targets("Xem https://vi.wikipedia.org/wiki/Việt_Nam") == ["https://vi.wikipedia.org/wiki/Vi%E1%BB%87t_Nam"])
    }

    @Test func vietnameseText() {
        #expect(
            linkTexts("Xem https://vi.wikipedia.org/wiki/Việt_Nam nhé") == ["https://vi.wikipedia.org/wiki/Việt_Nam"])
        #expect(linkTexts("Trang chủ: thủđô.vn, mời ghé") == ["thủđô.vn"])
    }

    @Test func rangesAreInUTF16Units() {
        // 😀 is two UTF-16 units.
        let links = LinkDetector().links(in: "😀 https://example.com")
        #expect(links.map(\.range) == [3..<22])
    }

    @Test func appSchemesAreDetectedOnlyWhenRegistered() {
        #expect(linkTexts("open myapp://settings/profile") == [])
        let detector = LinkDetector(safetyPolicy: LinkSafetyPolicy(additionalSchemes: ["myapp"]))
        let links = detector.links(in: "open myapp://settings/profile")
        #expect(links.map(\.text) == ["myapp://settings/profile"])
        #expect(links.first?.isSafe == true)
    }
}

@Suite("E-mail addresses")
struct EmailDetectionTests {
    @Test func addressesWithPlusDotsAndSubdomains() {
        let links = LinkDetector().links(in: "Write to ana.maria+news@mail.example.co.uk.")
        #expect(links.map(\.kind) == [.email])
        #expect(links.map(\.text) == ["ana.maria+news@mail.example.co.uk"])
        #expect(links.map { $0.target?.absoluteString } == ["mailto:ana.maria+news@mail.example.co.uk"])
    }

    @Test func mailtoIsPartOfTheLink() {
        let links = LinkDetector().links(in: "mailto:bob@example.org")
        #expect(links.map(\.range) == [0..<22])
        #expect(links.map { $0.target?.absoluteString } == ["mailto:bob@example.org"])
    }

    @Test func addressesNextToPunctuationAndJapanese() {
        #expect(linkTexts("(support@example.com)") == ["support@example.com"])
        #expect(linkTexts("連絡先:taro@example.jpまで") == ["taro@example.jp"])
    }

    @Test func notAddresses() {
        #expect(linkTexts("user@localhost a..b@example.com name@example", LinkDetector(kinds: .email)) == [])
        #expect(linkTexts("trailing.@example.com", LinkDetector(kinds: .email)) == [])
    }

    @Test func anEmailIsNotAMentionNorAURL() {
        let links = LinkDetector().links(in: "john.doe.gov@mail.com")
        #expect(links.map(\.kind) == [.email])
        #expect(links.map(\.text) == ["john.doe.gov@mail.com"])
    }
}

@Suite("Phone numbers")
struct PhoneDetectionTests {
    @Test(
        "phone numbers and their tel: targets",
        arguments: [
            ("Call +81 3-1234-5678 now", "+81 3-1234-5678", "tel:+81312345678"),
            ("Call (555) 123-4567 today", "(555) 123-4567", "tel:5551234567"),
            ("電話：03-1234-5678まで", "03-1234-5678", "tel:0312345678"),
            ("Gọi +84 28 3823 4567 nhé", "+84 28 3823 4567", "tel:+842838234567"),
            ("tel:+15551234567", "tel:+15551234567", "tel:+15551234567"),
            ("US style 555.123.4567.", "555.123.4567", "tel:5551234567"),
        ])
    func phoneNumbers(_ text: String, _ expected: String, _ target: String) {
        let links = LinkDetector().links(in: text)
        #expect(links.map(\.kind) == [.phone])
        #expect(links.map(\.text) == [expected])
        #expect(links.map { $0.target?.absoluteString } == [target])
    }

    @Test(
        "not phone numbers",
        arguments: [
            "on 2024-01-15 at noon", "on 15.01.2024", "on 01/15/2024", "2024-01-15 12:30", "version 1.2.3.4",
            "build 10.4.11.2345", "host 192.168.100.200", "order 1234567", "pay 1,234,567", "short 123-4567x",
            "call 555-12", "ab+1234567890",
        ])
    func notPhoneNumbers(_ text: String) {
        #expect(linkTexts(text, LinkDetector(kinds: .phone)) == [])
    }

    @Test func numbersInsideURLsAreNotPhones() {
        let links = LinkDetector().links(in: "https://example.com/orders/555-123-4567")
        #expect(links.map(\.kind) == [.url])
    }
}

@Suite("Mentions and hashtags")
struct SocialDetectionTests {
    @Test func fullwidthSigilsAndUnicodeHashtags() {
        #expect(linkTexts("＠taro さん ＃日本語 #ViệtNam #2024 #café") == ["＠taro", "＃日本語", "#ViệtNam", "#café"])
    }

    @Test func defaultTargetsUseNeutralSchemes() {
        #expect(targets("@ana #日本") == ["mention:ana", "hashtag:%E6%97%A5%E6%9C%AC"])
    }

    @Test func appSuppliedTargets() {
        let detector = LinkDetector(
            mentionTarget: { URL(string: "https://social.example/@\($0)") },
            hashtagTarget: { URL(string: "https://social.example/tags/\($0)") })
        #expect(
            targets("hi @ana #swift", detector) == ["https://social.example/@ana", "https://social.example/tags/swift"])
    }

    @Test func hashtagsAndMentionsInsideURLsAreNotLinksOfTheirOwn() {
        let links = LinkDetector().links(in: "https://example.com/@ana/#top")
        #expect(links.map(\.kind) == [.url])
    }

    @Test func cashtagsOnlyWhenAsked() {
        #expect(linkTexts("buy $AAPL") == [])
        #expect(linkTexts("buy $AAPL", LinkDetector(kinds: .all)) == ["$AAPL"])
    }
}

@Suite("Custom patterns")
struct CustomPatternTests {
    @Test func matchesMapToTargets() throws {
        let tickets = try CustomLinkPattern(name: "ticket", pattern: #"\bLK-[0-9]+\b"#) {
            URL(string: "https://tracker.example.com/\($0)")
        }
        let links = LinkDetector(customPatterns: [tickets]).links(in: "Fixed in LK-42 and LK-7.")
        #expect(links.map(\.kind) == [.custom("ticket"), .custom("ticket")])
        #expect(links.map(\.range) == [9..<14, 19..<23])
        #expect(
            links.map { $0.target?.absoluteString }
                == ["https://tracker.example.com/LK-42", "https://tracker.example.com/LK-7"])
    }

    @Test func rangesAfterAstralCharactersAreUTF16() throws {
        let pattern = try CustomLinkPattern(name: "issue", pattern: "#[0-9]+") {
            URL(string: "https://x.example/\($0.dropFirst())")
        }
        let links = LinkDetector(kinds: [], customPatterns: [pattern]).links(in: "𠀡 #12")
        #expect(links.map(\.range) == [3..<6])
        #expect(links.map(\.text) == ["#12"])
    }

    @Test func anInvalidPatternThrows() {
        #expect(throws: CustomLinkPatternError.self) {
            try CustomLinkPattern(name: "broken", pattern: "(") { _ in nil }
        }
    }
}
