import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// List markers drawn from the layout: in the style of their item's first character, where their boxes are.
@Suite("Drawing list markers")
struct ListDrawingTests {
    static func listText(color: LabelColor? = nil) -> AttributedString {
        var text = AttributedString()
        for (index, item) in ["First item", "Second item"].enumerated() {
            var paragraph = AttributedString(item + (index == 0 ? "\n" : ""))
            var style = ParagraphStyle()
            style.textLists = [TextList(marker: .decimal)]
            paragraph.labelKit.paragraphStyle = style
            if let color, index == 1 { paragraph.labelKit.foregroundColor = color }
            text += paragraph
        }
        return text
    }

    @Test("each marker is drawn in its box, in its item's first colour; nothing is drawn left of it")
    func markersAreDrawn() throws {
        let red = LabelColor(hex: 0xC00000)
        let layout = try LabelTypesetter.system(style: TextStyle(fontSize: 30)).layout(Self.listText(color: red))
        let markers = layout.inlineBoxes.filter { $0.box.standsBeforeText }
        #expect(markers.count == 2)
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        let white = RGBAColor(hex: 0xFFFFFF)
        let firstInk = AppearanceRenderingTests.ink(of: image, in: markers[0].rect, background: white)
        let secondInk = AppearanceRenderingTests.ink(of: image, in: markers[1].rect, background: white)
        #expect(AppearanceRenderingTests.isNear(firstInk, RGBAColor(hex: 0x000000)))
        #expect(AppearanceRenderingTests.isNear(secondInk, RGBAColor(hex: 0xC00000)))
        // The margin before the markers stays blank.
        let margin = CGRect(x: 0, y: 0, width: max(markers[0].rect.minX - 1, 0), height: layout.size.height)
        #expect(margin.width < 1 || AppearanceRenderingTests.ink(of: image, in: margin, background: white) == white)
    }
}
