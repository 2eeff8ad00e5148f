import Foundation
import LabelKit
import LabelKitCairo
import LabelKitSDL
import Testing

/// The views draw their links in a ``LinkStyle``: the default one unless given another, pressed while pressed.
@MainActor
@Suite struct ViewLinkStyleTests {
    static let markup = "Read the [terms](https://example.com/terms) now"

    static func labelView() throws -> LabelView {
        let layout = try LabelTypesetter.system(style: TextStyle(fontSize: 30)).layout(
            LabelMarkup.attributedString(markup), in: TextContainer(width: 400))
        return LabelView(layout: layout, pasteboard: InMemoryPasteboard())
    }

    @Test func aLabelViewDrawsItsLinksBlueAndUnderlinedByDefaultAndPressedWhilePressed() throws {
        let view = try Self.labelView()
        #expect(view.linkStyle == LinkStyle())
        let resting = view.textRenderer(scale: 2)
        let restingOverlays = resting.linkOverlays(for: view.layout)
        #expect(restingOverlays.map(\.state) == [.normal])
        #expect(restingOverlays.first?.look == LinkStyle.Look(foregroundColor: .link, underline: .single))

        // The underline reaches the picture: under "terms", a row of link blue.
        let layout = view.layout
        let link = try #require(layout.rects(forLink: 0).first?.rect)
        let run = try #require(layout.runs.first { $0.textRange.contains(layout.links[0].range.lowerBound) })
        let image = try resting.render(layout)
        let y = Int(((run.baseline + run.metrics.underlineOffset) * 2).rounded(.down))
        let row = (Int(link.minX * 2) + 2..<Int(link.maxX * 2) - 2).compactMap { image.pixel(x: $0, y: y) }
        #expect(!row.isEmpty && row.allSatisfy { $0.blue > 150 && $0.red < 80 })

        _ = view.handle(.down(at: CGPoint(x: link.midX, y: link.midY), time: 0))
        let pressed = view.textRenderer(scale: 2).linkOverlays(for: layout)
        #expect(pressed.map(\.state) == [.pressed])
        #expect(pressed.first?.look.highlightColor == LinkStyle.standardPressedHighlight)
    }

    @Test func aLabelViewDrawsTheStyleItIsGiven() throws {
        let view = try Self.labelView()
        view.linkStyle.setLook(LinkStyle.Look(foregroundColor: .black), for: .kind(.explicit))
        let overlays = view.textRenderer(scale: 1).linkOverlays(for: view.layout)
        #expect(overlays.first?.look == LinkStyle.Look(foregroundColor: .black))
    }

    @Test func aCheckboxViewDrawsItsTitlesLinksInTheDefaultStyle() throws {
        let checkbox = CheckboxWithLink(title: LabelMarkup.attributedString("I agree to the [rules](https://x.test)"))
        let view = CheckboxView(
            checkbox: checkbox, layout: try checkbox.layout(with: .system, container: TextContainer(width: 300)))
        #expect(view.linkStyle == LinkStyle())
        let overlays = view.titleRenderer(scale: 1).linkOverlays(for: view.layout.title)
        #expect(overlays.map(\.state) == [.normal])
        #expect(overlays.first?.look == LinkStyle().normal)
    }
}
