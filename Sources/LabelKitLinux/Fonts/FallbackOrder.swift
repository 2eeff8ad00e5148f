import CFontconfig

/// The fonts fontconfig would try for a descriptor, best first, with their character sets.
final class FallbackOrder: @unchecked Sendable {
    struct Candidate {
        var key: FontFileKey
        /// Owned by `set`, which this object keeps alive.
        var charset: OpaquePointer?
        var isColor: Bool

        func covers(_ scalar: UInt32) -> Bool {
            guard let charset else { return false }
            return FcCharSetHasChar(charset, scalar) != 0
        }
    }

    private let set: FontconfigFontSet
    let candidates: [Candidate]

    init(_ set: FontconfigFontSet) {
        self.set = set
        candidates = set.patterns.compactMap { pattern in
            guard let key = FontFileKey(pattern: pattern) else { return nil }
            var charset: OpaquePointer?
            if FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) != FcResultMatch { charset = nil }
            var color: FcBool = FcFalse
            if FcPatternGetBool(pattern, FC_COLOR, 0, &color) != FcResultMatch { color = FcFalse }
            return Candidate(key: key, charset: charset, isColor: color != FcFalse)
        }
    }
}
