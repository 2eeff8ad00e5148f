import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// Glyph for glyph as before: every label of a corpus of every kind, laid out at its width, against a digest of the
/// layout recorded before the speed work of issue 28 (and the vertical text of issue 27) began. A change to how
/// LabelKit works that changes no result leaves every digest as it was; a change meant to move glyphs re-records the
/// file with `LABELKIT_RECORD_GOLDENS=1` and says why in its commit.
///
/// A digest covers the measured size, each line's range, rect and baseline, each run's face family, range and rect,
/// and every glyph's id, position and advance and every cluster's range, x and width, by their exact bits.
@Suite("Corpus layouts, glyph for glyph as recorded")
struct CorpusGlyphGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens/corpus-glyphs.txt")

    /// FNV-1a over 64-bit words.
    struct Digest {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mutating func add(_ word: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                value = (value ^ (word >> UInt64(shift) & 0xFF)) &* 0x100_0000_01b3
            }
        }
        mutating func add(_ number: Double) { add(number.bitPattern) }
        mutating func add(_ number: Int) { add(UInt64(bitPattern: Int64(number))) }
        mutating func add(_ rect: CGRect) {
            for number in [rect.minX, rect.minY, rect.width, rect.height] { add(Double(number)) }
        }
        mutating func add(_ text: String) {
            for byte in text.utf8 { add(Int(byte)) }
            add(-1)
        }
    }

    static func digest(_ layout: TextLayout) -> UInt64 {
        var digest = Digest()
        digest.add(Double(layout.size.width))
        digest.add(Double(layout.size.height))
        for line in layout.lines {
            digest.add(line.textRange.lowerBound)
            digest.add(line.textRange.upperBound)
            digest.add(line.rect)
            digest.add(line.baseline)
        }
        for run in layout.runs {
            digest.add(run.face.familyName)
            digest.add(run.textRange.lowerBound)
            digest.add(run.textRange.upperBound)
            digest.add(run.rect)
            for glyph in run.glyphs {
                digest.add(Int(glyph.glyphID))
                digest.add(glyph.x)
                digest.add(glyph.y)
                digest.add(glyph.advance)
                digest.add(glyph.clusterOffset)
            }
            for cluster in run.clusters {
                digest.add(cluster.range.lowerBound)
                digest.add(cluster.range.upperBound)
                digest.add(cluster.x)
                digest.add(cluster.width)
            }
        }
        return digest.value
    }

    @Test("1,400 labels, 100 of each of the fourteen kinds, lay out exactly as recorded")
    func corpusAsRecorded() throws {
        let typesetter = LabelTypesetter.system
        var lines: [String] = []
        for (index, label) in makeCorpus(count: 1_400, seed: 2028, kinds: CorpusKind.allCases).enumerated() {
            let layout = try typesetter.layout(label.text, in: TextContainer(width: label.width))
            lines.append("\(index) \(label.kind) \(String(Self.digest(layout), radix: 16))")
        }
        let current = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["LABELKIT_RECORD_GOLDENS"] != nil {
            try FileManager.default.createDirectory(
                at: Self.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try current.write(to: Self.golden, atomically: true, encoding: .utf8)
            return
        }
        let recorded = try String(contentsOf: Self.golden, encoding: .utf8).split(separator: "\n")
        let now = current.split(separator: "\n")
        #expect(recorded.count == now.count)
        let changed = zip(recorded, now).filter { $0 != $1 }
        #expect(changed.isEmpty, "\(changed.count) labels changed; the first: \(changed.prefix(5).map(\.1))")
    }
}
