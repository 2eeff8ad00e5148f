import Foundation
import LabelKit
import LabelKitCorpus
import LabelKitJSON
import Testing

/// `--batch` over corpus labels: the same answers on any number of threads.
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
}
