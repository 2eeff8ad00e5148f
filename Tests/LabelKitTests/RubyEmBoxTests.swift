import Foundation
import LabelKit
import LabelKitTestSupport
import Testing

/// Where ruby stands, in exact numbers: the annotation's em box stacked on its base's, each side rounded up to a whole
/// point (as CSS Ruby in Blink), in a test face whose box is taller than its em box, as Noto Sans CJK's is.
@Suite("Ruby on the em box")
struct RubyEmBoxTests {
    /// "Tall": ascent 1.1 em, descent 0.2 em (a box of 1.3 em), its em box 0.85 em above the baseline and 0.15 below.
    final class TallFontSystem: FontSystem, @unchecked Sendable {
        let tall = FixedAdvanceFace(familyName: "Tall", ascentInEms: 1.1, emBoxAscentInEms: 0.85)

        func face(for descriptor: FontDescriptor) throws(FontError) -> any FontFace {
            guard descriptor.family == "Tall" else { throw .noMatch(descriptor) }
            return tall
        }

        func fallbackFace(
            for cluster: UnsafeBufferPointer<UInt16>, descriptor: FontDescriptor, emojiPresentation: Bool
        ) -> (any FontFace)? { tall }
    }

    func typesetter(size: Double = 10) -> LabelTypesetter {
        LabelTypesetter(
            fontSystem: TallFontSystem(), analyzer: SimpleTextAnalyzer(),
            style: TextStyle(fontFamily: "Tall", fontSize: size))
    }

    /// "漢字を読む" with `ruby` over 漢字, in `paragraph`.
    func text(_ ruby: RubyAnnotation, paragraph: ParagraphStyle = ParagraphStyle()) -> AttributedString {
        var text = AttributedString("漢字を読む")
        text.labelKit.paragraphStyle = paragraph
        text[text.startIndex..<text.index(text.startIndex, offsetByCharacters: 2)].labelKit.ruby = ruby
        return text
    }

    func annotationRect(_ layout: TextLayout) throws -> CGRect {
        try #require(layout.inlineBoxes.first { if case .ruby = $0.box.content { true } else { false } }).rect
    }

    @Test("over: the annotation's baseline 9 + 1 points above the base's, its box overlapping the base's by 2")
    func over() throws {
        // At 10 points the base's em box reaches 8.5 up (9, rounded up), the 5-point annotation's 0.75 down (1): its
        // baseline stands 10 above the base's, its box (5.5 up, 1 down) 15.5, the line's height then.
        let layout = try typesetter().layout(text(RubyAnnotation("かんじ")))
        let line = try #require(layout.lines.first)
        #expect(line.baseline == 15.5)
        #expect(line.rect.height == 17.5)
        #expect(try annotationRect(layout) == CGRect(x: 2.5, y: 0, width: 15, height: 6.5))
        // The base's box starts at 15.5 − 11: the annotation's reaches 2 points into it.
        let base = try #require(layout.runs.first { $0.textRange.contains(0) })
        #expect(base.baseline - base.metrics.ascent == 4.5)
    }

    @Test("under: the annotation's baseline 2 + 5 points below the base's, the line grown below")
    func under() throws {
        let layout = try typesetter().layout(text(RubyAnnotation("かんじ", position: .under)))
        let line = try #require(layout.lines.first)
        #expect(line.baseline == 11)
        #expect(line.rect.height == 19)
        #expect(try annotationRect(layout) == CGRect(x: 2.5, y: 12.5, width: 15, height: 6.5))
    }

    @Test("each side is rounded up to a whole point, no further than its font's box: at 15 points 12.75 is 13")
    func roundedUp() throws {
        let layout = try typesetter(size: 15).layout(text(RubyAnnotation("かんじ")))
        let line = try #require(layout.lines.first)
        let annotation = try annotationRect(layout)
        // The 7.5-point annotation's 1.125 below would be 2, held to its descent, 1.5: baselines 14.5 apart, and its
        // box reaches 8.25 above its own.
        #expect(abs(line.baseline - 22.75) < 1e-9)
        #expect(abs(annotation.minY) < 1e-9 && abs(annotation.height - 9.75) < 1e-9)
    }

    @Test("a line height whose half-leading leaves room holds the annotation without growing; a smaller one grows")
    func lineHeightRoom() throws {
        var roomy = ParagraphStyle()
        roomy.lineHeight = .multiple(2)
        // 26 points: 6.5 of half-leading over the 11-point ascent make 17.5, more than the annotation's 15.5.
        let held = try typesetter().layout(text(RubyAnnotation("かんじ"), paragraph: roomy))
        #expect(held.lines.first?.rect.height == 26)
        var tight = ParagraphStyle()
        tight.lineHeight = .multiple(1.5)
        // 19.5 points: 11 + 3.25 above is less than 15.5, which the line reaches instead, and 2 + 3.25 below.
        let grown = try typesetter().layout(text(RubyAnnotation("かんじ"), paragraph: tight))
        #expect(grown.lines.first?.rect.height == 20.75)
    }

    @Test("in columns, half an em each side of the centre lines: the annotation's 3 + 5 points right of the column's")
    func vertical() throws {
        let container = TextContainer(height: 200, writingMode: .verticalRightToLeft)
        for position in RubyAnnotation.Position.allCases {
            let layout = try typesetter().layout(text(RubyAnnotation("かんじ", position: position)), in: container)
            // The column's centre line is its line's baseline.
            let line = try #require(layout.lines.first)
            let centre = layout.labelPoint(fromLinePoint: CGPoint(x: 0, y: line.baseline)).x
            let annotation = try annotationRect(layout)
            let distance = annotation.midX - centre
            #expect(abs(distance - (position == .over ? 8 : -8)) < 1e-9, "\(position): \(annotation) \(centre)")
        }
    }

    @Test("measuring gives the size of the layout, over and under, at several sizes and widths")
    func measurementEqualsLayout() throws {
        for size in [10.0, 13, 15, 17.5] {
            for position in RubyAnnotation.Position.allCases {
                for width in [20.0, 40, 1000] {
                    let annotated = text(RubyAnnotation("かんじ", position: position))
                    let container = TextContainer(width: width * size / 10)
                    let layout = try typesetter(size: size).layout(annotated, in: container)
                    let measured = try typesetter(size: size).measurement(annotated, in: container)
                    #expect(measured == TextMeasurement(layout), "\(size) \(position) \(width)")
                }
            }
        }
    }
}
