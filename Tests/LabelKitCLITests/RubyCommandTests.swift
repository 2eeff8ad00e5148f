import Foundation
import Testing

/// Ruby through the commands (issue 44's CLI contract): `rects --range START,LENGTH --ruby`, `hit` on an annotation,
/// and bad annotations refused with exit 2.
@Suite("labelkit rects --ruby, hit and measure with ruby")
struct RubyCommandTests {
    static let markup = "決済をしたと同時に[{利用規約|りようきやく}](https://example.com/terms)に同意したとみなします"

    /// The `"rects"` of one JSON line.
    static func rects(_ result: LabelkitResult) throws -> [[Double]] {
        try #require(result.jsonLines.first?["rects"] as? [[Double]])
    }

    @Test("rects --ruby gives the annotation over a base the range touches, and none for a range without ruby")
    func rubyRects() throws {
        let annotation = try Self.rects(
            labelkit(["rects", "--markup", "--width", "200", "--range", "10,1", "--ruby", Self.markup]))
        #expect(annotation.count == 1)
        let base = try Self.rects(labelkit(["rects", "--markup", "--width", "200", "--range", "9,4", Self.markup]))
        let box = try #require(annotation.first)
        let baseRect = try #require(base.first)
        #expect(abs((box[0] + box[2] / 2) - (baseRect[0] + baseRect[2] / 2)) < 0.01, "centred: \(box) \(baseRect)")
        #expect(box[1] >= baseRect[1] - 0.01 && box[1] + box[3] <= baseRect[1] + baseRect[3] + 0.01)
        let none = try Self.rects(
            labelkit(["rects", "--markup", "--width", "200", "--range", "0,9", "--ruby", Self.markup]))
        #expect(none.isEmpty)
    }

    @Test("rects --ruby in a batch: one line of rects per record")
    func batch() throws {
        let records = """
            {"text":"決済をしたと同時に[{利用規約|りようきやく}](https://example.com/terms)に","range":[9,4]}
            {"text":"{漢|かん}{字|じ}","range":[0,2]}
            """
        let result = try labelkit(["rects", "--markup", "--ruby", "--batch", "-"], stdin: records + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.jsonLines.map { $0["rects"] as? [[Double]] }
        #expect(lines.map { $0?.count } == [1, 2])
    }

    @Test("a hit on the annotation answers its base's index and length, and the link")
    func hitOnAnnotation() throws {
        let box = try #require(
            try Self.rects(
                labelkit(["rects", "--markup", "--width", "200", "--range", "9,4", "--ruby", Self.markup])
            ).first)
        let hit = try labelkit([
            "hit", "--markup", "--width", "200", "--x", "\(box[0] + box[2] / 2)", "--y", "\(box[1] + box[3] / 2)",
            Self.markup,
        ])
        #expect(hit.status == 0, "\(hit.stderr)")
        let json = try #require(hit.jsonLines.first)
        #expect(json["index"] as? Int == 9)
        #expect(json["length"] as? Int == 4)
        #expect((json["link"] as? [String: Any])?["target"] as? String == "https://example.com/terms")
    }

    @Test("bad annotations are refused with exit 2 and the problem named")
    func badAnnotations() throws {
        let cases: [([String], String)] = [
            (["--markup", "{漢字|}を読む"], "ruby text must not be empty"),
            (["--runs", ##"[{"text":"漢字","ruby":{"parts":["か","ん","じ"]}}]"##], "mono ruby has 3 parts"),
            (["--markup", "{漢字|か||じ}"], "ruby text must not be empty"),
        ]
        for (arguments, message) in cases {
            let result = try labelkit(["measure"] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test("measure with ruby: the annotated line is taller, and the size is what render draws")
    func measureAndRender() throws {
        let plain = try labelkit(["measure", "--width", "200", "漢字を読む"])
        let annotated = try labelkit(["measure", "--markup", "--width", "200", "{漢字|かんじ}を読む"])
        let plainHeight = try #require(plain.jsonLines.first?["height"] as? Double)
        let annotatedHeight = try #require(annotated.jsonLines.first?["height"] as? Double)
        #expect(annotatedHeight > plainHeight)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("ruby-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let render = try labelkit(["render", "--markup", "--width", "200", "--out", out.path, "{漢字|かんじ}を読む"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
    }
}
