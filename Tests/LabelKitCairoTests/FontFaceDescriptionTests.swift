import Foundation
import LabelKit
import LabelKitCairo
import Synchronization
import Testing

/// The renderer draws any ``FontFace`` from the description the protocol gives — its file, variations and colour
/// flag — never from a concrete backend type.
@Suite("Drawing from a face's public description")
struct FontFaceDescriptionTests {
    static let text = "Ana 👋 利用規約"

    @Test("a face of another type that names its font file draws exactly like the system face")
    func wrappedFacesDrawTheSamePixels() throws {
        let system = LabelTypesetter.system
        let wrapped = LabelTypesetter(
            fontSystem: WrappingFontSystem(describesFile: true), analyzer: ICUTextAnalyzer(),
            context: TypesettingContext(wordCache: nil))
        let original = try system.layout(Self.text)
        let other = try wrapped.layout(Self.text)
        #expect(other.runs.allSatisfy { $0.face is WrappedFace })
        #expect(other.runs.map(\.face.familyName) == original.runs.map(\.face.familyName))
        // The emoji's face says it has colour glyphs through the protocol, so it keeps its own colours.
        #expect(other.runs.map(\.face.hasColorGlyphs) == original.runs.map(\.face.hasColorGlyphs))
        #expect(other.runs.contains { $0.face.hasColorGlyphs })
        let renderer = LabelRenderer(scale: 2, backgroundColor: .white)
        #expect(try renderer.render(other) == renderer.render(original))
    }

    @Test("variation axes a face does not have change nothing in the picture")
    func unknownVariationAxesAreIgnored() throws {
        let plain = LabelTypesetter(
            fontSystem: WrappingFontSystem(describesFile: true), analyzer: ICUTextAnalyzer(),
            context: TypesettingContext(wordCache: nil))
        let varied = LabelTypesetter(
            fontSystem: WrappingFontSystem(describesFile: true, variations: [FontVariation(axis: "wght", value: 900)]),
            analyzer: ICUTextAnalyzer(), context: TypesettingContext(wordCache: nil))
        let renderer = LabelRenderer(backgroundColor: .white)
        #expect(try renderer.render(varied.layout("Variable")) == renderer.render(plain.layout("Variable")))
    }

    @Test("a face with no font file is a typed error naming its family, not a crash")
    func faceWithoutFileIsAnError() throws {
        let typesetter = LabelTypesetter(
            fontSystem: WrappingFontSystem(describesFile: false), analyzer: ICUTextAnalyzer(),
            context: TypesettingContext(wordCache: nil))
        let layout = try typesetter.layout("no file")
        #expect(throws: RenderError.unsupportedFontFace(familyName: "DejaVu Sans")) {
            try LabelRenderer().render(layout)
        }
    }
}

/// A face of its own type over a system face: it shapes with the system face and describes its file (or not), so a
/// renderer that downcast to `SystemFontFace` could not draw it.
private final class WrappedFace: FontFace {
    let base: any FontFace
    let describesFile: Bool
    let variations: [FontVariation]

    init(base: any FontFace, describesFile: Bool, variations: [FontVariation]) {
        self.base = base
        self.describesFile = describesFile
        self.variations = variations
    }

    var familyName: String { base.familyName }
    var file: FontFile? { describesFile ? base.file : nil }
    var hasColorGlyphs: Bool { base.hasColorGlyphs }
    func covers(_ scalar: Unicode.Scalar) -> Bool { base.covers(scalar) }
    func metrics(size: Double) -> FontMetrics { base.metrics(size: size) }
    func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, options: ShapingOptions,
        into buffer: inout ShapedGlyphBuffer
    ) {
        base.shape(text, range: range, options: options, into: &buffer)
    }
}

/// The system font system with every face wrapped, one wrapper per face so that faces keep their identity.
private final class WrappingFontSystem: FontSystem {
    let describesFile: Bool
    let variations: [FontVariation]
    private let wrappers = Mutex<[ObjectIdentifier: WrappedFace]>([:])

    init(describesFile: Bool, variations: [FontVariation] = []) {
        self.describesFile = describesFile
        self.variations = variations
    }

    func face(for descriptor: FontDescriptor) throws(FontError) -> any FontFace {
        wrap(try SystemFontSystem.shared.face(for: descriptor))
    }

    func fallbackFace(
        for cluster: UnsafeBufferPointer<UInt16>, descriptor: FontDescriptor, emojiPresentation: Bool
    ) -> (any FontFace)? {
        SystemFontSystem.shared.fallbackFace(
            for: cluster, descriptor: descriptor, emojiPresentation: emojiPresentation
        ).map(wrap)
    }

    private func wrap(_ face: any FontFace) -> any FontFace {
        wrappers.withLock { wrappers in
            if let known = wrappers[ObjectIdentifier(face)] { return known }
            let wrapped = WrappedFace(base: face, describesFile: describesFile, variations: variations)
            wrappers[ObjectIdentifier(face)] = wrapped
            return wrapped
        }
    }
}
