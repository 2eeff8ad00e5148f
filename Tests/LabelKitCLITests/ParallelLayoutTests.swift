import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// `LabelTypesetter`'s batch calls, which `labelkit --batch --jobs` is built on: many labels on many threads, each
/// result what the serial call gives for that label alone, in input order.
@Suite("laying out many labels in parallel")
struct ParallelLayoutTests {
    static let corpus = makeCorpus(count: 800, seed: 15)
    static let typesetter = LabelTypesetter.system

    @Test("measurements on 4 threads equals measurement label by label, in input order", arguments: [0, 2])
    func sizesEqualSerial(lines: Int) throws {
        // One width for the whole batch, as the call takes; the widths vary across the two arguments' runs.
        let width = lines == 0 ? 180.0 : 333.0
        let texts = Self.corpus.map(\.text)
        let parallel = Self.typesetter.measurements(texts, width: width, numberOfLines: lines, jobs: 4)
        #expect(parallel.count == texts.count)
        for (index, text) in texts.enumerated() {
            let serial = try Self.typesetter.measurement(text, width: width, numberOfLines: lines)
            #expect(try parallel[index].get() == serial, "label \(index)")
        }
    }

    @Test("layouts on 3 threads equal serial layouts: size, lines, truncation, and every cluster box")
    func layoutsEqualSerial() throws {
        let texts = Self.corpus.prefix(300).map { AttributedString($0.text) }
        let container = TextContainer(width: 240, maximumNumberOfLines: 3, insets: EdgeInsets(top: 1, left: 2))
        let parallel = Self.typesetter.layouts(Array(texts), in: container, jobs: 3)
        for (index, text) in texts.enumerated() {
            let serial = try Self.typesetter.layout(text, in: container)
            let layout = try parallel[index].get()
            #expect(layout.size == serial.size, "label \(index)")
            #expect(layout.lines.count == serial.lines.count, "label \(index)")
            #expect(layout.isTruncated == serial.isTruncated, "label \(index)")
            let length = layout.string.utf16.count
            let rects = layout.rects(for: 0..<length).map(\.rect)
            #expect(rects == serial.rects(for: 0..<length).map(\.rect), "label \(index)")
        }
    }

    @Test("plain-text layouts in parallel equal the serial ones; one thread runs on the caller alone")
    func plainLayouts() throws {
        let texts = Self.corpus.prefix(200).map(\.text)
        let container = TextContainer(width: 300)
        let parallel = Self.typesetter.layouts(texts, in: container, jobs: 2)
        let single = Self.typesetter.layouts(texts, in: container, jobs: 1)
        for index in texts.indices {
            let serial = try Self.typesetter.layout(texts[index], in: container)
            #expect(try parallel[index].get().size == serial.size)
            #expect(try single[index].get().size == serial.size)
        }
    }

    @Test("one bad item is its own typed error; the others are laid out")
    func errorsPerItem() throws {
        var bad = AttributedString("tiny")
        bad.labelKit.fontSize = -3
        let texts = [AttributedString("first"), bad, AttributedString("third")]
        let results = Self.typesetter.layouts(texts, in: TextContainer(width: 100), jobs: 2)
        #expect(results.count == 3)
        #expect(try results[0].get().string == "first")
        #expect(throws: LayoutError.self) { try results[1].get() }
        if case .failure(let error) = results[1] {
            guard case .invalidParameter = error else {
                Issue.record("expected an invalid parameter, got \(error)")
                return
            }
        }
        #expect(try results[2].get().string == "third")
        let sizes = Self.typesetter.measurements(texts, in: TextContainer(width: -1), jobs: 2)
        #expect(sizes.allSatisfy { (try? $0.get()) == nil })
    }

    @Test("no labels, more threads than labels, and one label all work")
    func edgeCounts() throws {
        #expect(Self.typesetter.measurements([String](), width: 100, jobs: 8).isEmpty)
        let one = Self.typesetter.measurements(["alone"], width: 100, jobs: 8)
        #expect(try one.map { try $0.get() } == [try Self.typesetter.measurement("alone", width: 100)])
        #expect(LabelTypesetter.defaultJobCount >= 1)
    }
}
