import Foundation
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// Tab stops with the fixed font: size 10, every grapheme (a space too) 10 pt wide, so the default tab interval is
/// 80 pt (eight spaces). Each expected x is worked out by hand in the test's comment.
@Suite("Tab stops")
struct TabStopTests {
    func typesetter(_ configure: (inout ParagraphStyle) -> Void, language: String? = nil) throws -> LabelTypesetter {
        var paragraph = ParagraphStyle()
        configure(&paragraph)
        return LabelTypesetter(
            fontSystem: FixedFontSystem(), analyzer: SimpleTextAnalyzer(),
            style: TextStyle(
                fontFamily: "Fixed", fontSize: 10, paragraphStyle: paragraph,
                language: try language.map { try LanguageTag($0) }))
    }

    /// Lays `text` out and checks that a measurement of it is the size drawn.
    func layout(
        _ text: String, width: Double? = nil, language: String? = nil, _ configure: (inout ParagraphStyle) -> Void
    ) throws -> TextLayout {
        let typesetter = try typesetter(configure, language: language)
        let container = TextContainer(width: width)
        let layout = try typesetter.layout(text, in: container)
        #expect(
            try typesetter.measurement(AttributedString(text), in: container).size == layout.size,
            "measured ≠ drawn for \(text)")
        return layout
    }

    @Test("a left stop starts the text after the tab on it; the next tab goes to the next stop")
    func leftStops() throws {
        let layout = try layout("a\tb\tc") { $0.tabStops = [TabStop(120), TabStop(50)] }
        // a 0–10, tab 10–50, b 50–60, tab 60–120, c 120–130: the stops are sorted.
        #expect(layout.clusterXs == [0, 10, 50, 60, 120])
        #expect(layout.clusterWidths == [10, 40, 10, 60, 10])
        #expect(layout.size.width == 130)
    }

    @Test("a right stop ends the text after the tab on it, up to the next tab")
    func rightStop() throws {
        let layout = try layout("a\tbcd\te") { $0.tabStops = [TabStop(100, alignment: .right), TabStop(150)] }
        // "bcd" ends at 100 (70–100), the tab is 10–70; the second tab goes on to 150.
        #expect(layout.clusterXs == [0, 10, 70, 80, 90, 100, 150])
    }

    @Test("a centre stop centres the text after the tab on it")
    func centerStop() throws {
        let layout = try layout("a\tbcd") { $0.tabStops = [TabStop(100, alignment: .center)] }
        // "bcd" is 30 wide: 85–115.
        #expect(layout.clusterXs == [0, 10, 85, 95, 105])
        #expect(layout.size.width == 115)
    }

    @Test("a decimal stop centres the first decimal separator on it; text without one ends on it")
    func decimalStop() throws {
        let stops: (inout ParagraphStyle) -> Void = { $0.tabStops = [TabStop(100, alignment: .decimal)] }
        // "12.50": "." 95–105, so "1" at 75.
        #expect(try layout("x\t12.50", stops).clusterXs == [0, 10, 75, 85, 95, 105, 115])
        // Only the first separator counts.
        #expect(try layout("x\t1.2.3", stops).clusterXs[2] == 85)
        // "125" has none: it ends at 100.
        #expect(try layout("x\t125", stops).clusterXs == [0, 10, 70, 80, 90])
    }

    @Test("the decimal separator is the language's: a comma in German, a full stop in English")
    func decimalSeparatorByLanguage() throws {
        let stops: (inout ParagraphStyle) -> Void = { $0.tabStops = [TabStop(100, alignment: .decimal)] }
        #expect(try layout("x\t12,50", language: "de", stops).clusterXs[2] == 75)
        // In German a full stop is no separator: "12.50" ends at 100.
        #expect(try layout("x\t12.50", language: "de", stops).clusterXs[2] == 50)
        #expect(try layout("x\t12,50", language: "en", stops).clusterXs[2] == 50)
        #expect(try layout("x\t12.50", language: "fr-CA", stops).clusterXs[2] == 50)
        // "." is U+002E, "," U+002C.
        #expect(ParagraphTabs.decimalSeparator(for: nil) == 0x2E)
        #expect(ParagraphTabs.decimalSeparator(for: try LanguageTag("pt-BR")) == 0x2C)
        #expect(ParagraphTabs.decimalSeparator(for: try LanguageTag("ja")) == 0x2E)
        #expect(TabStop.decimalSeparator(for: try LanguageTag("de-AT")) == ",")
        #expect(TabStop.decimalSeparator(for: try LanguageTag("en-GB")) == ".")
    }

    @Test("text longer than the room before a right stop pushes past it; the tab shrinks to nothing")
    func overfullRightStop() throws {
        let layout = try layout("abc\tdefgh") { $0.tabStops = [TabStop(60, alignment: .right)] }
        // "defgh" is 50 wide but only 30 fit between the pen (30) and the stop: the tab is 0 wide.
        #expect(layout.clusterXs == [0, 10, 20, 30, 30, 40, 50, 60, 70])
        #expect(layout.clusterWidths[3] == 0)
    }

    @Test("without stops a tab goes to the next multiple of eight spaces at least a space past the pen")
    func defaultInterval() throws {
        // "a": the pen at 10, the next multiple of 80 at least 10 past it is 80.
        #expect(try layout("a\tb") { _ in }.clusterXs == [0, 10, 80])
        // Seven letters: the pen at 70, and 80 is a space past it.
        #expect(try layout("abcdefg\tb") { _ in }.clusterXs.last == 80)
        // Eight: the pen at 80 is on a stop; the next one a space past it is 160.
        #expect(try layout("abcdefgh\tb") { _ in }.clusterXs.last == 160)
        // An interval of its own, still a space apart: the pen at 20 goes to 30, at 30 to 60.
        #expect(try layout("ab\tc") { $0.defaultTabInterval = 30 }.clusterXs.last == 30)
        #expect(try layout("abc\tc") { $0.defaultTabInterval = 30 }.clusterXs.last == 60)
    }

    @Test("past the last stop a tab goes to the next multiple of the default interval, left-aligned")
    func pastTheLastStop() throws {
        let repeated = try layout("a\tb\tc\td") {
            $0.tabStops = [TabStop(25, alignment: .right)]
            $0.defaultTabInterval = 40
        }
        // "b" ends at 25; then 40 and 80, where the text starts.
        #expect(repeated.clusterXs == [0, 10, 15, 25, 40, 50, 80])
        // With stops, a default stop needs only to be past the pen: "abc" ends at 30, and 40 is next.
        #expect(
            try layout("abc\tx") {
                $0.tabStops = [TabStop(5)]
                $0.defaultTabInterval = 40
            }.clusterXs.last == 40)
        // Text past a stop skips it.
        #expect(try layout("abcdefgh\tx") { $0.tabStops = [TabStop(30), TabStop(200)] }.clusterXs.last == 200)
    }

    @Test("in a right-to-left paragraph stops count from the right, and left and right mirror")
    func rightToLeft() throws {
        // 200 wide, laid out from the right: "אב" 180–200, the tab to 50 from the right, "גד" from there leftwards.
        let left = try layout("אב\tגד", width: 200) { $0.tabStops = [TabStop(50)] }
        #expect(left.clusterXs == [130, 140, 150, 180, 190])
        // A right stop ends the text there: "גד" is 20 wide, so it starts 80 from the right.
        let right = try layout("אב\tגד", width: 200) { $0.tabStops = [TabStop(100, alignment: .right)] }
        #expect(right.clusterXs == [100, 110, 120, 180, 190])
        #expect(right.clusterWidths[2] == 60)
        // The tab's cluster box is its advance, in the right place for hits.
        #expect(right.character(at: CGPoint(x: 150, y: 5))?.range == 2..<3)
    }

    @Test("a tab on a wrapped line is measured from that line's start")
    func tabAtLineWrap() throws {
        // 80 wide: on the first line "bb" ends at 70 and the tab goes past the last stop (60) to 80, where "cc" does
        // not fit; the line breaks after "aaaa ", and on the second line the tab goes to 60.
        let layout = try layout("aaaa bb\tcc", width: 80) { $0.tabStops = [TabStop(60)] }
        #expect(layout.lineTexts == ["aaaa", "bb\tcc"])
        #expect(layout.lines[1].clusters.map(\.x) == [0, 10, 20, 60, 70])
        #expect(layout.lines[1].rect.width == 80)
    }

    @Test("a tab whose stop is past the line's end hangs there, and the text after it wraps")
    func tabPastTheLineEnd() throws {
        let layout = try layout("aa\t bb", width: 60) { $0.tabStops = [TabStop(100)] }
        #expect(layout.lineTexts == ["aa", "bb"])
        #expect(layout.size.width <= 60)
    }

    @Test("locations count from the line's start after its head indent")
    func headIndent() throws {
        // The first line starts at 20 and has 80 pt; "a", the tab to 50, "b", " " and then "cc" would end at 90.
        let layout = try layout("a\tb cc\tdd", width: 100) {
            $0.tabStops = [TabStop(50)]
            $0.firstLineHeadIndent = 20
            $0.headIndent = 5
        }
        #expect(layout.lineTexts == ["a\tb", "cc\tdd"])
        #expect(layout.lines[0].clusters.map(\.x) == [20, 30, 70])
        #expect(layout.lines[1].clusters.map(\.x) == [5, 15, 25, 55, 65])
    }

    @Test("hits, carets, rects and selection see a tab as one cluster as wide as its advance")
    func geometry() throws {
        let layout = try layout("a\tbcd") { $0.tabStops = [TabStop(100, alignment: .right)] }
        // The tab spans 10–70.
        #expect(layout.character(at: CGPoint(x: 12, y: 5))?.range == 1..<2)
        #expect(layout.character(at: CGPoint(x: 69, y: 5))?.range == 1..<2)
        #expect(layout.character(at: CGPoint(x: 71, y: 5))?.range == 2..<3)
        #expect(layout.rects(for: 1..<2).map(\.rect.minX) == [10])
        #expect(layout.rects(for: 1..<2).map(\.rect.width) == [60])
        #expect(layout.caretRect(for: TextPosition(index: 2))?.minX == 70)
        #expect(layout.selectionRects(for: 0..<2).map(\.rect.maxX) == [70])
        #expect(layout.runs.flatMap(\.glyphs).map(\.x) == [0, 10, 70, 80, 90])
    }

    @Test("a truncated line keeps its tabs' widths in what it measures and draws")
    func truncation() throws {
        let typesetter = try typesetter { $0.tabStops = [TabStop(40), TabStop(80, alignment: .right)] }
        let container = TextContainer(width: 100, maximumNumberOfLines: 1)
        let text = "a\tb\tcc dddd eeee"
        let layout = try typesetter.layout(text, in: container)
        #expect(layout.isTruncated)
        #expect(try typesetter.measurement(AttributedString(text), in: container).size == layout.size)
        #expect(layout.size.width <= 100)
    }

    @Test("a default tab interval beyond the longest length is an error")
    func invalidInterval() throws {
        let typesetter = try typesetter { $0.defaultTabInterval = 2e6 }
        #expect(throws: LayoutError.self) { try typesetter.layout("a\tb") }
    }
}

@Suite("Tab stops and the rest of the typesetter")
struct TabStopConsistencyTests {
    @Test("a shaped text wrapped at one width, then another, gives each the tabs a fresh layout gives")
    func shapedTextAtTwoWidths() throws {
        var paragraph = ParagraphStyle()
        paragraph.tabStops = [TabStop(40), TabStop(90, alignment: .right)]
        let typesetter = LabelTypesetter.fixed(paragraph: paragraph)
        let text = "ab cd\tef\tg"
        let shaped = try typesetter.shapedText(text)
        for width in [60.0, 200, 40, 200] {
            let container = TextContainer(width: width)
            let fresh = try typesetter.layout(text, in: container)
            let reused = try shaped.layout(in: container)
            #expect(reused.lines.map { $0.clusters.map(\.x) } == fresh.lines.map { $0.clusters.map(\.x) })
            #expect(try shaped.measurement(in: container).size == fresh.size)
        }
    }

    @Test(
        "random tabbed texts: measured as drawn, boxes tile each line, no box wider than its line",
        arguments: 0..<4)
    func randomTexts(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 7)
        let pieces = ["a", "bb", "12.5", "3,75", " ", "\t", "\t", "\n", "אב", "x.y"]
        for _ in 0..<150 {
            var paragraph = ParagraphStyle()
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let alignment = TabStop.Alignment.allCases.randomElement(using: &generator) ?? .left
                paragraph.tabStops.append(
                    TabStop(Double(Int.random(in: 0...300, using: &generator)), alignment: alignment))
            }
            paragraph.defaultTabInterval = [0, 7, 45].randomElement(using: &generator) ?? 0
            paragraph.firstLineHeadIndent = [0, 15].randomElement(using: &generator) ?? 0
            paragraph.alignment = [.natural, .center, .justified].randomElement(using: &generator) ?? .natural
            let typesetter = LabelTypesetter.fixed(paragraph: paragraph)
            let text = (0..<Int.random(in: 1...14, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? "a"
            }.joined()
            let width: Double? = [nil, 50, 120, 260].randomElement(using: &generator) ?? nil
            let lines = [0, 0, 1, 2].randomElement(using: &generator) ?? 0
            let container = TextContainer(width: width, maximumNumberOfLines: lines)
            let layout = try typesetter.layout(text, in: container)
            #expect(
                try typesetter.measurement(AttributedString(text), in: container).size == layout.size,
                "\(text.debugDescription) at \(String(describing: width)) with \(paragraph.tabStops)")
            for line in layout.lines {
                var x = line.rect.minX
                for cluster in line.clusters {
                    #expect(cluster.width >= 0 && abs(cluster.x - x) < 1e-3, "\(text.debugDescription)")
                    x = cluster.x + cluster.width
                }
                #expect(abs(x - line.rect.maxX) < 1e-3, "\(text.debugDescription)")
            }
        }
    }
}

/// A small seeded random number generator (SplitMix64), so that a failing case can be run again.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

@Suite("Tab stops at scale")
struct TabStopScaleTests {
    @Test("100,000 tabs lay out in linear time, on one line and wrapped", .timeLimit(.minutes(2)))
    func manyTabs() throws {
        var paragraph = ParagraphStyle()
        paragraph.tabStops = [TabStop(30), TabStop(60, alignment: .right), TabStop(90, alignment: .decimal)]
        let typesetter = LabelTypesetter.fixed(paragraph: paragraph)
        let text = String(repeating: "a\t1.5\t", count: 50_000)
        let clock = ContinuousClock()
        for width in [nil, 300.0] as [Double?] {
            let container = TextContainer(width: width)
            var layout: TextLayout?
            let elapsed = try clock.measure { layout = try typesetter.layout(text, in: container) }
            let lines = layout?.lines.count ?? 0
            #expect(width == nil ? lines == 1 : lines > 1000)
            // Quadratic work over 100,000 tabs would take minutes; linear work takes a second or two in debug.
            #expect(elapsed < .seconds(30), "\(elapsed) for width \(String(describing: width))")
        }
    }
}

extension TextLayout {
    /// The x of every cluster, line after line, in visual order.
    fileprivate var clusterXs: [Double] { lines.flatMap { $0.clusters.map(\.x) } }
    /// The width of every cluster, line after line, in visual order.
    fileprivate var clusterWidths: [Double] { lines.flatMap { $0.clusters.map(\.width) } }
}
