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
