import LabelKit
import LabelKitLayout
import LabelKitText
import Testing

/// Everything the analyzer says about one text, to compare runs.
private struct Analysis: Equatable, Sendable {
    var flags: [TextBoundaryFlags]
    var levels: [UInt8]
    var baseLevel: UInt8
}

private func analyzeCompletely(_ text: [UInt16], with analyzer: ICUTextAnalyzer) -> Analysis {
    var flags: [TextBoundaryFlags] = []
    var levels: [UInt8] = []
    let baseLevel = text.withUnsafeBufferPointer { buffer in
        analyzer.analyzeBoundaries(of: buffer, into: &flags)
        return analyzer.bidiLevels(of: buffer, paragraph: 0..<buffer.count, baseDirection: nil, into: &levels)
    }
    return Analysis(flags: flags, levels: levels, baseLevel: baseLevel)
}

@Suite("Concurrency")
struct ConcurrencyTests {
    /// 200 texts of different scripts and lengths, so that per-thread ICU state is reset between very different
    /// inputs.
    static let texts: [[UInt16]] = {
        let samples = [
            "Hello, world! This is a label with a link.",
            "「決済をしたと同時に利用規約に同意したとみなします。」",
            "abc \u{5D0}\u{5D1}\u{5D2} def",
            "\u{639}\u{62F}\u{62F} 123 \u{647}\u{646}\u{627}",
            "👨\u{200D}👩\u{200D}👧\u{200D}👦 🇯🇵 1\u{FE0F}\u{20E3} \u{2764}\u{FE0F}",
            "Tie\u{0302}\u{0301}ng Vie\u{0323}\u{0302}t\r\nline two",
            "",
            "x",
        ]
        return (0..<200).map { index in
            let sample = samples[index % samples.count]
            return Array(String(repeating: sample + " ", count: 1 + index % 5).utf16)
        }
    }()

    @Test("8 tasks × 200 texts at once give the same results as one sequential run")
    func parallelMatchesSequential() async {
        let analyzer = ICUTextAnalyzer()
        let sequential = Self.texts.map { analyzeCompletely($0, with: analyzer) }

        let parallelRuns = await withTaskGroup(of: [Analysis].self) { group in
            for _ in 0..<8 {
                group.addTask { Self.texts.map { analyzeCompletely($0, with: analyzer) } }
            }
            var runs: [[Analysis]] = []
            for await run in group { runs.append(run) }
            return runs
        }

        #expect(parallelRuns.count == 8)
        for run in parallelRuns {
            #expect(run == sequential)
        }
    }
}
