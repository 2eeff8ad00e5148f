/// The one home of the character classes the typesetter and the font backends decide by: line-break units, hanging
/// spaces, space separators, control characters and the characters that need no glyph.
///
/// They sit in the hot loops of itemization, line breaking and positioning, so each is a few integer comparisons,
/// inlined where it is used — in the other modules too, which needs the type `@usableFromInline`: a `package` type's
/// `@inlinable` members are not inlined across modules otherwise (measured: 5 % more instructions per label).
@usableFromInline package enum CharacterClass {
    /// SOFT HYPHEN (U+00AD): an invisible break opportunity that shows a hyphen when a line ends at it.
    package static let softHyphen: UInt16 = 0xAD

    /// Code units that end a line by themselves: LF, VT, FF, CR, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
    @inlinable @inline(__always) package static func isLineBreak(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0B || unit == 0x0C || unit == 0x0D || unit == 0x85 || unit == 0x2028
            || unit == 0x2029
    }

    /// Spaces that hang past the end of a line and stretch when justifying: space, tab, ideographic space, Ogham
    /// space mark and the general-punctuation spaces apart from the figure space (which keeps digits aligned).
    @inlinable @inline(__always) package static func isHangingSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x3000 || unit == 0x1680
            || (0x2000...0x200A).contains(unit)
                && unit != 0x2007
            || unit == 0x205F
    }

    /// Kana a ruby annotation may reach over: hiragana, katakana (the middle dot apart, which is punctuation), their
    /// phonetic extensions and the halfwidth katakana.
    package static func isKana(_ unit: UInt16) -> Bool {
        (0x3041...0x309F).contains(unit) || ((0x30A0...0x30FF).contains(unit) && unit != 0x30FB)
            || (0x31F0...0x31FF).contains(unit) || (0xFF66...0xFF9F).contains(unit)
    }

    /// Space separators (general category Zs) apart from the Ogham space mark, which has a visible glyph.
    @inlinable @inline(__always) package static func isSpaceSeparator(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0xA0 || (0x2000...0x200A).contains(unit) || unit == 0x202F || unit == 0x205F
            || unit == 0x3000
    }

    /// Control characters (general category Cc: C0, DEL and C1). A tab becomes blank space as wide as its tab stop
    /// makes it, the others blank and zero-width; line breaks among them end their line before shaping.
    @inlinable @inline(__always) package static func isControl(_ unit: UInt16) -> Bool {
        unit < 0x20 || (0x7F...0x9F).contains(unit)
    }

    /// Whether the scalar `value` draws nothing, so that no face needs a glyph for it: control characters and the
    /// default-ignorable code points HarfBuzz hides (joiners, bidi marks, embeddings and isolates, variation
    /// selectors, tags, soft hyphen, word joiner, zero-width spaces…).
    ///
    /// This is Unicode's `Default_Ignorable_Code_Point` without the Hangul fillers (U+115F, U+1160, U+3164,
    /// U+FFA0) and the shorthand format controls (U+1BCA0–1BCA3), which fonts draw with spacing glyphs and
    /// HarfBuzz therefore shows, plus the controls (Cc). Font choice skips these scalars: a cluster is drawn by the
    /// first face that covers everything else in it.
    @inlinable @inline(__always) package static func needsNoGlyph(_ value: UInt32) -> Bool {
        if value < 0xA0 { return value < 0x20 || value >= 0x7F }
        if value < 0x2000 {
            return value == 0xAD || value == 0x34F || value == 0x61C || (0x17B4...0x17B5).contains(value)
                || (0x180B...0x180F).contains(value)
        }
        if value <= 0x206F {
            return (0x200B...0x200F).contains(value) || (0x202A...0x202E).contains(value) || value >= 0x2060
        }
        if value < 0xFE00 { return false }
        if value <= 0xFFFF { return value <= 0xFE0F || value == 0xFEFF || (0xFFF0...0xFFF8).contains(value) }
        return (0x1D173...0x1D17A).contains(value) || (0xE0000...0xE0FFF).contains(value)
    }

    /// Whether the scalar `value` is a letter with a script of its own (general category Lu, Ll, Lt or Lo; modifier
    /// letters such as U+02BC and U+30FC belong to script Common and are left out). A word that starts with one is
    /// shaped in that letter's script whether it is shaped alone or with the text around it; a word that starts with a
    /// digit, punctuation or a symbol takes the script of the text before it, so it is only shaped with that text.
    @inlinable @inline(__always) package static func isScriptLetter(_ value: UInt32) -> Bool {
        if value < 0x80 { return (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A }
        // Blocks all of one kind, answered without the general-category lookup (a test compares every scalar's
        // answer with the lookup's): Hebrew, Arabic, Devanagari and Bengali letters and vowel signs, the Thai and
        // Khmer letters their words start with, kana, ideographs and Hangul syllables; arrows to symbols, and the
        // emoji planes' symbols, which hold no letter.
        if value < 0x0660 {
            if (0x05D0...0x05EA).contains(value) || (0x0620...0x064A).contains(value) && value != 0x0640 {
                return true
            }
            if (0x0591...0x05C7).contains(value) || (0x064B...0x065F).contains(value) { return false }
        } else if value >= 0x0900 && value < 0x0A00 {
            if (0x0904...0x0939).contains(value) || (0x0985...0x098C).contains(value)
                || (0x0993...0x09A8).contains(value) || (0x09AA...0x09B0).contains(value)
            {
                return true
            }
            if (0x093E...0x094F).contains(value) || (0x09BE...0x09CD).contains(value) { return false }
        } else if value >= 0x0E00 && value < 0x1800 {
            if (0x0E01...0x0E30).contains(value) || (0x0E32...0x0E33).contains(value)
                || (0x0E40...0x0E45).contains(value) || (0x1780...0x17B3).contains(value)
            {
                return true
            }
        } else if value >= 0x2190 {
            if value < 0x2C00 || (0x1F000..<0x1FB00).contains(value) { return false }
            if (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0x3041...0x3096).contains(value) || (0x30A1...0x30FA).contains(value)
            {
                return true
            }
        }
        return isLetterByCategory(value)
    }

    /// Whether the general category of the scalar `value` is Lu, Ll, Lt or Lo. Out of line: the standard library's
    /// property types are resilient, so a function that reads them asks for their metadata on entry, before any
    /// fast path; inlined, that cost every ASCII letter two calls through the PLT (a tenth of the branch
    /// mispredictions of a Latin label).
    @usableFromInline @inline(never) package static func isLetterByCategory(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: return true
        default: return false
        }
    }
}
