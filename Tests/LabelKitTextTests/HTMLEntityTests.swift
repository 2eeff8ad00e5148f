import Foundation
import Testing

@testable import LabelKitText

@Suite("HTML reader: character references")
struct HTMLEntityTests {
    @Test("the table holds HTML 4.01's 252 names and &apos;")
    func tableSize() {
        #expect(HTMLEntities.table.count == 253)
    }

    /// Values from the HTML 4.01 DTDs (HTMLlat1, HTMLsymbol, HTMLspecial), written out here by hand.
    @Test("names across the table read as the characters HTML 4.01 gives them")
    func knownNames() {
        let expected: [String: UInt32] = [
            "nbsp": 0xA0, "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27, "copy": 0xA9,
            "reg": 0xAE, "trade": 0x2122, "hellip": 0x2026, "mdash": 0x2014, "ndash": 0x2013, "lsquo": 0x2018,
            "rsquo": 0x2019, "ldquo": 0x201C, "rdquo": 0x201D, "sbquo": 0x201A, "bdquo": 0x201E, "euro": 0x20AC,
            "yen": 0xA5, "pound": 0xA3, "cent": 0xA2, "iexcl": 0xA1, "shy": 0xAD, "macr": 0xAF, "iquest": 0xBF,
            "Agrave": 0xC0, "AElig": 0xC6, "ETH": 0xD0, "times": 0xD7, "szlig": 0xDF, "agrave": 0xE0,
            "eth": 0xF0, "divide": 0xF7, "thorn": 0xFE, "yuml": 0xFF, "Yuml": 0x178, "OElig": 0x152,
            "scaron": 0x161, "fnof": 0x192, "circ": 0x2C6, "tilde": 0x2DC, "Alpha": 0x391, "Rho": 0x3A1,
            "Sigma": 0x3A3, "Omega": 0x3A9, "alpha": 0x3B1, "sigmaf": 0x3C2, "sigma": 0x3C3, "omega": 0x3C9,
            "thetasym": 0x3D1, "upsih": 0x3D2, "piv": 0x3D6, "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009,
            "zwnj": 0x200C, "zwj": 0x200D, "lrm": 0x200E, "rlm": 0x200F, "dagger": 0x2020, "Dagger": 0x2021,
            "bull": 0x2022, "permil": 0x2030, "prime": 0x2032, "Prime": 0x2033, "lsaquo": 0x2039, "rsaquo": 0x203A,
            "oline": 0x203E, "frasl": 0x2044, "weierp": 0x2118, "image": 0x2111, "real": 0x211C, "alefsym": 0x2135,
            "larr": 0x2190, "harr": 0x2194, "crarr": 0x21B5, "lArr": 0x21D0, "hArr": 0x21D4, "forall": 0x2200,
            "part": 0x2202, "exist": 0x2203, "empty": 0x2205, "nabla": 0x2207, "isin": 0x2208, "notin": 0x2209,
            "ni": 0x220B, "prod": 0x220F, "sum": 0x2211, "minus": 0x2212, "lowast": 0x2217, "radic": 0x221A,
            "prop": 0x221D, "infin": 0x221E, "ang": 0x2220, "and": 0x2227, "or": 0x2228, "cap": 0x2229,
            "cup": 0x222A, "int": 0x222B, "there4": 0x2234, "sim": 0x223C, "cong": 0x2245, "asymp": 0x2248,
            "ne": 0x2260, "equiv": 0x2261, "le": 0x2264, "ge": 0x2265, "sub": 0x2282, "sup": 0x2283,
            "nsub": 0x2284, "sube": 0x2286, "supe": 0x2287, "oplus": 0x2295, "otimes": 0x2297, "perp": 0x22A5,
            "sdot": 0x22C5, "lceil": 0x2308, "rfloor": 0x230B, "lang": 0x27E8, "rang": 0x27E9, "loz": 0x25CA,
            "spades": 0x2660, "clubs": 0x2663, "hearts": 0x2665, "diams": 0x2666,
        ]
        for (name, value) in expected {
            #expect(HTMLEntities.scalar(named: name)?.value == value, "&\(name);")
        }
        #expect(HTMLEntities.scalar(named: "Eacute") != HTMLEntities.scalar(named: "eacute"))   // case matters
    }

    @Test("named and numeric references are decoded in text and in attribute values")
    func decoding() throws {
        #expect(
            try htmlText("&lt;b&gt; &amp; &quot;q&quot; &copy; 2024 &mdash; &euro;5 &hellip;")
                == "<b> & \"q\" © 2024 — €5 …")
        #expect(try htmlText("&#65;&#x42;&#X43;&#x1F600;&#0065;") == "ABC😀A")
        let text = try LabelMarkup.html(#"<a href="https://e.com/?a=1&amp;b=2">x</a>"#).text
        #expect(text.runs.first?.link?.absoluteString == "https://e.com/?a=1&b=2")
    }

    @Test("an unknown or unterminated reference stays literal text, as in browsers")
    func literal() throws {
        #expect(
            try htmlText("&bogus; &amp &copy &; &#; &#x; &#12a; & AT&T &verylongnamehere;")
                == "&bogus; &amp &copy &; &#; &#x; &#12a; & AT&T &verylongnamehere;")
        #expect(try htmlText("&AMP;") == "&AMP;")   // names are case-sensitive
        #expect(try htmlText("tail &") == "tail &")
    }

    @Test("numbers that are no character read as U+FFFD; 0x80–0x9F as Windows-1252, as browsers do")
    func numericEdges() throws {
        #expect(try htmlText("&#0;&#xD800;&#x110000;&#99999999999999999999;") == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(try htmlText("&#150;&#x80;&#x81;&#153;") == "–€\u{81}™")
    }

    @Test("&nbsp; is not white space: it is kept where spaces collapse")
    func nbsp() throws {
        #expect(try htmlText("<p>&nbsp;a &nbsp; b&nbsp;</p>") == "\u{A0}a \u{A0} b\u{A0}")
    }
}
