/// Character classes of the link scanner, on Unicode scalar values.
///
/// They follow twitter-text's regular expressions (`validDomainChars`, `validGeneralUrlPathChars`,
/// `hashtagAlphaNumeric`, …) so that the scanner can run as plain loops with no backtracking.
enum ScalarClass {
    @inline(__always) static func isASCIIDigit(_ c: UInt32) -> Bool { c >= 0x30 && c <= 0x39 }
    @inline(__always) static func isASCIILetter(_ c: UInt32) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    @inline(__always) static func isASCIIAlphanumeric(_ c: UInt32) -> Bool { isASCIIDigit(c) || isASCIILetter(c) }

    /// ASCII punctuation: ``!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~``.
    @inline(__always) static func isASCIIPunctuation(_ c: UInt32) -> Bool {
        (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E)
    }

    /// twitter-text's `latinAccentChars`.
    @inline(__always) static func isLatinAccent(_ c: UInt32) -> Bool {
        switch c {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x24F, 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B, 0x263,
            0x268, 0x26F, 0x272, 0x289, 0x28B, 0x2BB, 0x300...0x36F, 0x1E00...0x1EFF:
            true
        default: false
        }
    }

    /// twitter-text's `spaces`: Unicode white space.
    @inline(__always) static func isSpace(_ c: UInt32) -> Bool {
        switch c {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            true
        default: false
        }
    }

    /// Bidirectional marks and controls (twitter-text's `directionalMarkers` plus embeddings and isolates).
    @inline(__always) static func isDirectional(_ c: UInt32) -> Bool {
        c == 0x61C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)
    }

    /// The bidi controls that flag a link (U+202A–U+202E, U+2066–U+2069).
    @inline(__always) static func isBidiControl(_ c: UInt32) -> Bool {
        (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)
    }

    /// A character that may appear in a host label after a scheme (twitter-text's `validDomainChars`, without
    /// the punctuation and invisible characters of other blocks: `http://example.com。` ends before `。`).
    @inline(__always) static func isDomainCharacter(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIAlphanumeric(c) }
        return !isSpace(c) && !isDirectional(c) && !isNonASCIIPunctuation(c)
    }

    /// A domain character, `-` or `_`: what a host label is made of after an explicit scheme.
    @inline(__always) static func isHostCharacter(_ c: UInt32) -> Bool {
        isDomainCharacter(c) || c == 0x2D || c == 0x5F
    }

    /// Punctuation, spacing and invisible characters outside ASCII that neither hosts nor paths are made of: the
    /// Latin-1 signs, general punctuation (ZWJ and ZWNJ excepted), CJK and fullwidth punctuation, specials.
    @inline(__always) static func isNonASCIIPunctuation(_ c: UInt32) -> Bool {
        switch c {
        case 0x80...0xA9, 0xAB...0xB4, 0xB6...0xB9, 0xBB...0xBF, 0xD7, 0xF7, 0x2000...0x200B, 0x200E...0x206F,
            0x2E00...0x2E7F, 0x3000...0x3004, 0x3008...0x3020, 0x3030, 0x303D...0x303F, 0xFE10...0xFE1F,
            0xFE30...0xFE6F, 0xFEFF, 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65,
            0xFFF0...0xFFFF:
            true
        default: false
        }
    }

    /// A character that ends a URL's path, query or fragment: white space, controls, `<`, `>`, `` ` ``, `\`, `^`,
    /// bidirectional controls, curly quotes and guillemets, and CJK and fullwidth punctuation (`。`, `」`).
    @inline(__always) static func isTailStop(_ c: UInt32) -> Bool {
        if c < 0x80 {
            return c <= 0x20 || c == 0x7F || c == 0x3C || c == 0x3E || c == 0x60 || c == 0x5C || c == 0x5E
        }
        switch c {
        case 0x80...0xA0, 0xAB, 0xBB, 0x200B, 0x2018, 0x2019, 0x201C, 0x201D, 0x2039, 0x203A, 0xFEFF, 0xFFF0...0xFFFF:
            return true
        case 0x3000...0x3004, 0x3008...0x3020, 0x3030, 0x303D...0x303F, 0xFF01...0xFF0F, 0xFF1A...0xFF20,
            0xFF3B...0xFF40, 0xFF5B...0xFF65:
            return true
        default:
            return isSpace(c) || isDirectional(c)
        }
    }

    /// A character a URL may end with (twitter-text's `validUrlPathEndingChars`, widened to every script):
    /// letters, digits, marks and symbols, `/`, `-`, `_`, `+`, `=` and `#`; not `.`, `,`, `!`, `?`, `'`, `~`, `%`,
    /// `@`, `&` (outside the query), other punctuation, ZWJ or ZWNJ.
    @inline(__always) static func isTailEnding(_ c: UInt32) -> Bool {
        if c < 0x80 {
            return isASCIIAlphanumeric(c) || c == 0x2F || c == 0x2D || c == 0x5F || c == 0x2B || c == 0x3D || c == 0x23
        }
        switch c {
        case 0xA1...0xBF, 0x2000...0x2BFF, 0x2E00...0x2E7F, 0xFE10...0xFE6F: return false
        default: return true
        }
    }

    /// Marks that end a sentence or clause, in ASCII and in CJK text (`.`, `!`, `。`, `、`, `！`).
    @inline(__always) static func isSentencePunctuation(_ c: UInt32) -> Bool {
        switch c {
        case 0x2E, 0x2C, 0x21, 0x3F, 0x3B, 0x3A, 0x3001, 0x3002, 0xFF01, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F,
            0xFF61, 0xFF64:
            true
        default: false
        }
    }

    /// twitter-text's `validUrlQueryChars`, for its `t.co` rule.
    @inline(__always) static func isQueryCharacter(_ c: UInt32) -> Bool {
        if isASCIIAlphanumeric(c) { return true }
        switch c {
        case 0x21, 0x3F, 0x2A, 0x27, 0x40, 0x28, 0x29, 0x3B, 0x3A, 0x26, 0x3D, 0x2B, 0x24, 0x2F, 0x25, 0x23, 0x5B,
            0x5D, 0x2D, 0x5F, 0x2E, 0x2C, 0x7E, 0x7C:
            return true
        default: return false
        }
    }

    /// twitter-text's `validUrlQueryEndingChars`, for its `t.co` rule.
    @inline(__always) static func isQueryEndingCharacter(_ c: UInt32) -> Bool {
        isASCIIAlphanumeric(c) || c == 0x2D || c == 0x5F || c == 0x26 || c == 0x3D || c == 0x23 || c == 0x2F
    }

    /// Letters and marks (twitter-text's `hashtagAlpha`).
    @inline(__always) static func isHashtagLetter(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIILetter(c) }
        guard let scalar = Unicode.Scalar(c) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// twitter-text's `hashtagAlphaNumeric`: letters, marks, decimal digits, `_` and a few joiners and marks.
    @inline(__always) static func isHashtagCharacter(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIAlphanumeric(c) || c == 0x5F }
        switch c {
        case 0x200C, 0x200D, 0xA67E, 0x5BE, 0x5F3, 0x5F4, 0xFF5E, 0x301C, 0x309B, 0x309C, 0x30A0, 0x30FB, 0x3003,
            0xF0B, 0xF0C, 0xB7:
            return true
        default:
            break
        }
        if isHashtagLetter(c) { return true }
        guard let scalar = Unicode.Scalar(c) else { return false }
        return scalar.properties.generalCategory == .decimalNumber
    }

    /// Any decimal digit (general category Nd).
    @inline(__always) static func isDecimalDigit(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIDigit(c) }
        guard let scalar = Unicode.Scalar(c) else { return false }
        return scalar.properties.generalCategory == .decimalNumber
    }

    /// Characters of a mention's user name: `[A-Za-z0-9_]`.
    @inline(__always) static func isMentionCharacter(_ c: UInt32) -> Bool { isASCIIAlphanumeric(c) || c == 0x5F }

    /// Characters of an e-mail's local part (the common dot-atom subset of RFC 5322).
    @inline(__always) static func isEmailLocalCharacter(_ c: UInt32) -> Bool {
        if isASCIIAlphanumeric(c) { return true }
        switch c {
        case 0x2E, 0x21, 0x23, 0x24, 0x25, 0x26, 0x2A, 0x2B, 0x3D, 0x3F, 0x5E, 0x5F, 0x7B, 0x7C, 0x7D, 0x7E, 0x2D:
            return true
        default: return false
        }
    }
}
