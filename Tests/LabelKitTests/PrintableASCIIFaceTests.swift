import Foundation
import LabelKit
import LabelKitCorpus
import Synchronization
import Testing

/// The itemizer gives printable ASCII its style's primary face without asking per character when the face says it
/// covers all of it (`FontFace.coversPrintableASCII`). The layouts must be the ones asking gives: here every corpus
/// label is laid out through the system faces and through wrappers of the same faces that do not say so (the
/// protocol's default), and the two are compared glyph for glyph.
@Suite("Printable ASCII without asking per character")
struct PrintableASCIIFaceTests {
    /// A system face that does not say it covers printable ASCII, so that the typesetter asks for every character.
    final class AskingFace: FontFace, @unchecked Sendable {
        let base: any FontFace
        init(_ base: any FontFace) { self.base = base }
        var familyName: String { base.familyName }
        var file: FontFile? { base.file }
        var variations: [FontVariation] { base.variations }
        var hasColorGlyphs: Bool { base.hasColorGlyphs }
        func covers(_ scalar: Unicode.Scalar) -> Bool { base.covers(scalar) }
        func metrics(size: Double) -> FontMetrics { base.metrics(size: size) }
        func scriptMetrics(_ position: ScriptPosition, size: Double) -> ScriptMetrics? {
            base.scriptMetrics(position, size: size)
        }
        func shape(
            _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, options: ShapingOptions,
            into buffer: inout ShapedGlyphBuffer
        ) {
            base.shape(text, range: range, options: options, into: &buffer)
        }
        func shapingSegmentEnd(in text: UnsafeBufferPointer<UInt16>, from start: Int, limit: Int) -> Int {
            base.shapingSegmentEnd(in: text, from: start, limit: limit)
        }
    }

    /// The system font system, its faces wrapped (one wrapper per face, kept, so that identities stay stable).
    final class AskingFontSystem: FontSystem {
        let base = SystemFontSystem.shared
        let wrappers = Mutex<[ObjectIdentifier: AskingFace]>([:])

        func wrapper(of face: any FontFace) -> AskingFace {
            wrappers.withLock { wrappers in
                if let known = wrappers[ObjectIdentifier(face)] { return known }
                let made = AskingFace(face)
                wrappers[ObjectIdentifier(face)] = made
                return made
            }
        }

        func face(for descriptor: FontDescriptor) throws(FontError) -> any FontFace {
            wrapper(of: try base.face(for: descriptor))
        }

        func fallbackFace(
            for cluster: UnsafeBufferPointer<UInt16>, descriptor: FontDescriptor, emojiPresentation: Bool
        ) -> (any FontFace)? {
            base.fallbackFace(for: cluster, descriptor: descriptor, emojiPresentation: emojiPresentation).map(wrapper)
        }
    }

    /// What a run shows, with its face named by family rather than by object.
    struct RunView: Equatable {
        var family: String
        var textRange: Range<Int>
        var rect: CGRect
        var glyphs: [PositionedGlyph]
        var clusters: [LayoutCluster]
    }

    static func view(_ layout: TextLayout) -> (CGSize, [Range<Int>], [RunView]) {
        let runs = layout.runs.map {
            RunView(
                family: $0.face.familyName, textRange: $0.textRange, rect: $0.rect, glyphs: Array($0.glyphs),
                clusters: Array($0.clusters))
        }
        return (layout.size, layout.lines.map(\.textRange), runs)
    }

    @Test("the system faces of the default stack say they cover printable ASCII")
    func defaultFacesCoverASCII() throws {
        let face = try SystemFontSystem.shared.face(for: FontDescriptor(family: "DejaVu Sans"))
        #expect(face.coversPrintableASCII)
        #expect((0x21...0x7E).allSatisfy { face.covers(Unicode.Scalar(UInt8($0))) })
    }

    @Test("over the corpus of every kind, and in fonts without Latin, layouts equal the ones that ask per character")
    func layoutsEqualAsking() throws {
        let asking = LabelTypesetter(
            fontSystem: AskingFontSystem(), analyzer: ICUTextAnalyzer.shared, context: TypesettingContext(),
            hyphenator: LibhyphenHyphenator.shared)
        let system = LabelTypesetter.system
        var labels = makeCorpus(count: 700, seed: 31, kinds: CorpusKind.allCases).map { ($0.text, $0.width) }
        // A primary face without Latin: ASCII falls back, through the same questions either way.
        labels.append(("Noto Sans Thai: abc 123 ภาษาไทย {x} ~", 200))
        for (text, width) in labels {
            let container = TextContainer(width: width)
            let mine = Self.view(try system.layout(text, in: container))
            let theirs = Self.view(try asking.layout(text, in: container))
            #expect(mine.0 == theirs.0 && mine.1 == theirs.1 && mine.2 == theirs.2, "\(text)")
        }
        var thai = AttributedString("abc ภาษาไทย xyz")
        thai.labelKit.fontFamily = "Noto Sans Thai"
        let mine = Self.view(try system.layout(thai, in: TextContainer(width: 300)))
        let theirs = Self.view(try asking.layout(thai, in: TextContainer(width: 300)))
        #expect(mine.0 == theirs.0 && mine.1 == theirs.1 && mine.2 == theirs.2)
    }
}
