import LabelKitLayout
import LabelKitText

/// A deterministic face for tests: every grapheme is one em wide (`size` points), ascent 0.8 em, descent 0.2 em,
/// line gap 0.1 em. It covers everything below its ``coverageLimit`` (U+1F000 by default); "fi" forms a ligature
/// (one glyph for two letters) unless ligatures are off or the features turn `liga` off.
///
/// With it, a test knows every position without a font file: at 10 points the fifth character of a line starts at
/// x = 40.
///
/// ```swift
/// let face = FixedAdvanceFace()
/// face.metrics(size: 10).ascent   // 8
/// ```
public final class FixedAdvanceFace: FontFace, @unchecked Sendable {
    /// The family name the face reports ("Fixed" by default).
    public let familyName: String
    /// The first scalar value the face does not cover.
    public let coverageLimit: UInt32
    /// Every grapheme's advance, in ems.
    public let advanceInEms: Double
    /// The ascent, in ems.
    public let ascentInEms: Double
    /// How far the em box reaches above the baseline, in ems (the rest of the em is below it), as a font's `OS/2`
    /// typographic ascender and descender set it; nil for the ascent and descent scaled to one em, as for a font
    /// without them.
    public let emBoxAscentInEms: Double?

    /// Creates a face named `familyName` that covers the scalars below `coverageLimit`, advances each grapheme by
    /// `advanceInEms`, rises `ascentInEms` above the baseline and has its em box `emBoxAscentInEms` above it.
    public init(
        familyName: String = "Fixed", coverageLimit: UInt32 = 0x1F000, advanceInEms: Double = 1,
        ascentInEms: Double = 0.8, emBoxAscentInEms: Double? = nil
    ) {
        self.familyName = familyName
        self.coverageLimit = coverageLimit
        self.advanceInEms = advanceInEms
        self.ascentInEms = ascentInEms
        self.emBoxAscentInEms = emBoxAscentInEms
    }

    /// Whether the scalar is below ``coverageLimit``.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { scalar.value < coverageLimit }

    /// Ascent ``ascentInEms``, descent 0.2, line gap 0.1, underline at 0.1 and strikethrough at 0.3 em, 0.05 em
    /// thick, at `size` points.
    public func metrics(size: Double) -> FontMetrics {
        FontMetrics(
            ascent: ascentInEms * size, descent: 0.2 * size, lineGap: 0.1 * size, underlineOffset: 0.1 * size,
            underlineThickness: 0.05 * size, strikethroughOffset: 0.3 * size, strikethroughThickness: 0.05 * size
        )
    }

    /// ``emBoxAscentInEms`` above the baseline and the rest of the em below; without it, the ascent and descent
    /// scaled to one em (0.8 and 0.2 for "Fixed": its em box is its line box).
    public func emBox(size: Double) -> (ascent: Double, descent: Double) {
        guard let emBoxAscentInEms else {
            return Self.emBox(scaling: ascentInEms, descent: 0.2, toSize: size) ?? (size, 0)
        }
        return (emBoxAscentInEms * size, (1 - emBoxAscentInEms) * size)
    }

    /// One glyph per scalar (its value as the glyph ID), one em wide; combining marks (U+0300–U+036F) and a zero
    /// width joiner get no advance and join the cluster before them; "fi" becomes the one glyph U+FB01 two ems wide.
    public func shape(
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

/// A font system for tests that need no font file: the family "Fixed" (and "Fixed Bold" for weights of semibold and
/// up), falling back to "Wide Emoji" (1.5 em wide, ascent 1 em) for what "Fixed" does not cover and for emoji
/// presentation. Any other family is ``/LabelKitLayout/FontError/noMatch(_:)``.
///
/// ```swift
/// let typesetter = LabelTypesetter(
///     fontSystem: FixedFontSystem(), analyzer: SimpleTextAnalyzer(),
///     style: TextStyle(fontFamily: "Fixed", fontSize: 10))
/// try typesetter.layout("Hello").size   // 50 × 10
/// ```
public final class FixedFontSystem: FontSystem, @unchecked Sendable {
    /// The face of "Fixed" below semibold.
    public let regular = FixedAdvanceFace(familyName: "Fixed")
    /// The face of "Fixed" at semibold and up.
    public let bold = FixedAdvanceFace(familyName: "Fixed Bold")
    /// The fallback face: everything, 1.5 em wide.
    public let emoji = FixedAdvanceFace(
        familyName: "Wide Emoji", coverageLimit: 0x110000, advanceInEms: 1.5, ascentInEms: 1)

    /// Creates the font system.
    public init() {}

    /// "Fixed" or "Fixed Bold" for the family "Fixed"; any other family does not exist.
    public func face(for descriptor: FontDescriptor) throws(FontError) -> any FontFace {
        guard descriptor.family == "Fixed" else { throw .noMatch(descriptor) }
        return descriptor.weight >= .semibold ? bold : regular
    }

    /// "Wide Emoji", for every cluster.
    public func fallbackFace(
        for cluster: UnsafeBufferPointer<UInt16>, descriptor: FontDescriptor, emojiPresentation: Bool
    ) -> (any FontFace)? {
        emoji
    }
}
