import Foundation
import Testing

/// `hit` and `interact` print a link's `"safe"` and `"warnings"` as `labelkit links` prints them — for detected links
/// and for the links the app wrote itself (markup, a run's `"link"`, the truncation token), with or without
/// `--detect`.
@Suite("link safety in hit and interact")
struct LinkSafetyOutputTests {
    static let unsafeMarkup = "[press me](javascript:alert(1)) or not"
    static let unsafeSafety = #""safe":false,"warnings":["disallowedScheme"]}"#

    /// The `"link"` objects of every JSON line of `output` that has one.
    static func linkObjects(_ lines: [[String: Any]]) -> [[String: Any]] {
        lines.compactMap { $0["link"] as? [String: Any] }
    }

    @Test("hit on a markup javascript: link prints \"safe\":false and disallowedScheme, with or without --detect")
    func markupLinkInHit() throws {
        for detect in [[], ["--detect", "url"]] {
            let result = try labelkit(["hit", "--markup"] + detect + ["--x", "10", "--y", "8", Self.unsafeMarkup])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stdout.contains(#","length":8,"target":"javascript:alert(1","# + Self.unsafeSafety),
                "\(result.stdout)")
        }
        let safe = try labelkit(["hit", "--markup", "--x", "10", "--y", "8", "[press me](https://example.com) ok"])
        #expect(safe.stdout.contains(#""target":"https://example.com","safe":true,"warnings":[]}"#), "\(safe.stdout)")
    }

    @Test("hit --runs, --points and --batch check a run's \"link\"")
    func runLinks() throws {
        let runs =
            #"[{"text":"open","link":"javascript:alert(1)"},{"text":" and "},"#
            + #"{"text":"bank","link":"https://bank.example@evil.example/"}]"#
        let single = try labelkit(["hit", "--runs", "--x", "10", "--y", "8", runs])
        let link = try #require(single.jsonLines.first?["link"] as? [String: Any])
        #expect(link["safe"] as? Bool == false)
        #expect(link["warnings"] as? [String] == ["disallowedScheme"])

        let bankX = try #require(
            (try labelkit(["rects", "--runs", "--range", "9,4", runs]).jsonLines.first?["rects"] as? [[Double]])?
                .first?.first)
        let points = try labelkit(["hit", "--runs", "--points", "10,8 \(bankX + 5),8", runs])
        let hits = try #require(points.jsonLines.first?["hits"] as? [[String: Any]])
        #expect(
            hits.compactMap { ($0["link"] as? [String: Any])?["warnings"] as? [String] } == [
                ["disallowedScheme"], ["userInfo"],
            ])

        let record = #"{"runs":\#(runs),"points":[[10,8],[\#(bankX + 5),8]]}"# + "\n"
        let batch = try labelkit(["hit", "--batch", "-"], stdin: record)
        #expect(batch.stdout == points.stdout, "a record's runs are checked as TEXT's are")
    }

    @Test("hit --detect prints the warnings in the order 'labelkit links' prints them")
    func sameAsLinks() throws {
        let text = "https://user@\u{430}pple.com/x"   // a Cyrillic а, and user info
        let listed = try #require(
            (try labelkit(["links", "--kinds", "url", text]).jsonLines.first?["links"] as? [[String: Any]])?.first)
        let hit = try #require(
            try labelkit(["hit", "--detect", "url", "--x", "10", "--y", "8", text]).jsonLines.first?["link"]
                as? [String: Any])
        #expect(listed["warnings"] as? [String] == ["mixedScriptHost", "userInfo"])
        #expect(hit["warnings"] as? [String] == listed["warnings"] as? [String])
        #expect(hit["safe"] as? Bool == false && listed["safe"] as? Bool == false)
    }

    @Test("a link in the truncation token is checked too")
    func tokenLink() throws {
        let seed = "決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします"
        let result = try labelkit([
            "hit", "--markup", "--width", "300", "--lines", "1", "--token", "…[more](javascript:alert(1))",
            "--x", "290", "--y", "10", seed,
        ])
        #expect(result.stdout.contains(Self.unsafeSafety + #","token":true"#), "\(result.stdout)")
    }

    @Test("interact: pressed, tap, longPress and focus carry the link's safety, for markup and detected links")
    func interactEvents() throws {
        let script = "down 10,8 0; up 10,8 0.1; down 10,8 1; wait 1.6; up 10,8 1.7; key Tab 2"
        let markup = try labelkit(["interact", "--markup", "--events", script, Self.unsafeMarkup])
        #expect(markup.status == 0, "\(markup.stderr)")
        let events = markup.jsonLines.filter { $0["link"] is [String: Any] }.compactMap { $0["event"] as? String }
        #expect(events == ["pressed", "tap", "pressed", "longPress", "focus"])
        for link in Self.linkObjects(markup.jsonLines) {
            #expect(link["safe"] as? Bool == false)
            #expect(link["warnings"] as? [String] == ["disallowedScheme"])
        }

        let detected = try labelkit([
            "interact", "--detect", "url", "--events", "down 10,8 0; up 10,8 0.1", "\u{430}pple.com/login",
        ])
        #expect(detected.jsonLines.last?["event"] as? String == "tap")
        let tapped = try #require(detected.jsonLines.last?["link"] as? [String: Any])
        #expect(tapped["safe"] as? Bool == false)
        #expect(tapped["warnings"] as? [String] == ["mixedScriptHost"])
    }

    @Test("interact --checkbox: a tap on an unsafe link in the title reports it")
    func checkboxTitle() throws {
        let title = "[利用規約](javascript:alert(1))に同意する"
        let rects = try labelkit(["rects", "--markup", "--checkbox", "--range", "0,4", title])
        let link = try #require((rects.jsonLines.first?["rects"] as? [[Double]])?.first)
        let centre = "\(link[0] + link[2] / 2),\(link[1] + link[3] / 2)"
        let output = try labelkit([
            "interact", "--markup", "--checkbox", "--events", "down \(centre) 0; up \(centre) 0.1", title,
        ])
        let tap = try #require(output.jsonLines.first { $0["event"] as? String == "tap" })
        #expect((tap["link"] as? [String: Any])?["warnings"] as? [String] == ["disallowedScheme"])
    }
}
