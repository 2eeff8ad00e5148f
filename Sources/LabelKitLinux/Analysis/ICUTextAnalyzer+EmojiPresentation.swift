import CICUShim
import LabelKitLayout
import LabelKitText

extension ICUTextAnalyzer {
    /// The first code point with the Emoji_Presentation property (U+231A WATCH): a cluster of one scalar below it is
    /// always text, which keeps Latin and CJK text away from the property lookups.
    private static let firstEmojiPresentationScalar: UInt32 = 0x231A
    private static let lastEmojiPresentationUnit: UInt32 = 0x2C00

    /// Whether `scalar` may have an emoji property at all. None below U+00A9 (©) and none from U+00AF to U+203B (‼)
    /// has one (Unicode 15's emoji-data.txt; a test checks every one against ICU): Latin, Vietnamese, Greek, Cyrillic,
    /// Arabic, Hebrew and the combining marks skip the property lookup, which was a twentieth of laying out
    /// decomposed Vietnamese.
    package static func mayHaveEmojiProperties(_ scalar: UInt32) -> Bool {
        !(scalar < 0xA9 || (scalar > 0xAE && scalar < 0x203C))
    }

    /// The emoji properties of `scalar` from ICU, as `labelkit_icu_emoji_properties` flags.
    package static func emojiProperties(_ scalar: UInt32) -> UInt8 {
        labelkit_icu_emoji_properties(scalar)
    }

    /// Marks the clusters that should use emoji presentation, given the grapheme boundaries already in `flags`.
    ///
    /// A cluster is emoji when its first scalar is Emoji_Presentation and not followed by U+FE0E (text selector),
    /// or it holds U+FE0F (emoji selector), a regional-indicator pair (a flag), U+20E3 (a keycap), an emoji modifier
    /// (a skin tone), a ZWJ between pictographs, or tag characters (U+E0020–E007F, subdivision flags).
    static func markEmojiPresentation(
        units: UnsafePointer<UInt16>, count: Int, flags: UnsafeMutableBufferPointer<TextBoundaryFlags>
    ) {
        let text = UnsafeBufferPointer(start: units, count: count)
        guard mayHoldEmojiCluster(text) else { return }
        var clusterStart = 0
        while clusterStart < count {
            var clusterEnd = clusterStart + 1
            let first = UInt32(text[clusterStart])
            if clusterEnd == count || flags[clusterEnd].contains(.graphemeBoundary) {
                // A cluster of one code unit outside the emoji-presentation block (Latin, CJK, a lone surrogate):
                // never emoji, told here without a call.
                if first < firstEmojiPresentationScalar || first >= lastEmojiPresentationUnit {
                    clusterStart = clusterEnd
                    continue
                }
            }
            while clusterEnd < count && !flags[clusterEnd].contains(.graphemeBoundary) { clusterEnd += 1 }
            if isEmojiCluster(in: text, start: clusterStart, end: clusterEnd) {
                flags[clusterStart].insert(.emojiPresentation)
            }
            clusterStart = clusterEnd
        }
    }

    /// Whether `text` has a code unit without which no cluster is emoji: ZWJ (a sequence of pictographs), U+20E3
    /// (a keycap), U+FE0F, an Emoji_Presentation character of the BMP (all in U+231A–U+2BFF) or a surrogate (every
    /// supplementary emoji, flag, skin tone and tag). Latin, Vietnamese and most CJK text has none: one tight pass
    /// instead of a walk over its clusters.
    private static func mayHoldEmojiCluster(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        for unit in text where unit >= 0x200D {
            if unit == 0x200D || unit == 0x20E3 || unit == 0xFE0F || (unit >= 0x231A && unit < 0x2C00)
                || (unit >= 0xD800 && unit < 0xE000)
            {
                return true
            }
        }
        return false
    }

    private static func isEmojiCluster(in text: UnsafeBufferPointer<UInt16>, start: Int, end: Int) -> Bool {
        let first = UInt32(text[start])
        // One code unit alone is emoji only if it has Emoji_Presentation, and every such BMP character lies below
        // U+2C00 (Unicode 15's emoji-data.txt): kana, ideographs and the rest of the BMP need no property lookup.
        if end == start + 1 && (first < firstEmojiPresentationScalar || first >= lastEmojiPresentationUnit) {
            return false
        }

        var index = start
        var scalarIndex = 0
        var firstIsEmojiPresentation = false
        var firstIsPictographic = false
        var textSelectorFollowsFirst = false
        var regionalIndicators = 0
        var pendingZeroWidthJoiner = false
        while index < end {
            // A lone surrogate decodes as itself: it has no emoji properties.
            let (scalar, length) = UnicodeCodeUnits.decode(at: index, in: text, limit: end)
            index += length
            switch scalar {
            case 0xFE0F, 0x20E3, 0xE0020...0xE007F:
                return true
            case 0xFE0E:
                if scalarIndex == 1 { textSelectorFollowsFirst = true }
            case 0x200D:
                pendingZeroWidthJoiner = firstIsPictographic
            default:
                let properties = mayHaveEmojiProperties(scalar) ? labelkit_icu_emoji_properties(scalar) : 0
                let isPictographic = properties & UInt8(LABELKIT_ICU_EXTENDED_PICTOGRAPHIC) != 0
                if properties & UInt8(LABELKIT_ICU_EMOJI_MODIFIER) != 0 { return true }
                if pendingZeroWidthJoiner && isPictographic { return true }
                pendingZeroWidthJoiner = false
                if properties & UInt8(LABELKIT_ICU_REGIONAL_INDICATOR) != 0 { regionalIndicators += 1 }
                if scalarIndex == 0 {
                    firstIsEmojiPresentation = properties & UInt8(LABELKIT_ICU_EMOJI_PRESENTATION) != 0
                    firstIsPictographic = isPictographic
                }
            }
            scalarIndex += 1
        }
        if regionalIndicators >= 2 { return true }
        return firstIsEmojiPresentation && !textSelectorFollowsFirst
    }
}
