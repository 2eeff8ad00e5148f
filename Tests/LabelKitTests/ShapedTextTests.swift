import Dispatch
import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// `ShapedText`: shaped once, wrapped at any width, always the layout the typesetter gives.
@Suite("Shaped text: shape once, wrap at any width")
struct ShapedTextTests {
    let typesetter = LabelTypesetter.system

    @Test("over the corpus of every kind, a shaped text wraps glyph for glyph as a fresh layout at three widths")
    func corpusEquality() throws {
        let labels = makeCorpus(count: 280, seed: 41, kinds: CorpusKind.allCases)
        for label in labels {
            let shaped = try typesetter.shapedText(label.text)
            for width in [label.width, label.width * 0.6, label.width * 1.5] {
                let container = TextContainer(width: width, maximumNumberOfLines: label.text.count % 3)
                let wrapped = try shaped.layout(in: container)
                let fresh = try typesetter.layout(label.text, in: container)
                #expect(LayoutSnapshot(wrapped) == LayoutSnapshot(fresh), "\(label.kind) at \(width)")
                #expect(try shaped.measurement(in: container) == TextMeasurement(fresh))
            }
        }
    }

    @Test("rich text, balanced wrapping, hyphenation and shrinking to fit wrap as a fresh layout does")
    func richAndFitted() throws {
        var text = AttributedString("Terms of Service and responsibility for ")
        var link = AttributedString("extraordinary circumstances")
        link.link = URL(string: "https://example.com/terms")
        link.labelKit.fontSize = 20
        text += link
        text.labelKit.paragraphStyle = ParagraphStyle(lineBreakStrategy: .balanced, hyphenation: .auto)
        let shaped = try typesetter.shapedText(text)
        for width in stride(from: 60.0, through: 400, by: 35) {
            for container in [
                TextContainer(width: width), TextContainer(width: width, maximumNumberOfLines: 2),
                TextContainer(width: width, maximumNumberOfLines: 1, minimumScaleFactor: 0.3),
            ] {
                let wrapped = try shaped.layout(in: container)
                #expect(LayoutSnapshot(wrapped) == LayoutSnapshot(try typesetter.layout(text, in: container)))
                #expect(wrapped.scaleFactor == (try typesetter.layout(text, in: container)).scaleFactor)
            }
        }
        // Wrapping again after shrinking still sees the text at full size.
        #expect(try shaped.layout(in: TextContainer(width: 2000)).scaleFactor == 1)
    }

    @Test("one shaped text wraps on several threads at once, each as on one")
    func concurrentWrapping() throws {
        let shaped = try typesetter.shapedText(makeCorpus(count: 6, seed: 3)[4].text)
        let widths = (0..<64).map { 120.0 + Double($0) * 5 }
        let expected = try widths.map { LayoutSnapshot(try shaped.layout(in: TextContainer(width: $0))) }
        let results = LockedResults(count: widths.count)
        DispatchQueue.concurrentPerform(iterations: widths.count) { index in
            let layout = try? shaped.layout(in: TextContainer(width: widths[index]))
            results.set(index, layout.map(LayoutSnapshot.init))
        }
        #expect(results.values == expected)
    }

    @Test("a container with a negative width is a typed error")
    func badContainer() throws {
        let shaped = try typesetter.shapedText("Hello")
        #expect(throws: LayoutError.self) { try shaped.layout(in: TextContainer(width: -1)) }
    }
}

/// Results written from several threads, one slot each.
private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [LayoutSnapshot?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: LayoutSnapshot?) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }
    var values: [LayoutSnapshot] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
