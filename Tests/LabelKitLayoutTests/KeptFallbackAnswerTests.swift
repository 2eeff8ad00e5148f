import LabelKitLayout
import LabelKitTestSupport
import LabelKitText
import Synchronization
import Testing

/// A typesetting context keeps the fallback faces a font system chose from one layout to the next, for as long as the
/// font system's generation stays the same.
@Suite("Fallback answers kept across layouts")
struct KeptFallbackAnswerTests {
    /// "Fixed" for what it covers (below U+1F000); for the rest, the fallback face chosen now. Counts the questions.
    final class SwitchingFontSystem: FontSystem, @unchecked Sendable {
        let regular = FixedAdvanceFace(familyName: "Fixed")
        let narrow = FixedAdvanceFace(familyName: "Narrow Emoji", coverageLimit: 0x110000, advanceInEms: 1)
        let wide = FixedAdvanceFace(familyName: "Wide Emoji", coverageLimit: 0x110000, advanceInEms: 1.5)
        /// Changed by the test, as registering a font file would change a real font system's answers.
        let state = Mutex((useWide: false, generation: 0 as Int?, questions: 0))

        func face(for descriptor: FontDescriptor) throws(FontError) -> any FontFace { regular }

        func fallbackFace(
            for cluster: UnsafeBufferPointer<UInt16>, descriptor: FontDescriptor, emojiPresentation: Bool
        ) -> (any FontFace)? {
            state.withLock { state in
                state.questions += 1
                return state.useWide ? wide : narrow
            }
        }

        var generation: Int? { state.withLock { $0.generation } }
    }

    static let text = "a😀b"

    static func typesetter(_ fonts: SwitchingFontSystem) -> LabelTypesetter {
        LabelTypesetter(fontSystem: fonts, analyzer: SimpleTextAnalyzer(), style: TextStyle(fontFamily: "Fixed"))
    }

    @Test("while the generation stays the same, the font system is asked once; a new generation asks again")
    func newGenerationAsksAgain() throws {
        let fonts = SwitchingFontSystem()
        let typesetter = Self.typesetter(fonts)
        for _ in 0..<3 {
            #expect(try typesetter.layout(Self.text).runs.map(\.face.familyName) == ["Fixed", "Narrow Emoji", "Fixed"])
        }
        #expect(fonts.state.withLock { $0.questions } == 1, "the later layouts answer from the context")
        fonts.state.withLock {
            $0.useWide = true
            $0.generation = 1
        }
        #expect(try typesetter.layout(Self.text).runs.map(\.face.familyName) == ["Fixed", "Wide Emoji", "Fixed"])
        #expect(fonts.state.withLock { $0.questions } == 2)
    }

    @Test("a font system that tells no generation is asked again in every layout")
    func noGenerationKeepsNothing() throws {
        let fonts = SwitchingFontSystem()
        fonts.state.withLock { $0.generation = nil }
        let typesetter = Self.typesetter(fonts)
        for _ in 0..<3 { _ = try typesetter.layout(Self.text) }
        #expect(fonts.state.withLock { $0.questions } == 3)
        fonts.state.withLock { $0.useWide = true }
        #expect(try typesetter.layout(Self.text).runs.map(\.face.familyName) == ["Fixed", "Wide Emoji", "Fixed"])
    }

    @Test("answers kept for one font system are never given to another one in the same context")
    func anotherFontSystemIsAskedItself() throws {
        let first = SwitchingFontSystem()
        let second = SwitchingFontSystem()
        second.state.withLock { $0.useWide = true }
        let context = TypesettingContext()
        var typesetter = Self.typesetter(first)
        typesetter.context = context
        _ = try typesetter.layout(Self.text)
        let other = LabelTypesetter(
            fontSystem: second, analyzer: SimpleTextAnalyzer(), style: TextStyle(fontFamily: "Fixed"), context: context)
        #expect(try other.layout(Self.text).runs.map(\.face.familyName) == ["Fixed", "Wide Emoji", "Fixed"])
        #expect(second.state.withLock { $0.questions } == 1)
    }
}

/// The analyzer's scratch lives with a context's scratch buffers: made once per set of buffers, reused by every later
/// layout through that context, never shared with another context.
@Suite("Analysis scratch kept in the context")
struct AnalysisScratchTests {
    /// What an analyzer might keep (ICU's iterators, say).
    final class Kept: Sendable {}

    /// The simple analyzer, keeping a ``Kept`` in the scratch it is handed.
    final class KeepingAnalyzer: TextAnalyzer, @unchecked Sendable {
        let simple = SimpleTextAnalyzer()
        let made = Mutex(0)

        func analyzeBoundaries(of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags]) {
            simple.analyzeBoundaries(of: text, into: &flags)
        }

        func bidiLevels(
            of text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, baseDirection: WritingDirection?,
            into levels: inout [UInt8]
        ) -> UInt8 {
            simple.bidiLevels(of: text, paragraph: paragraph, baseDirection: baseDirection, into: &levels)
        }

        func wordSegments(of text: UnsafeBufferPointer<UInt16>, into segments: inout [WordSegment]) {
            simple.wordSegments(of: text, into: &segments)
        }

        func analyzeBoundaries(
            of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags], scratch: inout AnalysisScratch
        ) {
            if !(scratch.storage is Kept) {
                made.withLock { $0 += 1 }
                scratch.storage = Kept()
            }
            analyzeBoundaries(of: text, into: &flags)
        }
    }

    static func typesetter(_ analyzer: KeepingAnalyzer, _ context: TypesettingContext) -> LabelTypesetter {
        LabelTypesetter(
            fontSystem: FixedFontSystem(), analyzer: analyzer, style: TextStyle(fontFamily: "Fixed"), context: context)
    }

    @Test("a context's layouts hand the analyzer the scratch it kept; another context starts its own")
    func scratchStaysWithTheContext() throws {
        let analyzer = KeepingAnalyzer()
        let first = Self.typesetter(analyzer, TypesettingContext())
        for text in ["one", "two words", "three more words"] { _ = try first.layout(text) }
        #expect(analyzer.made.withLock { $0 } == 1, "one scratch for three layouts in one context")
        let second = Self.typesetter(analyzer, TypesettingContext())
        _ = try second.layout("again")
        #expect(analyzer.made.withLock { $0 } == 2, "a context of its own keeps a scratch of its own")
    }
}
