import Foundation
import Testing

@Suite("labelkit links and --detect")
struct LinksCommandTests {
    @Test("links prints every detected link with kind, UTF-16 range, text, target and safety")
    func links() throws {
        let result = try labelkit(["links", "📣 mail ana@example.jp or see www.example.org, @ana #日本"])
        #expect(result.status == 0)
        let links = try #require(result.jsonLines.first?["links"] as? [[String: Any]])
        #expect(links.map { $0["kind"] as? String } == ["email", "url", "mention", "hashtag"])
        // "📣" is two UTF-16 code units, so "ana@…" starts at 8.
        #expect(links[0]["start"] as? Int == 8)
        #expect(links[0]["length"] as? Int == 14)
        #expect(links[0]["target"] as? String == "mailto:ana@example.jp")
        #expect(links[1]["target"] as? String == "https://www.example.org")
        #expect(links.allSatisfy { $0["safe"] as? Bool == true })
    }

    @Test("--kinds limits the kinds; an unknown kind is a usage error")
    func kinds() throws {
        let result = try labelkit(["links", "--kinds", "mention", "see www.example.org @ana"])
        let links = try #require(result.jsonLines.first?["links"] as? [[String: Any]])
        #expect(links.map { $0["kind"] as? String } == ["mention"])
        let bad = try labelkit(["links", "--kinds", "url,nonsense", "x"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("nonsense"))
    }

    @Test("--batch prints one result per line and names a malformed line")
    func batch() throws {
        let result = try labelkit(["links", "--batch", "-"], stdin: "{\"text\":\"@a\"}\n[1]\n{\"text\":\"x\"}\n")
        #expect(result.status == 2)
        #expect(result.jsonLines.count == 3)
        #expect(result.stderr.contains("line 2"))
    }

    @Test("--detect lays out, hits and measures detected links like explicit ones")
    func detect() throws {
        let text = "Read https://example.com/terms now"
        let rects = try labelkit(["rects", "--range", "5,25", text])
        let rect = try #require((rects.jsonLines.first?["rects"] as? [[Double]])?.first)
        let point = ["--x", "\(rect[0] + 10)", "--y", "\(rect[1] + rect[3] / 2)"]
        let plain = try labelkit(["hit"] + point + [text])
        #expect((plain.jsonLines.first?["link"]) is NSNull)
        let detected = try labelkit(["hit", "--detect", "url"] + point + [text])
        let link = try #require(detected.jsonLines.first?["link"] as? [String: Any])
        #expect(link["start"] as? Int == 5)
        #expect(link["length"] as? Int == 25)
        #expect(link["target"] as? String == "https://example.com/terms")
        let measured = try labelkit(["measure", "--detect", "url,mention", text])
        #expect(measured.status == 0)
    }
}
