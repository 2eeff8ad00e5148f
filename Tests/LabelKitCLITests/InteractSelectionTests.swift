import Foundation
import Testing

/// `labelkit interact --selectable` and the `key NAME T` step, replayed through the built binary.
@Suite("labelkit interact: selection and keyboard focus")
struct InteractSelectionTests {
    static let seed = "決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします"
    static let english =
        "Read the terms of use. Then [sign here](https://example.com/sign) or [ask us](https://example.com/ask)."
    static let options = ["--markup", "--width", "400"]

    /// The first rect `labelkit rects` gives the UTF-16 range `start,length`.
    static func rect(_ range: String, _ text: String) throws -> [Double] {
        let output = try labelkit(["rects"] + options + ["--range", range, text])
        let rects = try #require(output.jsonLines.first?["rects"] as? [[Double]])
        return try #require(rects.first)
    }

    /// A point `fraction` of the way across the first rect of `range`, on its middle line.
    static func point(_ range: String, _ text: String, at fraction: Double) throws -> String {
        let rect = try rect(range, text)
        return "\(rect[0] + rect[2] * fraction),\(rect[1] + rect[3] / 2)"
    }

    static func interact(_ text: String, _ script: String, _ extra: [String] = ["--selectable"]) throws -> [[String:
        Any]]
    {
        let output = try labelkit(["interact"] + options + extra + ["--events", script, text])
        #expect(output.status == 0, "\(output.stderr)")
        return output.jsonLines
    }

    static func events(_ lines: [[String: Any]], _ name: String) -> [[String: Any]] {
        lines.filter { $0["event"] as? String == name }
    }

    @Test("a drag from before 利 to after 約 selects 利用規約 — the press began on the link, and nothing is tapped")
    func dragSelects() throws {
        let before = try Self.point("9,1", Self.seed, at: 0.25)
        let after = try Self.point("12,1", Self.seed, at: 0.75)
        let lines = try Self.interact(Self.seed, "down \(before) 0; move \(after) 0.1; up \(after) 0.2")
        let selection = try #require(Self.events(lines, "selection").last)
        #expect(selection["start"] as? Int == 9)
        #expect(selection["length"] as? Int == 4)
        #expect(selection["text"] as? String == "利用規約")
        let rects = try #require(selection["rects"] as? [[Double]])
        let link = try Self.rect("9,4", Self.seed)
        #expect(rects.count == 1 && rects[0][0] == link[0] && rects[0][2] == link[2])
        #expect(Self.events(lines, "tap").isEmpty)
    }

    @Test("without --selectable the same drag selects nothing and taps nothing")
    func notSelectable() throws {
        let before = try Self.point("9,1", Self.seed, at: 0.25)
        let after = try Self.point("12,1", Self.seed, at: 0.75)
        let lines = try Self.interact(Self.seed, "down \(before) 0; move \(after) 0.1; up \(after) 0.2", [])
        #expect(lines.map { $0["event"] as? String } == ["pressed", "pressed"])
    }

    @Test("a double click on `terms` selects `terms`; shift+Right gives `terms `; ctrl+c copies it; Escape clears")
    func doubleClickShiftRightCopy() throws {
        let terms = try Self.point("9,5", Self.english, at: 0.5)
        let lines = try Self.interact(
            Self.english,
            "down \(terms) 0; up \(terms) 0.05; down \(terms) 0.15; up \(terms) 0.2; key shift+Right 1; key ctrl+c 2;"
                + " key Escape 3")
        #expect(Self.events(lines, "selection").map { $0["text"] as? String } == ["terms", "terms ", ""])
        #expect(Self.events(lines, "selection").last?["length"] as? Int == 0)
        #expect(Self.events(lines, "copied").map { $0["text"] as? String } == ["terms "])
    }

    @Test("two clicks slower than --click-interval are not a double click")
    func clickInterval() throws {
        let terms = try Self.point("9,5", Self.english, at: 0.5)
        let script = "down \(terms) 0; up \(terms) 0.05; down \(terms) 0.3; up \(terms) 0.35"
        #expect(Self.events(try Self.interact(Self.english, script), "selection").count == 1)
        let slow = try Self.interact(Self.english, script, ["--selectable", "--click-interval", "0.2"])
        #expect(Self.events(slow, "selection").isEmpty)
    }

    @Test("word and line keys: ctrl+shift+Right, shift+End, shift+Home, ctrl+a; shift+down extends")
    func wordAndLineKeys() throws {
        let terms = try Self.point("9,5", Self.english, at: 0.5)
        let lines = try Self.interact(
            Self.english,
            "down \(terms) 0; up \(terms) 0.05; down \(terms) 0.15; up \(terms) 0.2; key ctrl+shift+Right 1;"
                + " key shift+End 2; key shift+Home 3; key ctrl+a 4")
        let texts = Self.events(lines, "selection").compactMap { $0["text"] as? String }
        #expect(
            texts == ["terms", "terms of", "terms of use. Then sign here or ask us.", "Read the ", Self.plainEnglish])
        let use = try Self.point("18,3", Self.english, at: 0.9)
        let extended = try Self.interact(
            Self.english,
            "down \(terms) 0; up \(terms) 0.05; down \(terms) 0.15; up \(terms) 0.2; shift+down \(use) 1; up \(use) 1.1"
        )
        #expect(Self.events(extended, "selection").last?["text"] as? String == "terms of use")
    }

    static let plainEnglish = "Read the terms of use. Then sign here or ask us."

    @Test("Tab focuses the links in order, Return taps the focused one as a click does, Tab past the last leaves")
    func tabAndReturn() throws {
        let sign = try Self.point("28,9", Self.english, at: 0.5)
        let lines = try Self.interact(
            Self.english,
            "key Tab 0; key Tab 1; key Return 2; key Tab 3; key shift+Tab 4; down \(sign) 5; up \(sign) 5.1",
            [])
        let focus = Self.events(lines, "focus").map { ($0["link"] as? [String: Any])?["target"] as? String }
        #expect(
            focus == ["https://example.com/sign", "https://example.com/ask", nil, "https://example.com/ask"])
        #expect(Self.events(lines, "focusLeaves").map { $0["direction"] as? String } == ["forward"])
        let taps = Self.events(lines, "tap").map { $0["link"] as? [String: Any] }
        #expect(taps.count == 2)
        #expect(taps.first??["target"] as? String == "https://example.com/ask")
        #expect(taps.last??["target"] as? String == "https://example.com/sign")
    }

    @Test("Menu and shift+F10 open the menu at the focused link's first rect")
    func menuKeys() throws {
        let link = try Self.rect("9,4", Self.seed)
        for key in ["Menu", "shift+F10"] {
            let lines = try Self.interact(Self.seed, "key Tab 0; key \(key) 1")
            let menu = try #require(Self.events(lines, "copyMenu").first)
            #expect(menu["items"] as? [String] == ["copy", "selectAll", "copyLink", "openLink"])
            #expect(menu["rect"] as? [Double] == link)
        }
    }

    @Test("a checkbox: Tab focuses the box, space toggles it, Tab moves to the title's link, Return opens it")
    func checkboxKeys() throws {
        let lines = try Self.interact(
            "[利用規約](https://example.com/terms)に同意する",
            "key Tab 0; key space 1; key Tab 2; key Return 3; key Tab 4", ["--checkbox"])
        #expect(
            lines.map { $0["event"] as? String } == [
                "focus", "toggle", "focus", "focus", "tap", "focus", "focusLeaves",
            ])
        #expect(lines[0]["checkbox"] as? Bool == true)
        #expect(lines[1]["checked"] as? Bool == true)
        #expect(lines[2]["checkbox"] as? Bool == false)
    }

    @Test("a key the script cannot name is a usage error")
    func badKey() throws {
        let output = try labelkit(["interact", "--events", "key hyper+Q 0", "text"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("unknown key 'hyper+Q'"))
        let missing = try labelkit(["interact", "--events", "key 0", "text"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("expected 'key NAME T'"))
    }
}
