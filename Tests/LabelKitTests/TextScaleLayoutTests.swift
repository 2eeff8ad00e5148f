import Foundation
import LabelKit
import Testing

/// The text scale in layouts: sizes scale along the curve, maxima cap them, a new scale is a new layout, and words
/// shaped at other sizes stay in the cache.
@Suite("Laying out at a text scale")
struct TextScaleLayoutTests {
    static func typesetter(_ style: TextStyle) -> LabelTypesetter {
        var typesetter = LabelTypesetter.system(style: style)
        typesetter.context = TypesettingContext()
        return typesetter
    }

    @Test("body text at scale 2 is laid out at 31.06 points, as the same text given that size")
    func bodyAtScaleTwo() throws {
        let scaled = try Self.typesetter(TextStyle(dynamicTextStyle: .body, textScale: TextScale(2)))
            .layout("Follow the person")
        let size = try #require(scaled.runs.first).style.fontSize
        #expect(abs(size - 31.06) < 0.005)
        let fixed = try Self.typesetter(TextStyle(fontSize: size)).layout("Follow the person")
        #expect(scaled.size == fixed.size)
        #expect(scaled.lines.map(\.textRange) == fixed.lines.map(\.textRange))
    }

    @Test("a label at the standard scale lays out exactly as before scales existed")
    func standardScaleChangesNothing() throws {
        let styled = try Self.typesetter(TextStyle(dynamicTextStyle: .subheadline)).layout("決済をしたと同時に利用規約")
        let plain = try Self.typesetter(TextStyle(fontSize: 15)).layout("決済をしたと同時に利用規約")
        #expect(styled.size == plain.size)
        #expect(styled.runs.map(\.style) == plain.runs.map(\.style))
    }

    @Test("every size in a label scales: the base, a run's text style, a run's own size; maxima cap them")
    func runSizesScaleAndCap() throws {
        var text = AttributedString("base caption own capped")
        if let range = text.range(of: "caption") { text[range].labelKit.textStyle = .caption1 }
        if let range = text.range(of: "own") { text[range].labelKit.fontSize = 20 }
        if let range = text.range(of: "capped") {
            text[range].labelKit.textStyle = .largeTitle
            text[range].labelKit.maximumFontSize = 40
        }
        let style = TextStyle(dynamicTextStyle: .body, textScale: try TextScale(2), maximumFontSize: 44)
        let layout = try Self.typesetter(style).layout(text)
        func size(of word: String) -> Double? {
            guard let range = text.range(of: word) else { return nil }
            let start = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
            return layout.runs.first { $0.textRange.contains(start) }?.style.fontSize
        }
        #expect(abs((size(of: "base") ?? 0) - 31.06) < 0.005)
        #expect(abs((size(of: "caption") ?? 0) - 23.64) < 0.005)
        #expect(abs((size(of: "own") ?? 0) - 34.93) < 0.005, "20 pt scales as title3 does")
        #expect(size(of: "capped") == 40, "48.08, capped by the run's maximum")
        let capped = try Self.typesetter(
            TextStyle(dynamicTextStyle: .largeTitle, textScale: TextScale(2), maximumFontSize: 44)
        )
        .layout("x")
        #expect(capped.runs.first?.style.fontSize == 44, "48.08, capped by the label's maximum")
    }

    @Test("a headline is semibold unless the label asks for a weight")
    func headlineIsSemibold() throws {
        let layout = try Self.typesetter(TextStyle(dynamicTextStyle: .headline)).layout("Headline")
        #expect(layout.runs.first?.style.fontDescriptor.weight == .semibold)
        var text = AttributedString("run")
        text.labelKit.textStyle = .headline
        #expect(try Self.typesetter(TextStyle()).layout(text).runs.first?.style.fontDescriptor.weight == .semibold)
    }

    @Test("an attachment that scales with the text grows as body text does; one that does not keeps its size")
    func attachmentsOptInToScaling() throws {
        func box(scales: Bool, at scale: Double) throws -> CGRect? {
            var text = AttributedString("a ")
            text += AttributedString(
                attachment: TextAttachment(
                    width: 20, height: 10, content: .custom(identifier: "icon"), scalesWithText: scales))
            let layout = try Self.typesetter(TextStyle(textScale: TextScale(scale))).layout(text)
            return layout.attachments.first?.rect
        }
        let ratio = try TextScale(2).scaledSize(17) / 17
        #expect(try box(scales: true, at: 1)?.size == CGSize(width: 20, height: 10))
        let grown = try #require(try box(scales: true, at: 2))
        #expect(abs(grown.width - 20 * ratio) < 0.01 && abs(grown.height - 10 * ratio) < 0.01)
        #expect(abs(ratio - 31.06 / 17) < 0.001)
        #expect(try box(scales: false, at: 2)?.size == CGSize(width: 20, height: 10))
    }

    @Test("a maximum font size that is not a number > 0 is a typed error, on the label or on a run")
    func badMaximaAreErrors() {
        for bad in [0, -3, Double.nan, .infinity] {
            #expect(throws: LayoutError.self) {
                try Self.typesetter(TextStyle(maximumFontSize: bad)).layout("x")
            }
            var text = AttributedString("x")
            text.labelKit.maximumFontSize = bad
            #expect(throws: LayoutError.self) { try Self.typesetter(TextStyle()).layout(text) }
        }
    }

    @Test("a new scale is a new layout; words shaped at the old size stay in the cache and serve it again")
    func wordsAtOtherSizesStayCached() throws {
        let text = "Words already shaped at other sizes stay in the cache"
        var typesetter = Self.typesetter(TextStyle(dynamicTextStyle: .body))
        let cache = try #require(typesetter.context.wordCache)
        let first = try typesetter.layout(text)
        let afterFirst = cache.statistics
        typesetter.style.textScale = try TextScale(1.5)
        let larger = try typesetter.layout(text)
        #expect(larger.size.width > first.size.width)
        let afterLarger = cache.statistics
        #expect(afterLarger.misses > afterFirst.misses, "the larger words were shaped")
        typesetter.style.textScale = .standard
        let again = try typesetter.layout(text)
        #expect(again.size == first.size)
        #expect(cache.statistics.misses == afterLarger.misses, "every word at the first size came from the cache")
        #expect(cache.statistics.hits > afterLarger.hits)
        #expect(typesetter.context.typesetCount == 3)
    }
}
