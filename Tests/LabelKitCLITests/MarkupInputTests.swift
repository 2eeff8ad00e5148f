import Foundation
import Testing

/// `--html` and `--pango-markup`, and batch records' `"html"` and `"pangoMarkup"` (issue 43): which of the kinds of
/// TEXT may go together, how markup errors and warnings are reported, and what `links` lists for markup.
///
/// The suites `MarkupInputTests.Reading` and `MarkupInputTests.Links` need the HTML and Pango readers
/// (`LabelMarkup.html`, `LabelMarkup.pango`): they check the CLI against the issue's documented behaviour.
@Suite("labelkit --html and --pango-markup")
struct MarkupInputTests {
    @Test(
        "--markup, --html, --pango-markup and --runs exclude one another: exit 2 naming the flags",
        arguments: [
            (["--markup", "--html"], "give either --markup or --html, not both"),
            (["--html", "--pango-markup"], "give either --html or --pango-markup, not both"),
            (["--pango-markup", "--markup"], "give either --markup or --pango-markup, not both"),
            (["--html", "--runs"], "give either --html or --runs, not both"),
            (["--runs", "--pango-markup"], "give either --pango-markup or --runs, not both"),
            (["--markup", "--runs"], "give either --markup or --runs, not both"),
            (["--markup", "--html", "--pango-markup"], "give only one of --markup, --html and --pango-markup"),
            (
                ["--runs", "--html", "--markup", "--pango-markup"],
                "give only one of --markup, --html, --pango-markup and --runs"
            ),
        ])
    func exclusiveFlags(flags: [String], message: String) throws {
        for command in [["measure"], ["rects", "--range", "0,1"], ["hit", "--x", "1", "--y", "1"]] {
            let result = try labelkit(command + flags + ["x"])
            #expect(result.status == 2)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("labelkit: error: " + message), "\(command[0]): \(result.stderr)")
        }
        let batch = try labelkit(["measure", "--batch", "-"] + flags, stdin: #"{"text":"x"}"#)
        #expect(batch.status == 2)
        #expect(batch.stderr.contains(message), "the flags are checked before any record is read")
    }

    @Test("links takes --html or --pango-markup or --runs, one of them")
    func linksExclusiveFlags() throws {
        let both = try labelkit(["links", "--html", "--pango-markup", "x"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("give either --html or --pango-markup, not both"))
        let runs = try labelkit(["links", "--runs", "--html", "x"])
        #expect(runs.status == 2)
        #expect(runs.stderr.contains("give either --html or --runs, not both"))
        let help = try labelkit(["links", "--help"])
        #expect(help.stdout.contains("--html") && help.stdout.contains("--pango-markup"))
    }

    @Test("a batch record holds one of \"text\", \"runs\", \"html\" and \"pangoMarkup\"")
    func exclusiveRecordKeys() throws {
        let input = [
            #"{"text":"a","html":"<b>a</b>"}"#, #"{"html":"a","pangoMarkup":"a"}"#,
            #"{"runs":[{"text":"a"}],"pangoMarkup":"a"}"#,
            #"{"text":"a","runs":[{"text":"a"}],"html":"a"}"#, #"{"html":5}"#, #"{"pangoMarkup":null}"#,
            #"{"width":10}"#,
            #"{"text":"fine"}"#,
        ].joined(separator: "\n")
        let result = try labelkit(["measure", "--batch", "-"], stdin: input)
        #expect(result.status == 2)
        let lines = result.jsonLines
        try #require(lines.count == 8)
        let errors = lines.map { $0["error"] as? String }
        #expect(errors[0] == #"line 1: give either "text" or "html", not both"#)
        #expect(errors[1] == #"line 2: give either "html" or "pangoMarkup", not both"#)
        #expect(errors[2] == #"line 3: give either "runs" or "pangoMarkup", not both"#)
        #expect(errors[3] == #"line 4: give only one of "text", "runs" and "html""#)
        #expect(errors[4] == #"line 5: "html" must be a string"#)
        #expect(errors[5] == #"line 6: "pangoMarkup" must be a string"#)
        #expect(errors[6] == #"line 7: missing "text" string"#)
        #expect(errors[7] == nil)
        #expect(lines[7]["width"] is Double)
        let help = try labelkit(["measure", "--help"])
        #expect(help.stdout.contains(#""html" or "pangoMarkup""#))
    }

    @Test("markup that cannot be read exits with 2, naming the flag and a line and column")
    func markupErrors() throws {
        let html = try labelkit(["measure", "--html", #"<b class="x>bold"#])
        #expect(html.status == 2)
        #expect(html.stdout.isEmpty)
        #expect(html.stderr.contains("labelkit: error: --html: line 1, column "), "\(html.stderr)")
        let pango = try labelkit(["render", "--out", "/dev/null.png", "--pango-markup", "<b>bold</i>"])
        #expect(pango.status == 2)
        #expect(pango.stderr.contains("labelkit: error: --pango-markup: line 1, column "), "\(pango.stderr)")
        let links = try labelkit(["links", "--pango-markup", "<b>bold</i>"])
        #expect(links.status == 2)
        #expect(links.stderr.contains("labelkit: error: --pango-markup: line 1, column "), "\(links.stderr)")
    }

    @Test("in a batch, unreadable markup is the record's error line, naming the record's line and key")
    func batchMarkupErrors() throws {
        let input = #"{"text":"fine"}"# + "\n" + #"{"html":"<b class=\"x>"}"# + "\n" + #"{"pangoMarkup":"<b>x</i>"}"#
        let result = try labelkit(["measure", "--batch", "-"], stdin: input)
        #expect(result.status == 2)
        let lines = result.jsonLines
        try #require(lines.count == 3)
        #expect(lines[0]["width"] is Double)
        #expect((lines[1]["error"] as? String)?.hasPrefix(#"line 2: "html": line 1, column "#) == true)
        #expect((lines[2]["error"] as? String)?.hasPrefix(#"line 3: "pangoMarkup": line 1, column "#) == true)
        #expect(result.stderr.contains(#"labelkit: error: line 2: "html": line 1, column "#))
        // With --html, a record's "text" is HTML, and its errors name "text".
        let asHTML = try labelkit(["links", "--html", "--batch", "-"], stdin: #"{"text":"<a href=\"x"}"#)
        #expect(asHTML.status == 2)
        #expect((asHTML.jsonLines.first?["error"] as? String)?.hasPrefix(#"line 1: "text": line 1, column "#) == true)
    }

    /// What needs the readers: the text and links they read, and their warnings.
    @Suite("labelkit markup reading (needs the HTML and Pango readers)")
    struct Reading {
        static func measure(_ arguments: [String]) throws -> String {
            let result = try labelkit(["measure", "--width", "200"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }

        @Test("markup without tags measures as the plain text; tags are not text")
        func plainMarkup() throws {
            let plain = try Self.measure(["Hello, world"])
            #expect(try Self.measure(["--html", "Hello, world"]) == plain)
            #expect(try Self.measure(["--pango-markup", "Hello, world"]) == plain)
            #expect(try Self.measure(["--html", "Hello, <u>world</u>"]) == plain)
            #expect(try Self.measure(["--pango-markup", "Hello, <u>world</u>"]) == plain)
            #expect(try Self.measure(["--html", "Hello, &amp; world"]) == (try Self.measure(["Hello, & world"])))
        }

        @Test("a batch record's \"html\" and \"pangoMarkup\", and \"text\" under --html, read as the flags do")
        func batchRecords() throws {
            let flags = try Self.measure(["--html", "<b>Hello</b>, world"])
            let input = [
                #"{"html":"<b>Hello</b>, world","width":200}"#, #"{"pangoMarkup":"<b>Hello</b>, world","width":200}"#,
            ].joined(separator: "\n")
            let batch = try labelkit(["measure", "--batch", "-"], stdin: input)
            #expect(batch.status == 0, "\(batch.stderr)")
            #expect(batch.stdout == flags + flags)
            let text = try labelkit(
                ["measure", "--html", "--batch", "-"], stdin: #"{"text":"<b>Hello</b>, world","width":200}"#)
            #expect(text.stdout == flags)
            // A record's "html" is HTML whatever the command line says TEXT is.
            let overriding = try labelkit(
                ["measure", "--pango-markup", "--batch", "-"], stdin: #"{"html":"<b>Hello</b>, world","width":200}"#)
            #expect(overriding.stdout == flags)
        }

        @Test("the reader's warnings go to standard error, one a line, and the text is laid out")
        func warnings() throws {
            let result = try labelkit([
                "measure", "--width", "200", "--html", "<blink>Hi</blink> <marquee>there</marquee>",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == (try Self.measure(["Hi there"])), "an unknown tag's text is kept")
            let warnings = result.stderr.split(separator: "\n")
            #expect(warnings.count == 2)
            #expect(warnings.allSatisfy { $0.hasPrefix("labelkit: warning: line 1, column ") })
            #expect(warnings.first?.contains("blink") == true)
            #expect(warnings.last?.contains("marquee") == true)
            let batch = try labelkit(["measure", "--batch", "-"], stdin: #"{"html":"<blink>Hi</blink>"}"#)
            #expect(batch.status == 0)
            #expect(batch.stderr.hasPrefix(#"labelkit: warning: line 1: "html": line 1, column "#))
        }

        @Test("list items start from the command's paragraph: --line-height 30px makes each item 30 tall")
        func listItemsKeepTheCommandsParagraph() throws {
            let result = try labelkit(
                ["measure", "--width", "300", "--line-height", "30px", "--html", "<ul><li>One</li><li>Two</li></ul>"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.jsonLines.first?["height"] as? Double == 60)
            #expect(result.jsonLines.first?["lines"] as? Double == 2)
        }
    }

    /// `links --html` and `links --pango-markup`.
    @Suite("labelkit links of markup (needs the HTML and Pango readers)")
    struct Links {
        static func links(_ arguments: [String]) throws -> [[String: Any]] {
            let result = try labelkit(["links"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(result.jsonLines.first?["links"] as? [[String: Any]])
        }

        @Test(
            "an <a href> is one explicit link at its UTF-16 offsets in the text read",
            arguments: [["--html"], ["--pango-markup"]])
        func explicitLink(flag: [String]) throws {
            let links = try Self.links(flag + [#"<a href="https://a.example">x</a> y"#])
            try #require(links.count == 1)
            #expect(links[0]["kind"] as? String == "explicit")
            #expect(links[0]["start"] as? Int == 0)
            #expect(links[0]["length"] as? Int == 1)
            #expect(links[0]["text"] as? String == "x")
            #expect(links[0]["target"] as? String == "https://a.example")
            #expect(links[0]["safe"] as? Bool == true)
            #expect((links[0]["warnings"] as? [String]) == [])
        }

        @Test("detected links sit beside the markup's, offsets counted in the text without its tags")
        func detectedBesideExplicit() throws {
            let links = try Self.links([
                "--html", #"<b>Mail</b> ana@example.com or <a href="https://a.example">h&eacute;re</a>"#,
            ])
            #expect(links.map { $0["kind"] as? String } == ["email", "explicit"])
            // "Mail ana@example.com or hére": the address is at 5..<20, "hére" at 24..<28.
            #expect(links.map { $0["start"] as? Int } == [5, 24])
            #expect(links.map { $0["length"] as? Int } == [15, 4])
            #expect(links[1]["text"] as? String == "hére")
        }

        @Test("an explicit link with a disallowed scheme is listed unsafe, with its warning")
        func unsafeExplicitLink() throws {
            let links = try Self.links(["--html", #"<a href="javascript:alert(1)">go</a>"#])
            try #require(links.count == 1)
            #expect(links[0]["kind"] as? String == "explicit")
            #expect(links[0]["safe"] as? Bool == false)
            #expect((links[0]["warnings"] as? [String]) == ["disallowedScheme"])
        }

        @Test("a batch lists each record's links; \"text\" is markup under --pango-markup")
        func batch() throws {
            let input = #"{"html":"<a href=\"https://a.example\">x</a>"}"# + "\n" + #"{"text":"see example.com"}"#
            let result = try labelkit(["links", "--batch", "-"], stdin: input)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.jsonLines.compactMap { $0["links"] as? [[String: Any]] }
            #expect(lines.map { $0.map { $0["kind"] as? String } } == [["explicit"], ["url"]])
            let pango = try labelkit(
                ["links", "--pango-markup", "--batch", "-"], stdin: #"{"text":"<a href=\"https://a.example\">x</a>"}"#)
            #expect((pango.jsonLines.first?["links"] as? [[String: Any]])?.first?["kind"] as? String == "explicit")
        }
    }
}
