import CFreeType
import LabelKit
import LabelKitLayout
import LabelKitText
import Testing

@Suite struct MetricsTests {
    /// The face's ascender, descender and units per em as FreeType reads them from the file — independently of the
    /// code under test.
    private func freeTypeMetrics(path: String) throws -> (
        ascender: Double, descender: Double, height: Double, upem: Double
    ) {
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        try #require(FT_New_Face(library, path, 0, &face) == 0)
        defer { FT_Done_Face(face) }
        let record = try #require(face).pointee
        return (Double(record.ascender), Double(record.descender), Double(record.height), Double(record.units_per_EM))
    }

    /// The face's `OS/2` typographic ascender and descender as FreeType reads them (`TT_OS2`), or nil without the
    /// table.
    private func freeTypeTypoMetrics(path: String, faceIndex: Int) throws -> (ascender: Double, descender: Double)? {
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        try #require(FT_New_Face(library, path, faceIndex, &face) == 0)
        defer { FT_Done_Face(face) }
        guard let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) else { return nil }
        let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
        return (Double(os2.sTypoAscender), Double(os2.sTypoDescender))
    }

    @Test("the em box is the OS/2 typographic ascender and descender scaled to one em: 0.88 and 0.12 in Noto Sans CJK")
    func emBoxFromTypoMetrics() throws {
        let cjk = try SystemFontSystem.shared.systemFace(for: FontDescriptor(family: "Noto Sans CJK JP"))
        let box = cjk.emBox(size: 15)
        #expect(abs(box.ascent - 13.2) < 1e-9 && abs(box.descent - 1.8) < 1e-9, "\(box)")
        // Its ascent and descent are taller: 1.16 and 0.288 em.
        #expect(cjk.metrics(size: 15).ascent > box.ascent + 2)
        for family in ["DejaVu Sans", "Noto Sans", "Noto Sans CJK JP"] {
            let face = try SystemFontSystem.shared.systemFace(for: FontDescriptor(family: family))
            let typo = try #require(try freeTypeTypoMetrics(path: face.filePath, faceIndex: face.faceIndex))
            let box = face.emBox(size: 20)
            #expect(abs(box.ascent + box.descent - 20) < 1e-9, "one em: \(family) \(box)")
            #expect(abs(box.ascent - 20 * typo.ascender / (typo.ascender - typo.descender)) < 1e-9, "\(family)")
        }
    }

    @Test func dejaVuSansAt15pxMatchesFreeType() throws {
        let face = try SystemFontSystem.shared.systemFace(for: FontDescriptor(family: "DejaVu Sans"))
        let expected = try freeTypeMetrics(path: face.filePath)
        let metrics = face.metrics(size: 15)
        #expect(abs(metrics.ascent - expected.ascender / expected.upem * 15) < 0.002)
        #expect(abs(metrics.descent - -expected.descender / expected.upem * 15) < 0.002)
        // FreeType's height is ascender − descender + line gap.
        let lineHeight = metrics.ascent + metrics.descent + metrics.lineGap
        #expect(abs(lineHeight - expected.height / expected.upem * 15) < 0.003)
        #expect(metrics.underlineThickness > 0.5 && metrics.underlineThickness < 2)
        #expect(metrics.underlineOffset > 0 && metrics.underlineOffset < metrics.descent)
        #expect(metrics.strikethroughOffset > 2 && metrics.strikethroughOffset < metrics.ascent / 2)
    }

    @Test func cjkFallbackMetricsMatchFreeType() throws {
        let face = try #require(
            SystemFontSystem.shared.fallback(for: "日", descriptor: FontDescriptor(family: "DejaVu Sans"))
                as? SystemFontFace)
        let expected = try freeTypeMetrics(path: face.filePath)
        let metrics = face.metrics(size: 15)
        #expect(abs(metrics.ascent - expected.ascender / expected.upem * 15) < 0.002)
        #expect(abs(metrics.descent - -expected.descender / expected.upem * 15) < 0.002)
    }

    /// FreeType treats the bitmap-only emoji font as unscalable (no ascender), so check its `hhea`-based metrics
    /// against the values in the font (ascender 1900, descender −500 of 2048 units) and the line box they make.
    @Test func emojiMetricsAreSane() throws {
        let face = try #require(
            SystemFontSystem.shared.fallback(
                for: "😀", descriptor: FontDescriptor(family: "DejaVu Sans"), emojiPresentation: true) as? SystemFontFace
        )
        let metrics = face.metrics(size: 15)
        #expect(face.unitsPerEm == 2048)
        #expect(abs(metrics.ascent - 1900.0 / 2048 * 15) < 0.002)
        #expect(abs(metrics.descent - 500.0 / 2048 * 15) < 0.002)
    }
}
