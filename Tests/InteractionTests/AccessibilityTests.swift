import Foundation
import LabelKit
import Testing

@Suite("Accessibility elements")
struct AccessibilityTests {
    @Test("accessibility frames equal the link rects; the whole text comes first, then each link in reading order")
    func accessibilityFramesEqualLinkRects() throws {
        let layout = try Fixtures.typesetter.layout(
            LabelMarkup.attributedString(
                "Read the [terms](https://example.com/terms) and the [privacy policy](https://example.com/privacy) now."
            ),
            in: TextContainer(width: 160)
        )
        let elements = layout.accessibilityElements()
        #expect(elements.count == 3)
        #expect(elements[0].label == layout.string)
        #expect(elements[0].traits == [.staticText])
        #expect(elements[0].frames == [layout.bounds])
        #expect(elements.dropFirst().map(\.label) == ["terms", "privacy policy"])
        for (offset, element) in elements.dropFirst().enumerated() {
            #expect(element.frames == layout.rects(forLink: offset).map(\.rect))
            #expect(element.traits == [.link])
            #expect(element.action == .activateLink(index: offset, target: layout.links[offset].target))
            #expect(element.action?.identifier == "activateLink.\(offset)")
        }
    }

    @Test("a wrapped link's element has one frame per line")
    func wrappedLinkFrames() throws {
        let layout = try Fixtures.wrappedLinkLayout()
        let link = try #require(layout.accessibilityElements().last)
        #expect(link.label == "利用規約")
        #expect(link.frames.count == 2)
        #expect(link.frames == layout.rects(forLink: 0).map(\.rect))
    }
}
