import LabelKitText

/// The Unicode scalars of one grapheme cluster, decoded from UTF-16 without allocating (up to four that need a
/// glyph are kept inline; longer clusters spill into an array and are not cached).
struct ClusterScalars {
    /// The first scalar (U+FFFD for an unpaired surrogate).
    private(set) var first: UInt32 = 0
    /// The number of scalars, those that need no glyph included.
    private(set) var count = 0
    /// The scalars that need a glyph (see `CharacterClass.needsNoGlyph`): joiners, variation selectors, bidi marks
    /// and controls draw nothing, so no face has to cover them.
    private var significant: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
    private var significantCount = 0
    private var overflow: [UInt32] = []

    mutating func decode(_ units: UnsafeBufferPointer<UInt16>) {
        var index = 0
        while index < units.count {
            var (scalar, length) = UnicodeCodeUnits.decode(at: index, in: units, limit: units.count)
            if length == 1, UnicodeCodeUnits.isSurrogate(units[index]) { scalar = 0xFFFD }
            index += length
            if count == 0 { first = scalar }
            count += 1
            if !CharacterClass.needsNoGlyph(scalar) { append(scalar) }
        }
    }

    private mutating func append(_ scalar: UInt32) {
        switch significantCount {
        case 0: significant.0 = scalar
        case 1: significant.1 = scalar
        case 2: significant.2 = scalar
        case 3: significant.3 = scalar
        default: overflow.append(scalar)
        }
        significantCount += 1
    }

    /// Whether `predicate` holds for every scalar that needs a glyph.
    func allSignificant(_ predicate: (UInt32) -> Bool) -> Bool {
        if significantCount > 0, !predicate(significant.0) { return false }
        if significantCount > 1, !predicate(significant.1) { return false }
        if significantCount > 2, !predicate(significant.2) { return false }
        if significantCount > 3, !predicate(significant.3) { return false }
        return overflow.allSatisfy(predicate)
    }

    /// The key under which the answer for this cluster is cached; nil for clusters too long to key inline.
    func cacheKey(emojiPresentation: Bool) -> SystemFontSystem.FallbackKey? {
        guard significantCount <= 4 else { return nil }
        return .init(
            emojiPresentation: emojiPresentation, first: first, scalars: significant, count: significantCount
        )
    }
}
