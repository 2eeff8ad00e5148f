import Foundation
import LabelKit
import Testing

/// The typesetter with the system backends: DejaVu Sans 15 px, falling back to Noto Sans CJK JP and Noto Color Emoji.
@Suite("Typesetting with real fonts")
struct RealFontTypesettingTests {
    let typesetter = LabelTypesetter.system
    static let seed = "決済をしたと同時に利用規約に同意したとみなします"

    func lineTexts(_ layout: TextLayout) -> [String] {
        let units = Array(layout.string.utf16)
        return layout.lines.map { line in
            String(decoding: units[line.textRange], as: UTF16.self)
        }
    }

    @Test("the seed sentence wraps where a Japanese reader expects, at every width from 100 to 400")
    func seedWraps() throws {
        let forbiddenLineStarts: Set<Character> = ["。", "、", "」", "ー", "ゃ", "ゅ", "ょ", "っ"]
        for width in stride(from: 100.0, through: 400, by: 10) {
            let layout = try typesetter.layout(Self.seed, in: TextContainer(width: width))
            let lines = lineTexts(layout)
            #expect(lines.joined() == Self.seed, "no text is lost at \(width)")
            for line in lines {
                #expect(layout.lines.allSatisfy { $0.rect.width <= width + 0.001 }, "fits \(width)")
                if let first = line.first { #expect(!forbiddenLineStarts.contains(first), "\(line) at \(width)") }
            }
            // Every ideograph and kana is 15 px wide in Noto Sans CJK JP at 15 px: lines hold ⌊width / 15⌋ of them.
            let perLine = Int(width / 15)
            #expect(lines.dropLast().allSatisfy { $0.count == perLine }, "\(lines) at \(width)")
        }
    }

    @Test("a line ending before 。 moves the preceding character down with it")
    func kinsoku() throws {
        // Eight characters fit 120 px; the ninth is "。", which may not start a line.
        let layout = try typesetter.layout("あいうえおかきく。けこ", in: TextContainer(width: 120))
        #expect(lineTexts(layout) == ["あいうえおかき", "く。けこ"])
    }

    @Test("Vietnamese in NFD measures the same as in NFC")
    func vietnameseNormalization() throws {
        let nfc = "Tiếng Việt có dấu: người, những, được, Nguyễn Thị Thủy"
        let nfd = nfc.decomposedStringWithCanonicalMapping
        #expect(nfd.utf16.count > nfc.utf16.count)
        for width in [120.0, 200, 300] {
            let composed = try typesetter.layout(nfc, in: TextContainer(width: width))
            let decomposed = try typesetter.layout(nfd, in: TextContainer(width: width))
            #expect(composed.lines.count == decomposed.lines.count)
            #expect(abs(composed.usedRect.width - decomposed.usedRect.width) < 0.01, "at \(width)")
            #expect(composed.size == decomposed.size)
        }
    }

    @Test("an emoji ZWJ sequence is one cluster, drawn by the colour emoji font")
    func zwjFamily() throws {
        let family = "👨‍👩‍👧‍👦"
        let layout = try typesetter.layout("a\(family)b")
        let boxes = layout.clusterRangesForTesting
        #expect(boxes == [0..<1, 1..<(1 + family.utf16.count), (1 + family.utf16.count)..<(2 + family.utf16.count)])
        #expect(layout.runs.map(\.face.familyName) == ["DejaVu Sans", "Noto Color Emoji", "DejaVu Sans"])
        #expect(layout.runs[1].glyphs.count == 1)
    }

    @Test(
        "a scalar beyond the BMP takes its own face, label after label: an emoji the emoji font, an ideograph the CJK font"
    )
    func supplementaryScalarsKeepTheirFaces() throws {
        // 😀 U+1F600 and 𠮷 U+20BB7 are both surrogate pairs; the fallback memos must not mix them up.
        for _ in 0..<3 {
            let layout = try typesetter.layout("a😀𠮷😀b𠮷")
            #expect(
                layout.runs.map(\.face.familyName) == [
                    "DejaVu Sans", "Noto Color Emoji", "Noto Sans CJK JP", "Noto Color Emoji", "DejaVu Sans",
                    "Noto Sans CJK JP",
                ])
        }
    }

    @Test(
        "clusters of several scalars take their faces label after label, and again under a new font system: skin tones, flags, a ZWJ family, kana with a voiced mark, an accented letter"
    )
    func severalScalarClustersKeepTheirFaces() throws {
        // The kept cluster memo answers these from the second label on; a new font system empties it.
        let text = "a👋🏽b🇯🇵c👨‍👩‍👧‍👦dア\u{3099}e\u{301}"
        let expected = [
            "DejaVu Sans", "Noto Color Emoji", "DejaVu Sans", "Noto Color Emoji", "DejaVu Sans", "Noto Color Emoji",
            "DejaVu Sans", "Noto Sans CJK JP", "DejaVu Sans",
        ]
        let other = LabelTypesetter(fontSystem: SystemFontSystem(), analyzer: ICUTextAnalyzer())
        for round in 0..<6 {
            let layout = try (round % 3 == 2 ? other : typesetter).layout(text)
            #expect(layout.runs.map(\.face.familyName) == expected, "round \(round)")
        }
    }

    @Test("digits, # and * stay in the text font; keycaps and flags are emoji")
    func emojiPresentation() throws {
        let layout = try typesetter.layout("#1* 1️⃣ 🇯🇵")
        #expect(
            layout.runs.map(\.face.familyName) == [
                "DejaVu Sans", "Noto Color Emoji", "DejaVu Sans", "Noto Color Emoji",
            ])
    }

    @Test("an unknown font is a typed error naming the family")
    func unknownFont() {
        let typesetter = LabelTypesetter.system(style: TextStyle(fontFamily: "No Such Family 42"))
        #expect(throws: LayoutError.font(.noMatch(FontDescriptor(family: "No Such Family 42")))) {
            try typesetter.layout("hello")
        }
    }

    @Test("Arabic is laid out right to left, right-aligned by default")
    func arabic() throws {
        let layout = try typesetter.layout("مرحبا بالعالم", in: TextContainer(width: 300))
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].paragraphLevel == 1)
        #expect(abs(layout.lines[0].rect.maxX - 300) < 0.001)
    }

    @Test("hard breaks: \\n, \\r\\n, U+2028 and U+2029 each end a line")
    func hardBreaks() throws {
        let layout = try typesetter.layout("a\nb\r\nc\u{2028}d\u{2029}e")
        #expect(lineTexts(layout) == ["a\n", "b\r\n", "c\u{2028}", "d\u{2029}", "e"])
    }

    @Test("a measured size equals the drawn layout's, for thousands of sizes")
    func sizingMatchesLayout() throws {
        for width in stride(from: 60.0, through: 400, by: 17) {
            for lines in [0, 1, 2, 3] {
                let text = "The quick brown fox jumps over the lazy dog — 利用規約 👋🏽 Việt Nam"
                let measured = try typesetter.measurement(text, width: width, numberOfLines: lines)
                let layout = try typesetter.layout(text, in: TextContainer(width: width, maximumNumberOfLines: lines))
                #expect(measured.size == layout.size)
                #expect(measured.size.height >= layout.usedRect.height)
                #expect(measured.size.width >= layout.usedRect.width)
                #expect(lines == 0 || measured.lineCount <= lines)
            }
        }
    }
}

extension TextLayout {
    /// The UTF-16 range of every cluster, in visual order, found by sweeping each line with hit tests.
    var clusterRangesForTesting: [Range<Int>] {
        lines.flatMap { clusterRanges(on: $0) }
    }

    private func clusterRanges(on line: LayoutLine) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var x = line.rect.minX + 0.01
        while x < line.rect.maxX {
            guard let hit = character(at: CGPoint(x: x, y: line.rect.midY)) else { break }
            if ranges.last != hit.range { ranges.append(hit.range) }
            x += 0.5
        }
        return ranges
    }
}

@Suite("Control characters with real fonts")
struct RealFontControlCharacterTests {
    @Test("a tab goes to the next default stop, eight spaces, and draws no missing-glyph box")
    func tab() throws {
        let typesetter = LabelTypesetter.system
        // Without tab stops, "a" and a tab end where eight spaces do (Pango's default stops).
        let tab = try typesetter.layout("a\tb")
        let spaces = try typesetter.layout("        b")
        #expect(abs(tab.usedRect.width - spaces.usedRect.width) < 0.01)
        #expect(tab.runs.flatMap(\.glyphs).map(\.glyphID).contains(ShapedGlyphBuffer.invisibleGlyph))
    }
}
