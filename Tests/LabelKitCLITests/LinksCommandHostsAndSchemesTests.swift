import Foundation
import Testing

/// `labelkit links` on the classes of text issue 14 added: any host after a scheme, bare IPv4 addresses,
/// international domains and paths, more schemes, and links found but flagged.
@Suite("labelkit links: hosts, international text, schemes and flagged links")
struct LinksCommandHostsAndSchemesTests {
    private func links(_ text: String) throws -> [[String: Any]] {
        let result = try labelkit(["links", text])
        #expect(result.status == 0)
        return try #require(result.jsonLines.first?["links"] as? [[String: Any]])
    }

    @Test("any host after a scheme, and a bare IPv4 address with http://")
    func hosts() throws {
        let found = try links("dev http://localhost:8080/path, wiki http://wiki, dns 8.8.4.4.")
        #expect(found.map { $0["text"] as? String } == ["http://localhost:8080/path", "http://wiki", "8.8.4.4"])
        #expect(
            found.map { $0["target"] as? String } == ["http://localhost:8080/path", "http://wiki", "http://8.8.4.4"])
    }

    @Test("international domains and paths: the text as written, the target in punycode and percent-encoded")
    func internationalText() throws {
        let found = try links("規約は https://例え.jp/規約 と пример.рф")
        #expect(found.map { $0["text"] as? String } == ["https://例え.jp/規約", "пример.рф"])
        #expect(
            found.map { $0["target"] as? String } == [
                "https://xn--r8jz45g.jp/%E8%A6%8F%E7%B4%84", "https://xn--e1afmkfd.xn--p1ai",
            ])
        // "規約は " is four UTF-16 units; "https://" 8, "例え" 2, ".jp/" 4, "規約" 2.
        #expect(found.first?["start"] as? Int == 4)
        #expect(found.first?["length"] as? Int == 16)
    }

    @Test("mailto: with a one-label domain, sms:, and a registered-nowhere javascript: link without a target")
    func schemes() throws {
        let found = try links("mailto:ops@intranet sms:+15551234567 javascript:alert(1)")
        #expect(found.map { $0["kind"] as? String } == ["email", "phone", "url"])
        #expect(found.map { $0["target"] as? String } == ["mailto:ops@intranet", "sms:+15551234567", nil])
        #expect(found.map { $0["safe"] as? Bool } == [true, true, false])
        #expect(found.last?["warnings"] as? [String] == ["disallowedScheme"])
    }

    @Test("a host after user info is found but flagged; a port above 65535 is no link")
    func flagged() throws {
        let found = try links("https://bank.example@evil.example/ and example.com:99999")
        #expect(found.map { $0["text"] as? String } == ["https://bank.example@evil.example/"])
        #expect(found.first?["safe"] as? Bool == false)
        #expect(found.first?["warnings"] as? [String] == ["userInfo"])
    }
}
