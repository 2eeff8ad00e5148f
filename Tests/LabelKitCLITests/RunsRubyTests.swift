import Foundation
import LabelKit
import LabelKitJSON
import Testing

@testable import labelkit

/// A run's `"ruby"` in `--runs` and in a batch record's `"runs"` (issue 44): the forms it takes and every refused one.
@Suite("labelkit --runs: ruby")
struct RunsRubyTests {
    /// The annotation on the first run of `runs`, as `--runs` reads it.
    static func ruby(_ runs: String) throws -> RubyAnnotation? {
        try RunsJSON.parse(text: runs).runs.first?.labelKit.ruby
    }

    /// The message `--runs` refuses `runs` with.
    static func refusal(_ runs: String) -> String? {
        do {
            _ = try RunsJSON.parse(text: runs)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("a string is group ruby over the run's text, with the default position, alignment and size")
    func stringIsGroupRuby() throws {
        let text = try RunsJSON.parse(text: ##"[{"text":"漢字","ruby":"かんじ"},{"text":"を読む"}]"##)
        #expect(String(text.characters) == "漢字を読む")
        #expect(text[try #require(text.range(of: "漢字"))].labelKit.ruby == RubyAnnotation("かんじ"))
        #expect(text[try #require(text.range(of: "を読む"))].labelKit.ruby == nil)
    }

    @Test("an object gives the text, position, alignment and size factor")
    func objectForm() throws {
        let ruby = try Self.ruby(
            ##"[{"text":"漢字","ruby":{"text":"かんじ","position":"under","align":"start","size":0.4}}]"##)
        #expect(ruby == RubyAnnotation("かんじ", position: .under, alignment: .start, sizeFactor: 0.4))
        #expect(try Self.ruby(##"[{"text":"字","ruby":{"text":"じ"}}]"##) == RubyAnnotation("じ"))
        #expect(
            try Self.ruby(##"[{"text":"字","ruby":{"text":"じ","align":"space-around"}}]"##)?.alignment
                == .spaceAround)
    }

    @Test("parts make mono ruby, one part per base character")
    func partsAreMonoRuby() throws {
        let ruby = try #require(try Self.ruby(##"[{"text":"漢字","ruby":{"parts":["かん","じ"],"position":"over"}}]"##))
        #expect(ruby.parts == ["かん", "じ"])
        #expect(ruby.isMono)
    }

    @Test("ruby goes with the run's other keys: a link over the base")
    func withLink() throws {
        let text = try RunsJSON.parse(
            text: ##"[{"text":"利用規約","ruby":"りようきやく","link":"https://example.com/terms","weight":"bold"}]"##)
        let run = try #require(text.runs.first)
        #expect(run.link == URL(string: "https://example.com/terms"))
        #expect(run.labelKit.ruby == RubyAnnotation("りようきやく"))
        #expect(run.labelKit.fontWeight == 700)
    }

    @Test("empty text and more parts than characters are read as written: the layout reports them")
    func layoutProblemsPassThrough() throws {
        #expect(try Self.ruby(##"[{"text":"字","ruby":""}]"##)?.problem(baseCharacterCount: 1) == .emptyText)
        let parts = try Self.ruby(##"[{"text":"字","ruby":{"parts":["a","b"]}}]"##)
        #expect(parts?.problem(baseCharacterCount: 1) == .morePartsThanBaseCharacters(parts: 2, baseCharacters: 1))
    }

    @Test("wrong types, unknown keys and bad values are errors naming the path")
    func errorsNameThePath() {
        let cases: [(String, String)] = [
            (##"{"text":"a","ruby":3}"##, #"runs[2].ruby: must be a string or an object"#),
            (##"{"text":"a","ruby":{"text":"x","colour":"red"}}"##, #"runs[2].ruby: unknown key "colour""#),
            (
                ##"{"text":"a","ruby":{"text":"x","align":"middle"}}"##,
                #"runs[2].ruby.align: must be one of center|start|space-around, not "middle""#
            ),
            (##"{"text":"a","ruby":{"text":"x","align":"space_around"}}"##, #"did you mean "space-around"?"#),
            (
                ##"{"text":"a","ruby":{"text":"x","position":"above"}}"##,
                #"runs[2].ruby.position: must be one of over|under"#
            ),
            (##"{"text":"a","ruby":{"text":"x","size":0}}"##, #"runs[2].ruby.size: must be a number > 0"#),
            (##"{"text":"a","ruby":{"text":"x","size":"big"}}"##, #"runs[2].ruby.size: must be a number"#),
            (##"{"text":"a","ruby":{"text":1}}"##, #"runs[2].ruby.text: must be a string"#),
            (##"{"text":"a","ruby":{"parts":"かん"}}"##, #"runs[2].ruby.parts: must be an array of strings"#),
            (##"{"text":"a","ruby":{"parts":["かん",2]}}"##, #"runs[2].ruby.parts[1]: must be a string"#),
            (##"{"text":"a","ruby":{"text":"x","parts":["x"]}}"##, #"runs[2].ruby: give either "text" or "parts""#),
            (##"{"text":"a","ruby":{"position":"under"}}"##, #"runs[2].ruby: needs "text""#),
        ]
        for (run, message) in cases {
            let refused = Self.refusal(##"[{"text":"x"},{"text":"y"},"## + run + "]")
            #expect(refused?.contains(message) == true, "\(run): \(refused ?? "accepted")")
        }
    }

    @Test("a batch record's runs take ruby too, and its errors name the line and the path")
    func batchRecords() throws {
        func source(_ json: String) throws(UsageError) -> TextSource {
            let members: JSONMembers
            do {
                members = try JSONObjectReader(keys: BatchRecord.keys(for: MeasureCommand.acceptedOptions))
                    .read(Array(json.utf8))
            } catch {
                throw UsageError(message: "not JSON: \(json)")
            }
            return try TextSource(BatchRecord(members: members, line: 3), textLanguage: nil)
        }
        guard case .runs(let text) = try source(##"{"runs":[{"text":"漢字","ruby":{"parts":["かん","じ"]}}]}"##) else {
            Issue.record("a record's runs are not read as runs")
            return
        }
        #expect(text.runs.first?.labelKit.ruby == RubyAnnotation(parts: ["かん", "じ"]))
        #expect(throws: UsageError.self) { try source(##"{"runs":[{"text":"a","ruby":{"align":1,"text":"b"}}]}"##) }
        do {
            _ = try source(##"{"runs":[{"text":"a","ruby":{"align":1,"text":"b"}}]}"##)
        } catch {
            #expect(error.message == "line 3: runs[0].ruby.align: must be a string")
        }
    }

    @Test("--runs with a bad ruby exits with 2 and says where")
    func commandLineError() throws {
        let result = try labelkit(["measure", "--runs", ##"[{"text":"漢字","ruby":{"text":"かんじ","size":-1}}]"##])
        #expect(result.status == 2)
        #expect(result.stderr.contains("runs[0].ruby.size: must be a number > 0"), "\(result.stderr)")
        let accepted = try labelkit(["measure", "--runs", ##"[{"text":"漢字","ruby":"かんじ"}]"##])
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }
}
