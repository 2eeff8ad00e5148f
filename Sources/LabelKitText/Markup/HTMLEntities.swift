/// The character references the HTML reader decodes: the 252 named references of HTML 4.01 and `&apos;`, and
/// numeric ones (`&#169;`, `&#xA9;`).
///
/// A reference needs its `;`. One without it, or with a name not in the table, stays literal text, as browsers keep an
/// unknown name (they also accept a few legacy names without `;`, which stay literal here). A number that is no
/// character (0, a surrogate, past U+10FFFF) reads as U+FFFD, and 0x80–0x9F as the Windows-1252 characters HTML maps
/// them to (`&#150;` is `–`), as browsers do. `&lang;` and `&rang;` are U+27E8 and U+27E9, as in HTML5.
///
/// ```swift
/// HTMLEntities.scalar(named: "hellip")   // "…"
/// HTMLEntities.scalar(number: 0x1F600)   // "😀"
/// ```
enum HTMLEntities {
    /// The longest name in the table, in characters: a longer run of letters cannot be a reference.
    static let longestName = 8

    /// The character a named reference stands for, or nil when the name is not in the table (names are
    /// case-sensitive: `&Eacute;` is É, `&eacute;` é).
    static func scalar(named name: String) -> Unicode.Scalar? {
        table[name]
    }

    /// The character a numeric reference stands for, as browsers read it.
    static func scalar(number: UInt32) -> Unicode.Scalar {
        if (0x80...0x9F).contains(number), let mapped = windows1252[number] { return mapped }
        guard number != 0, let scalar = Unicode.Scalar(number) else { return "\u{FFFD}" }
        return scalar
    }

    /// Every name and its character.
    static let table: [String: Unicode.Scalar] = {
        var table: [String: Unicode.Scalar] = [:]
        func add(_ name: Substring, _ value: UInt32) {
            if let scalar = Unicode.Scalar(value) { table[String(name)] = scalar }
        }
        // Runs of names for consecutive code points: the first line's first name is its number; `-` skips one.
        for (first, names) in [(0xA0, latin1Names), (0x391, greekNames)] {
            var value = UInt32(first)
            for name in names.split(whereSeparator: \.isWhitespace) {
                if name != "-" { add(name, value) }
                value += 1
            }
        }
        let pairs = otherNames.split(whereSeparator: \.isWhitespace)
        var index = 0
        while index + 1 < pairs.count {
            if let value = UInt32(pairs[index + 1]) { add(pairs[index], value) }
            index += 2
        }
        return table
    }()

    /// U+00A0 to U+00FF, in order.
    private static let latin1Names = """
        nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr
        deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest
        Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml
        ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig
        agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml
        eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml
        """

    /// U+0391 to U+03C9, in order (U+03A2 is unassigned).
    private static let greekNames = """
        Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho - Sigma Tau
        Upsilon Phi Chi Psi Omega - - - - - - - alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu
        nu xi omicron pi rho sigmaf sigma tau upsilon phi chi psi omega
        """

    /// The rest, as name and decimal code point.
    private static let otherNames = """
        quot 34 amp 38 apos 39 lt 60 gt 62 OElig 338 oelig 339 Scaron 352 scaron 353 Yuml 376 fnof 402 circ 710
        tilde 732 thetasym 977 upsih 978 piv 982 ensp 8194 emsp 8195 thinsp 8201 zwnj 8204 zwj 8205 lrm 8206
        rlm 8207 ndash 8211 mdash 8212 lsquo 8216 rsquo 8217 sbquo 8218 ldquo 8220 rdquo 8221 bdquo 8222
        dagger 8224 Dagger 8225 bull 8226 hellip 8230 permil 8240 prime 8242 Prime 8243 lsaquo 8249 rsaquo 8250
        oline 8254 frasl 8260 euro 8364 image 8465 weierp 8472 real 8476 trade 8482 alefsym 8501 larr 8592
        uarr 8593 rarr 8594 darr 8595 harr 8596 crarr 8629 lArr 8656 uArr 8657 rArr 8658 dArr 8659 hArr 8660
        forall 8704 part 8706 exist 8707 empty 8709 nabla 8711 isin 8712 notin 8713 ni 8715 prod 8719 sum 8721
        minus 8722 lowast 8727 radic 8730 prop 8733 infin 8734 ang 8736 and 8743 or 8744 cap 8745 cup 8746
        int 8747 there4 8756 sim 8764 cong 8773 asymp 8776 ne 8800 equiv 8801 le 8804 ge 8805 sub 8834 sup 8835
        nsub 8836 sube 8838 supe 8839 oplus 8853 otimes 8855 perp 8869 sdot 8901 lceil 8968 rceil 8969
        lfloor 8970 rfloor 8971 lang 10216 rang 10217 loz 9674 spades 9824 clubs 9827 hearts 9829 diams 9830
        """

    /// What HTML reads numbers 0x80–0x9F as: the Windows-1252 characters at those bytes (the five bytes that
    /// Windows-1252 leaves undefined read as themselves).
    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}", 0x86: "\u{2020}",
        0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}", 0x8B: "\u{2039}", 0x8C: "\u{0152}",
        0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}", 0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}",
        0x96: "\u{2013}", 0x97: "\u{2014}", 0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}",
        0x9C: "\u{0153}", 0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]
}
