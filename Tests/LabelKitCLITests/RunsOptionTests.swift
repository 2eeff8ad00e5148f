import Foundation
import Testing

/// `--runs`: TEXT (or a batch record's "runs") as a JSON array of styled runs.
@Suite("labelkit --runs")
struct RunsOptionTests {
    static func measure(_ arguments: [String]) throws -> [String: Any] {
        let result = try labelkit(["measure"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(result.jsonLines.first)
    }

    @Test("plain runs measure exactly as the same text does")
    func plainRunsAreTheText() throws {
        let runs = try Self.measure(["--width", "120", "--runs", ##"[{"text":"Hello "},{"text":"wrapping world"}]"##])
        let text = try Self.measure(["--width", "120", "Hello wrapping world"])
        #expect(runs["width"] as? Double == text["width"] as? Double)
        #expect(runs["height"] as? Double == text["height"] as? Double)
        #expect(runs["lines"] as? Double == text["lines"] as? Double)
    }

    @Test("a run's own size makes its line taller")
    func runSizes() throws {
        let small = try Self.measure(["--runs", ##"[{"text":"aB"}]"##])
        let large = try Self.measure(["--runs", ##"[{"text":"a"},{"text":"B","size":40}]"##])
        #expect((large["height"] as? Double ?? 0) > (small["height"] as? Double ?? 0) + 20)
    }

    @Test("lines ending in a space of a larger run count it: the issue's runs measure Pango's 104.8 px, rounded up")
    func hangingSpacesOfLargerRuns() throws {
        // Issue 26: lines 3 and 5 end in a space of the next run; Pango 1.50 measures 104.8 px, LabelKit measured 98.
        let runs =
            ##"[{"text":"Sản lời, bùi tải độ cảm\ncấp ngữ thêm hỏi","size":12,"weight":700},{"text":" trực gói số"},"##
            + ##"{"text":" ngày viết gió học dự"},{"text":" dư hàng","size":18}]"##
        let result = try Self.measure(["--width", "122", "--runs", runs])
        #expect(result["height"] as? Double == 105)
        #expect(result["lines"] as? Double == 6)
    }

    @Test("an attachment is a box of its width in the line, and its run's text is ignored")
    func attachmentWidth() throws {
        let plain = try Self.measure(["--runs", ##"[{"text":"ab"}]"##])
        let boxed = try Self.measure([
            "--runs", ##"[{"text":"a"},{"text":"ignored","attachment":{"width":50,"height":10}},{"text":"b"}]"##,
        ])
        let grown = (boxed["width"] as? Double ?? 0) - (plain["width"] as? Double ?? 0)
        #expect(grown >= 49 && grown <= 51, "grew by \(grown)")
    }

    static let badgeRuns =
        ##"[{"text":"Ana "},{"attachment":{"width":20,"height":20,"align":"center","alt":"verified"},"link":"https://example.com/ana"},{"text":" here"}]"##

    @Test("hit reports the attachment under a point, and its link; text beside it hits no attachment")
    func hitAttachment() throws {
        let rects = try labelkit(["rects", "--range", "4,1", "--runs", Self.badgeRuns])
        let box = try #require((rects.jsonLines.first?["rects"] as? [[Double]])?.first)
        #expect(box[2] == 20, "the attachment's cluster is its width")
        let centre = try labelkit([
            "hit", "--x", "\(box[0] + box[2] / 2)", "--y", "\(box[1] + box[3] / 2)", "--runs", Self.badgeRuns,
        ])
        #expect(
            centre.stdout
                == ##"{"index":4,"length":1,"link":{"start":4,"length":1,"target":"https://example.com/ana","safe":true,"warnings":[]},"token":false,"attachment":{"index":4,"alt":"verified"}}"##
                + "\n")
        let beside = try labelkit([
            "hit", "--x", "\(box[0] + box[2] + 6)", "--y", "\(box[1] + box[3] / 2)", "--runs", Self.badgeRuns,
        ])
        let hit = try #require(beside.jsonLines.first)
        #expect(hit["index"] as? Double == 6, "the space after the badge is index 5, then 'h'")
        #expect(hit["attachment"] is NSNull)
    }

    @Test("every documented key is accepted together")
    func everyKey() throws {
        let run = ##"""
            [{"text":"All","font":"DejaVu Sans","size":18,"weight":700,"italic":true,"color":"#112233",
            "background":"#FFEEDD80","underline":"dotted","strikethrough":"dashed","underlineColor":"#ff0000",
            "strikethroughColor":"#0000ff","baselineOffset":2,"tracking":1.5,"features":"tnum,-liga",
            "shadow":{"x":1,"y":2,"blur":3,"color":"#00000080"},"stroke":{"width":-1,"color":"#000000"},
            "link":"https://example.com"},
            {"attachment":{"width":12,"height":12,"align":"baseline","offset":-2,"image":"badge.png","alt":"b"}},
            {"text":"x","weight":"bold"}]
            """##
        let result = try labelkit(["measure", "--runs", run])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(
        "a malformed run exits with 2 and names the offending key",
        arguments: [
            (##"[{"text":"x","color":"red"}]"##, "runs[0].color"),
            (##"[{"text":"x","background":"#12345"}]"##, "runs[0].background"),
            (##"[{"text":"x","underline":"wavy"}]"##, "runs[0].underline"),
            (##"[{"text":"x","strikethrough":true}]"##, "runs[0].strikethrough"),
            (##"[{"text":"x","size":0}]"##, "runs[0].size"),
            (##"[{"text":"x"},{"text":1}]"##, "runs[1].text"),
            (##"[{"text":"x","italic":"yes"}]"##, "runs[0].italic"),
            (##"[{"text":"x","weight":"heavy"}]"##, "runs[0].weight"),
            (##"[{"text":"x","baselineOffset":"up"}]"##, "runs[0].baselineOffset"),
            (##"[{"text":"x","tracking":[1]}]"##, "runs[0].tracking"),
            (##"[{"text":"x","features":"tnum,??"}]"##, "runs[0].features"),
            (##"[{"text":"x","shadow":{"blur":-2}}]"##, "runs[0].shadow.blur"),
            (##"[{"text":"x","shadow":{"colour":"#000000"}}]"##, "\"colour\""),
            (##"[{"text":"x","stroke":{"color":"#000000"}}]"##, "runs[0].stroke"),
            (##"[{"text":"x","link":"not a url"}]"##, "runs[0].link"),
            (##"[{"attachment":{"width":10}}]"##, "runs[0].attachment"),
            (##"[{"attachment":{"width":10,"height":10,"align":"middle"}}]"##, "runs[0].attachment.align"),
            (##"[{"attachment":{"width":10,"height":10,"align":"top","offset":2}}]"##, "runs[0].attachment.offset"),
            (##"[{"attachment":{"width":10,"height":-1}}]"##, "runs[0].attachment.height"),
            (##"[{"text":"x","colour":"#ffffff"}]"##, "unknown key \"colour\""),
            (##"[{"size":12}]"##, "runs[0]: a run needs \"text\""),
            (##"["x"]"##, "runs[0]: a run must be an object"),
            (##"{"text":"x"}"##, "JSON array"),
            (##"[{"text":"x"}"##, "JSON array"),
            (##"[{"text":"x"}], 2"##, "JSON array"),
        ])
    func malformedRun(runs: String, named: String) throws {
        let result = try labelkit(["measure", "--runs", runs])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(named), "\(result.stderr)")
    }

    @Test("a batch record's \"runs\" replaces \"text\"; a bad one is an error line in its place")
    func batchRuns() throws {
        let input = [
            ##"{"runs":[{"text":"Hello "},{"text":"world"}]}"##,
            ##"{"runs":[{"text":"x","color":"blue"}]}"##,
            ##"{"text":"Hello world"}"##,
            ##"{"text":"a","runs":[{"text":"b"}]}"##,
            ##"{"runs":"Hello"}"##,
        ].joined(separator: "\n")
        let result = try labelkit(["measure", "--batch", "-"], stdin: input)
        #expect(result.status == 2)
        let lines = result.jsonLines
        #expect(lines.count == 5)
        #expect(lines[0]["width"] as? Double == lines[2]["width"] as? Double)
        #expect((lines[1]["error"] as? String)?.hasPrefix("line 2: runs[0].color") == true, "\(lines[1])")
        #expect((lines[3]["error"] as? String)?.contains("either \"text\" or \"runs\"") == true)
        #expect((lines[4]["error"] as? String)?.contains("\"runs\" must be an array") == true)
    }

    @Test("hit in a batch reports attachments too")
    func batchHit() throws {
        let rects = try labelkit(["rects", "--range", "4,1", "--runs", Self.badgeRuns])
        let box = try #require((rects.jsonLines.first?["rects"] as? [[Double]])?.first)
        let input = ##"{"runs":\##(Self.badgeRuns),"points":[[\##(box[0] + 10),\##(box[1] + box[3] / 2)],[1,1]]}"##
        let result = try labelkit(["hit", "--batch", "-"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let hits = try #require(result.jsonLines.first?["hits"] as? [[String: Any]])
        #expect((hits[0]["attachment"] as? [String: Any])?["alt"] as? String == "verified")
        #expect(hits[1]["attachment"] is NSNull)
    }

    @Test("links counts an attachment as one UTF-16 unit")
    func linksOverRuns() throws {
        let result = try labelkit([
            "links", "--runs", ##"[{"attachment":{"width":10,"height":10}},{"text":" see example.com"}]"##,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let link = try #require((result.jsonLines.first?["links"] as? [[String: Any]])?.first)
        #expect(link["start"] as? Double == 6)
        #expect(link["text"] as? String == "example.com")
    }

    @Test("--runs and --markup do not go together")
    func runsAndMarkup() throws {
        let result = try labelkit(["measure", "--runs", "--markup", ##"[{"text":"x"}]"##])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--markup or --runs"))
    }
}
