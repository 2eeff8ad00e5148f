import Foundation
import LabelKit
import Testing

@Suite("Hit-testing with real fonts")
struct RealFontHitTestingTests {
    static let terms = URL(string: "https://example.com/terms")

    /// The seed: the sentence centred in a 320×100 label whose text is wrapped at 120 px (100 px insets left and
    /// right), at most 2 lines.
    func seedLayout() throws -> TextLayout {
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        let container = TextContainer(
            width: 320, height: 100, maximumNumberOfLines: 2,
            insets: EdgeInsets(top: 0, left: 100, bottom: 0, right: 100)
        )
        return try LabelTypesetter.system(style: TextStyle(paragraphStyle: paragraph)).layout(text, in: container)
    }

    @Test("seed: a tap on each character of 利用規約 hits the link; its neighbours do not")
    func seedTaps() throws {
        let layout = try seedLayout()
        #expect(layout.lines.count == 2)
        #expect(layout.isTruncated)
        for offset in 9..<13 {
            let rect = try #require(layout.rects(for: offset..<(offset + 1)).first?.rect)
            for point in [
                CGPoint(x: rect.minX + 0.5, y: rect.midY), CGPoint(x: rect.midX, y: rect.midY),
                CGPoint(x: rect.maxX - 0.5, y: rect.midY),
            ] {
                #expect(layout.link(at: point)?.link.target == Self.terms, "offset \(offset) at \(point)")
            }
        }
        for neighbour in [8, 13] {
            let rect = try #require(layout.rects(for: neighbour..<(neighbour + 1)).first?.rect)
            #expect(layout.link(at: CGPoint(x: rect.midX, y: rect.midY)) == nil, "neighbour \(neighbour)")
        }
    }

    @Test("seed: with a 10 px radius a tap just below the link finds it, and far below does not")
    func seedRadius() throws {
        let layout = try seedLayout()
        let link = try #require(layout.rects(forLink: 0).first?.rect)
        let below = CGPoint(x: link.midX, y: link.maxY + 6)
        #expect(layout.character(at: below) == nil)
        #expect(layout.link(at: below) == nil)
        #expect(layout.link(at: below, radius: 10)?.link.target == Self.terms)
        #expect(layout.link(at: CGPoint(x: link.midX, y: link.maxY + 15), radius: 10) == nil)
    }

    @Test("seed: the link's rects sit inside the centred, vertically centred text")
    func seedGeometry() throws {
        let layout = try seedLayout()
        let rects = layout.rects(forLink: 0)
        #expect(rects.count == 1)
        let rect = try #require(rects.first?.rect)
        #expect(rect.minX >= 100 && rect.maxX <= 220)
        #expect(layout.usedRect.minY > 20, "centred vertically in 100 px")
        #expect(abs(rect.width - 60) < 0.01, "four 15 px ideographs")
    }

    /// Texts of every script the typesetter must hit exactly.
    static let corpus = [
        "The office of Dr. Waffle — fine fluffy AVA Type, 1,234.56 km/h",
        "決済をしたと同時に利用規約に同意したとみなします。「はい」、そうです。",
        "Tiếng Việt có dấu: người, những, được".decomposedStringWithCanonicalMapping,
        "Family 👨‍👩‍👧‍👦 flags 🇯🇵🇻🇳 skin 👋🏽 keycap 1️⃣ done",
        "مرحبا بالعالم، هذا نص عربي",
        "שלום עולם, זה טקסט בעברית",
        "Mixed: hello שלום 123 مرحبا 利用規約 👋🏽 end",
    ]

    @Test(
        "round trip over a corpus: the centre of every cluster's rect hits exactly that cluster, in every configuration"
    )
    func roundTrip() throws {
        var checked = 0
        var failures = 0
        for text in Self.corpus {
            for alignment in TextAlignment.allCases {
                var paragraph = ParagraphStyle()
                paragraph.alignment = alignment
                let typesetter = LabelTypesetter.system(style: TextStyle(paragraphStyle: paragraph))
                for vertical in VerticalAlignment.allCases {
                    for insets in [EdgeInsets.zero, EdgeInsets(top: 4, left: 9, bottom: 6, right: 13)] {
                        for lines in [0, 2] {
                            let container = TextContainer(
                                width: 180, height: 160, maximumNumberOfLines: lines, insets: insets,
                                verticalAlignment: vertical
                            )
                            let layout = try typesetter.layout(text, in: container)
                            let units = Array(text.utf16)
                            var offset = 0
                            while offset < units.count {
                                let fragments = layout.rects(for: offset..<(offset + 1))
                                var end = offset + 1
                                for fragment in fragments where fragment.rect.width > 0 {
                                    let hit = layout.character(
                                        at: CGPoint(x: fragment.rect.midX, y: fragment.rect.midY))
                                    if let hit, hit.range.contains(offset) {
                                        end = max(end, hit.range.upperBound)
                                    } else {
                                        failures += 1
                                        Issue.record(
                                            "\(text) \(alignment) \(vertical) \(lines) offset \(offset): \(String(describing: hit))"
                                        )
                                    }
                                    checked += 1
                                }
                                offset = end
                            }
                        }
                    }
                }
            }
        }
        print("round trip: \(checked) cluster rects checked, \(failures) failures")
        #expect(checked > 10_000)
    }

    @Test("points a few pixels past each line's end, before each indented line and in the insets hit nothing")
    func emptySpace() throws {
        for text in Self.corpus {
            for alignment in [TextAlignment.left, .center, .right] {
                var paragraph = ParagraphStyle()
                paragraph.alignment = alignment
                let container = TextContainer(
                    width: 200, height: 200, insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
                let layout = try LabelTypesetter.system(style: TextStyle(paragraphStyle: paragraph)).layout(
                    text, in: container)
                for line in layout.lines {
                    #expect(layout.character(at: CGPoint(x: line.rect.maxX + 3, y: line.rect.midY)) == nil)
                    #expect(layout.character(at: CGPoint(x: line.rect.minX - 3, y: line.rect.midY)) == nil)
                    #expect(layout.character(at: CGPoint(x: 5, y: line.rect.midY)) == nil)
                }
                #expect(layout.character(at: CGPoint(x: 100, y: 5)) == nil)
                #expect(layout.character(at: CGPoint(x: 100, y: 195)) == nil)
            }
        }
    }

    func caret(_ layout: TextLayout, at point: CGPoint) -> String {
        let position = layout.position(at: point)
        let units = Array(layout.string.utf16)
        return "after `" + String(decoding: units[0..<position.index], as: UTF16.self) + "`"
    }

    @Test("carets with real fonts, written as text")
    func carets() throws {
        let layout = try LabelTypesetter.system.layout("利用規約に同意")
        // Each ideograph is 15 px: x 31 is in the left half of 規 (30–45), x 40 in its right half.
        #expect(caret(layout, at: CGPoint(x: 31, y: 8)) == "after `利用`")
        #expect(caret(layout, at: CGPoint(x: 40, y: 8)) == "after `利用規`")
        #expect(caret(layout, at: CGPoint(x: 400, y: 8)) == "after `利用規約に同意`")
        let caretRect = try #require(layout.caretRect(for: layout.position(at: CGPoint(x: 31, y: 8))))
        #expect(abs(caretRect.minX - 30) < 0.001)
    }
}
