import Foundation
import LabelKit
import Testing

@Suite("Link styles as drawing overlays")
struct LinkStyleTests {
    @Test("pressed styling is an overlay: the same TextLayout and text before and after, no new layout")
    func pressedStyleIsOverlayOnSameLayout() throws {
        let layout = try Fixtures.seedLayout()
        let stringBefore = layout.string
        let linksBefore = layout.links
        var interaction = LabelInteraction(layout: layout, copyEnabled: false)
        let styles = LinkStyleSheet()

        let before = styles.overlays(for: layout, pressedLink: interaction.pressedLink?.index, disabledLinks: [])
        let terms = try #require(Fixtures.centre(of: Fixtures.termsRange, in: layout))
        _ = interaction.handle(.down(at: terms, time: 0))
        let pressed = styles.overlays(
            for: interaction.layout, pressedLink: interaction.pressedLink?.index, disabledLinks: [])

        #expect(interaction.layout === layout, "the interaction draws from the one layout")
        #expect(layout.string == stringBefore && layout.links == linksBefore, "the stored text never changes")
        #expect(before.map(\.state) == [.normal])
        #expect(pressed.map(\.state) == [.pressed])
        #expect(pressed[0].rects == layout.rects(forLink: 0))
        #expect(pressed[0].range == Fixtures.termsRange)
        #expect(pressed[0].style.highlightColor == LinkStyle.standardPressedHighlight)
        #expect(pressed[0].style.foregroundColor == before[0].style.foregroundColor, "pressed draws over normal")
        #expect(before[0].style.highlightColor == nil)
    }

    @Test("disabled wins over pressed, and per-link styles override per-target styles over the defaults")
    func styleResolution() throws {
        let layout = try Fixtures.seedLayout()
        let target = layout.links[0].target
        var styles = LinkStyleSheet()
        styles.byTarget[target] = LinkStateStyles.unset.with(
            normal: LinkStyle(foregroundColor: .black, underline: .double))
        #expect(
            styles.overlays(for: layout, pressedLink: nil, disabledLinks: [])[0].style
                == LinkStyle(foregroundColor: .black, underline: .double))
        var perLink = LinkStateStyles.unset
        perLink.pressed = LinkStyle(highlightColor: .white)
        styles.byLinkIndex[0] = perLink
        let pressed = styles.overlays(for: layout, pressedLink: 0, disabledLinks: [])[0]
        #expect(pressed.style == LinkStyle(foregroundColor: .black, underline: .double, highlightColor: .white))
        let disabled = styles.overlays(for: layout, pressedLink: 0, disabledLinks: [0])[0]
        #expect(disabled.state == .disabled)
        #expect(disabled.style.foregroundColor == LinkStyle.standardDisabledForeground)
    }
}

@Suite("Link styles per kind")
struct LinkStylePerKindTests {
    @Test("a detected link carries its kind into the layout, and the style sheet styles it per kind")
    func perKind() throws {
        let text = LinkDetector().detectLinks(in: AttributedString("call +81 3-1234-5678 or see example.com")).text
        let layout = try LabelTypesetter.system.layout(text)
        #expect(layout.links.map(\.kind) == [.phone, .url])
        var sheet = LinkStyleSheet()
        sheet.byKind[.phone] = LinkStateStyles.unset.with(normal: LinkStyle(foregroundColor: .black))
        #expect(sheet.styles(forLink: 0, in: layout).normal.foregroundColor == .black)
        #expect(sheet.styles(forLink: 1, in: layout).normal.foregroundColor == .link)
    }

    @Test("a link the app set itself is of the explicit kind")
    func explicitKind() throws {
        let layout = try LabelTypesetter.system.layout(LabelMarkup.attributedString("[terms](https://example.com/t)"))
        #expect(layout.links.map(\.kind) == [.explicit])
    }
}
