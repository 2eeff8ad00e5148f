import Foundation
import LabelKitInteraction
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// Baseline offsets, tracking, kern and OpenType features with the fixed font: size 10, every grapheme 10 pt wide,
/// ascent 8, descent 2; "fi" is one ligature glyph unless ligatures are off.
@Suite("Character attributes: baseline offset, tracking, features")
struct CharacterAttributeTests {
    let typesetter = LabelTypesetter.fixed()

    /// "ab" with `b` styled by `change`.
    func text(_ change: (inout AttributedString) -> Void) -> AttributedString {
        var styled = AttributedString("b")
        change(&styled)
        return AttributedString("a") + styled
    }

    @Test("a raised run moves its glyphs up and the line's ascent grows so nothing overlaps the line above")
    func raisedRun() throws {
        let layout = try typesetter.layout(text { $0.labelKit.baselineOffset = 5 })
        let line = layout.lines[0]
        #expect(line.ascent == 13)
        #expect(line.descent == 2)
        #expect(line.baseline == 13)
        let runs = Array(line.runs)
        #expect(runs[0].baseline == 13)
        #expect(runs[1].baseline == 8)
        #expect(runs[1].glyphs.map(\.y) == [8])
        #expect(runs[1].style.baselineOffset == 5)
    }

    @Test("a lowered run grows the line's descent")
    func loweredRun() throws {
        let layout = try typesetter.layout(text { $0.labelKit.baselineOffset = -4 })
        #expect(layout.lines[0].ascent == 8)
        #expect(layout.lines[0].descent == 6)
        #expect(Array(layout.lines[0].runs)[1].baseline == 12)
        #expect(layout.size.height == 14)
    }

    @Test("a raised second line keeps clear of the first: the gap is the offset")
    func raisedSecondLine() throws {
        var second = AttributedString("b")
        second.labelKit.baselineOffset = 6
        let layout = try typesetter.layout(AttributedString("a\n") + second)
        #expect(layout.lines[1].rect.minY == 10)
        #expect(layout.lines[1].ascent == 14)
        // The raised glyphs' top (baseline − ascent) is the line's top: they do not reach into the first line.
        let run = try #require(layout.lines[1].runs.first)
        #expect(run.baseline - 8 == Double(layout.lines[1].rect.minY))
    }

    @Test("a raised run's clusters are hit across the whole line")
    func raisedRunIsHit() throws {
        let layout = try typesetter.layout(text { $0.labelKit.baselineOffset = 5 })
        #expect(layout.character(at: CGPoint(x: 15, y: 2))?.range == 1..<2)
        #expect(layout.character(at: CGPoint(x: 15, y: 14))?.range == 1..<2)
    }

    @Test("superscripts and subscripts take the font's size and offset, or 0.65 em, +0.35 em and -0.15 em")
    func scripts() throws {
        var note = AttributedString("x2")
        let two = note.index(afterCharacter: note.startIndex)..<note.endIndex
        try note.applyScript(.superscript, to: two, using: typesetter)
        #expect(note.runs.last?.labelKit.fontSize == 6.5)
        #expect(note.runs.last?.labelKit.baselineOffset == 3.5)
        var formula = AttributedString("H2")
        let index = formula.index(afterCharacter: formula.startIndex)..<formula.endIndex
        try formula.applyScript(.subscript, to: index, using: typesetter)
        #expect(formula.runs.last?.labelKit.fontSize == 6.5)
        #expect(formula.runs.last?.labelKit.baselineOffset == -1.5)
        #expect(formula.runs.first?.labelKit.fontSize == nil)
        #expect(ScriptMetrics(fontSize: 6, baselineOffset: 4).isPlausible(forFontSize: 10))
        #expect(!ScriptMetrics(fontSize: 12, baselineOffset: 4).isPlausible(forFontSize: 10))
        #expect(!ScriptMetrics(fontSize: 0, baselineOffset: 4).isPlausible(forFontSize: 10))
        #expect(!ScriptMetrics(fontSize: 6, baselineOffset: .nan).isPlausible(forFontSize: 10))
    }

    @Test("tracking adds its space after every grapheme cluster, and the cluster boxes include it")
    func tracking() throws {
        var tracked = AttributedString("abc")
        tracked.labelKit.tracking = 2
        let layout = try typesetter.layout(tracked)
        #expect(layout.lines[0].clusters.map(\.width) == [12, 12, 12])
        #expect(layout.lines[0].runs[0].glyphs.map(\.x) == [0, 12, 24])
        #expect(layout.size.width == 36)
        #expect(layout.character(at: CGPoint(x: 11, y: 5))?.range == 0..<1)
        #expect(layout.character(at: CGPoint(x: 12.5, y: 5))?.range == 1..<2)
    }

    @Test("tracking gives a cluster of a base and a combining mark one space, and turns the ligature off")
    func trackingPerGrapheme() throws {
        var tracked = AttributedString("e\u{301}fi")
        tracked.labelKit.tracking = 1
        let layout = try typesetter.layout(tracked)
        #expect(layout.lines[0].clusters.map(\.width) == [11, 11, 11])
        #expect(layout.lines[0].runs[0].glyphs.count == 4)
    }

    @Test("kern and tracking add up; negative tracking tightens")
    func kernAndTracking() throws {
        var both = AttributedString("ab")
        both.labelKit.kern = 1
        both.labelKit.tracking = 2
        #expect(try typesetter.layout(both).lines[0].clusters.map(\.width) == [13, 13])
        var tight = AttributedString("ab")
        tight.labelKit.tracking = -3
        #expect(try typesetter.layout(tight).lines[0].clusters.map(\.width) == [7, 7])
    }

    @Test("tracking in a right-to-left run is part of each cluster's box")
    func trackingRightToLeft() throws {
        var tracked = AttributedString("אבג")
        tracked.labelKit.tracking = 2
        let layout = try typesetter.layout(tracked)
        #expect(layout.lines[0].clusters.map(\.range.lowerBound) == [2, 1, 0])
        #expect(layout.lines[0].clusters.map(\.width) == [12, 12, 12])
        #expect(layout.lines[0].runs[0].glyphs.map(\.x) == [0, 12, 24])
    }

    @Test("font features reach the shaper: -liga keeps f and i apart")
    func featuresReachTheShaper() throws {
        let ligated = try typesetter.layout("fi")
        #expect(ligated.lines[0].runs[0].glyphs.count == 1)
        var separate = AttributedString("fi")
        separate.labelKit.fontFeatures = try FontFeatures(parsing: "-liga")
        let layout = try typesetter.layout(separate)
        #expect(layout.lines[0].runs[0].glyphs.count == 2)
        #expect(layout.lines[0].runs[0].style.fontFeatures.description == "-liga")
    }

    @Test("the shaped-word cache keeps words shaped with other features apart")
    func featuresInCacheKey() throws {
        var cached = typesetter
        cached.context = TypesettingContext(wordCache: ShapedWordCache(capacity: 100))
        #expect(try cached.layout("fi fi").lines[0].runs[0].glyphs.count == 3)
        var separate = AttributedString("fi fi")
        separate.labelKit.fontFeatures = try FontFeatures(parsing: "liga=0")
        #expect(try cached.layout(separate).lines[0].runs[0].glyphs.count == 5)
        #expect(try cached.layout("fi fi").lines[0].runs[0].glyphs.count == 3)
    }

    @Test("non-finite offsets, tracking, shadows and strokes are typed errors")
    func invalidValues() {
        let changes: [(inout AttributedString) -> Void] = [
            { $0.labelKit.baselineOffset = .nan },
            { $0.labelKit.tracking = .infinity },
            { $0.labelKit.shadow = TextShadow(blurRadius: -1) },
            { $0.labelKit.shadow = TextShadow(offsetX: .nan) },
            { $0.labelKit.stroke = TextStroke(width: .infinity) },
        ]
        for change in changes {
            #expect(throws: LayoutError.self) { try typesetter.layout(text(change)) }
        }
    }

    @Test("shadow, stroke and decoration colours reach the run's style and change no geometry")
    func drawingAttributes() throws {
        let shadow = TextShadow(offsetX: 1, offsetY: 2, blurRadius: 3, color: .black)
        let styled = text {
            $0.labelKit.shadow = shadow
            $0.labelKit.stroke = TextStroke(width: -2, color: .white)
            $0.labelKit.underline = .single
            $0.labelKit.underlineColor = .link
            $0.labelKit.strikethroughColor = .white
        }
        let layout = try typesetter.layout(styled)
        let style = Array(layout.lines[0].runs)[1].style
        #expect(style.shadow == shadow)
        #expect(style.stroke == TextStroke(width: -2, color: .white))
        #expect(style.stroke?.fillsGlyphs == true)
        #expect(style.underlineColor == .link)
        #expect(style.strikethroughColor == .white)
        #expect(layout.size == (try typesetter.layout("ab")).size)
    }

    @Test("measurement equals the layout's size with offsets and tracking")
    func measuredEqualsLaidOut() throws {
        var styled = AttributedString("aa bb ")
        var raised = AttributedString("cc dd")
        raised.labelKit.baselineOffset = 7
        raised.labelKit.tracking = 1.5
        styled += raised
        for width in [nil, 30.0, 55, 100] {
            let layout = try typesetter.layout(styled, in: TextContainer(width: width))
            #expect(try typesetter.measurement(styled, width: width).size == layout.size)
        }
    }
}
