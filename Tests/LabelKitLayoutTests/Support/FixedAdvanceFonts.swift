import LabelKitInteraction
import LabelKitLayout
import LabelKitText

/// A deterministic face for core tests: every grapheme is one em wide (`size` points), ascent 0.8 em, descent
/// 0.2 em. It covers everything below U+1F000; "fi" forms a ligature (one glyph for two letters) unless ligatures
/// are off or the features turn `liga` off.
final class FixedAdvanceFace: FontFace, @unchecked Sendable {
    let familyName: String
    let coverageLimit: UInt32
    let advanceInEms: Double
    let ascentInEms: Double

    init(
        familyName: String = "Fixed", coverageLimit: UInt32 = 0x1F000, advanceInEms: Double = 1,
        ascentInEms: Double = 0.8
    ) {
        self.familyName = familyName
        self.coverageLimit = coverageLimit
        self.advanceInEms = advanceInEms
        self.ascentInEms = ascentInEms
    }

    func covers(_ scalar: Unicode.Scalar) -> Bool { scalar.value < coverageLimit }

    func metrics(size: Double) -> FontMetrics {
        FontMetrics(
            ascent: ascentInEms * size, descent: 0.2 * size, lineGap: 0.1 * size, underlineOffset: 0.1 * size,
            underlineThickness: 0.05 * size, strikethroughOffset: 0.3 * size, strikethroughThickness: 0.05 * size
        )
    }

    func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, options: ShapingOptions,
        into buffer: inout ShapedGlyphBuffer
    ) {
        // One glyph per scalar; combining marks (U+0300–U+036F) get no advance; "fi" becomes one glyph.
        var logical: [(glyph: UInt32, cluster: Int32, advance: Float)] = []
        var offset = range.lowerBound
        let advance = Float(options.size * advanceInEms)
        // A `liga` setting among the features wins over `ligatures`, as in HarfBuzz.
        let ligatures = options.features.settings.last { $0.tag == "liga" }.map { $0.value != 0 } ?? options.ligatures
        while offset < range.upperBound {
            let unit = text[offset]
            if ligatures, unit == 0x66, offset + 1 < range.upperBound, text[offset + 1] == 0x69 {
                logical.append((0xFB01, Int32(offset), advance * 2))
                offset += 2
                continue
            }
            let isSurrogatePair = UnicodeCodeUnits.isLeadSurrogate(unit) && offset + 1 < range.upperBound
            let isMark = (0x300...0x36F).contains(unit)
            let cluster = isMark ? (logical.last?.cluster ?? Int32(offset)) : Int32(offset)
            logical.append((UInt32(unit), cluster, isMark || unit == 0x200D ? 0 : advance))
            offset += isSurrogatePair ? 2 : 1
        }
        // Joined emoji (ZWJ sequences) are one glyph in real fonts; here each part after a ZWJ has no advance.
        if options.rightToLeft { logical.reverse() }
        for glyph in logical {
            buffer.append(glyph: glyph.glyph, cluster: glyph.cluster, advance: glyph.advance)
        }
    }
}

/// Font system for core tests: family "Fixed" (and "Fixed Bold" for weight ≥ 600), falling back to "Wide Emoji"
/// (1.5 em wide, ascent 1 em) for what "Fixed" does not cover and for emoji presentation.
final class FixedFontSystem: FontSystem, @unchecked Sendable {
    let regular = FixedAdvanceFace(familyName: "Fixed")
    let bold = FixedAdvanceFace(familyName: "Fixed Bold")
    let emoji = FixedAdvanceFace(familyName: "Wide Emoji", coverageLimit: 0x110000, advanceInEms: 1.5, ascentInEms: 1)

    func face(for descriptor: FontDescriptor) throws(FontError) -> any FontFace {
        guard descriptor.family == "Fixed" else { throw .noMatch(descriptor) }
        return descriptor.weight >= .semibold ? bold : regular
    }

    func fallbackFace(
        for cluster: UnsafeBufferPointer<UInt16>, descriptor: FontDescriptor, emojiPresentation: Bool
    ) -> (any FontFace)? {
        emoji
    }
}
