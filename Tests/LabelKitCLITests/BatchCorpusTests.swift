import Foundation
import LabelKit
import LabelKitCorpus
import LabelKitJSON
import Testing

/// `--batch` over corpus labels: the same answers on any number of threads, and the same answers as the library
/// gives through `AttributedString` (the path the command line took before it read plain text directly).
@Suite("labelkit --batch over the corpus")
struct BatchCorpusTests {
    static let corpus = makeCorpus(count: 1200, seed: 2026)

    /// A JSON Lines batch: one record per label, in JSONWriter's format.
    static func batch(_ record: (Int, CorpusLabel) -> [(String, JSONValue)]) -> String {
        var lines = ""
        for (index, label) in corpus.enumerated() { lines += JSONValue.object(record(index, label)).text + "\n" }
        return lines
    }

    static let measureBatch = batch { index, label in
        var record: [(String, JSONValue)] = [("text", .string(label.text)), ("width", .number(label.width))]
        if index % 3 == 1 { record.append(("lines", .number(2))) }
        if index % 7 == 2 { record.append(("height", .number(40))) }
        return record
    }

    static let hitBatch = batch { index, label in
        let points: [JSONValue] = (0..<4).map { point in
            .array([.number(Double((index * 37 + point * 53) % 400)), .number(Double((index + point * 11) % 60))])
        }
        return [("text", .string(label.text)), ("width", .number(label.width)), ("points", .array(points))]
    }

    static let rectsBatch = batch { index, label in
        let length = label.text.utf16.count
        let start = length > 0 ? index % length : 0
        return [
            ("text", .string(label.text)), ("width", .number(label.width)),
            ("range", .array([.number(Double(start)), .number(Double(min(7, length - start)))])),
        ]
    }

    static let commands: [(arguments: [String], batch: String)] = [
        (["measure"], measureBatch), (["measure", "--inset", "2,3,4,5", "--align", "center"], measureBatch),
        (["hit", "--radius", "4"], hitBatch), (["rects"], rectsBatch), (["links", "--kinds", "all"], measureBatch),
    ]

    @Test("--jobs 2 prints exactly what --jobs 1 prints, byte for byte", arguments: commands)
    func jobsAgree(command: (arguments: [String], batch: String)) throws {
        let serial = try labelkit(command.arguments + ["--batch", "-", "--jobs", "1"], stdin: command.batch)
        let parallel = try labelkit(command.arguments + ["--batch", "-", "--jobs", "2"], stdin: command.batch)
        #expect(serial.status == 0, "\(serial.stderr)")
        #expect(serial.stdout.split(separator: "\n").count == Self.corpus.count)
        #expect(parallel.status == serial.status)
        #expect(parallel.stdout == serial.stdout)
    }

    /// The library's answer for one record, laid out from an `AttributedString` as the command line used to.
    static func expectedMeasurement(_ label: CorpusLabel, index: Int, insets: EdgeInsets, alignment: TextAlignment)
        throws -> JSONValue
    {
        var paragraph = ParagraphStyle()
        paragraph.alignment = alignment
        let typesetter = LabelTypesetter.system(style: TextStyle(paragraphStyle: paragraph))
        let container = TextContainer(
            width: label.width, height: index % 7 == 2 ? 40 : nil, maximumNumberOfLines: index % 3 == 1 ? 2 : 0,
            insets: insets)
        let layout = try typesetter.layout(AttributedString(label.text), in: container)
        return .object([
            ("width", .number(layout.size.width)), ("height", .number(layout.size.height)),
            ("lines", .number(Double(layout.lines.count))), ("truncated", .bool(layout.isTruncated)),
        ])
    }

    @Test(
        "measure answers each record as a layout of its AttributedString does",
        arguments: [
            (["measure"], EdgeInsets.zero, TextAlignment.natural),
            (
                ["measure", "--inset", "2,3,4,5", "--align", "center"],
                EdgeInsets(top: 2, left: 3, bottom: 4, right: 5),
                TextAlignment.center
            ),
        ])
    func measureEqualsLayout(arguments: [String], insets: EdgeInsets, alignment: TextAlignment) throws {
        let result = try labelkit(arguments + ["--batch", "-", "--jobs", "2"], stdin: Self.measureBatch)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.corpus.count)
        var mismatches: [String] = []
        for (index, label) in Self.corpus.enumerated() where index < lines.count {
            let expected = try Self.expectedMeasurement(label, index: index, insets: insets, alignment: alignment).text
            if lines[index] != expected { mismatches.append("label \(index): \(lines[index]) ≠ \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, e.g. \(mismatches.prefix(3))")
    }

    @Test("rects answers each record as a layout of its AttributedString does")
    func rectsEqualLayout() throws {
        let result = try labelkit(["rects", "--batch", "-"], stdin: Self.rectsBatch)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.corpus.count)
        var mismatches: [String] = []
        for (index, label) in Self.corpus.enumerated() where index < lines.count {
            let layout = try LabelTypesetter.system.layout(
                AttributedString(label.text), in: TextContainer(width: label.width))
            let length = label.text.utf16.count
            let start = length > 0 ? index % length : 0
            let rects = layout.rects(for: start..<(start + min(7, length - start))).map { JSONValue.rect($0.rect) }
            let expected = JSONValue.object([("rects", .array(rects))]).text
            if lines[index] != expected { mismatches.append("label \(index): \(lines[index]) ≠ \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, e.g. \(mismatches.prefix(3))")
    }
}
