import Foundation
import LabelKit
import Testing

/// A detected phone number, a detected URL and a link of the app's own to the URL's target: links a kind, a
/// target and an index tell apart.
private enum ThreeLinks {
    static func layout() throws -> TextLayout {
        var text = LinkDetector().detectLinks(in: AttributedString("call +81 3-1234-5678 or see example.com ")).text
        var explicit = AttributedString("here")
        explicit.link = text.runs[\.link].compactMap(\.0).last
        text += explicit
        return try Fixtures.typesetter.layout(text)
    }
}

@Suite("A link style: a look per state, rules by kind, target and link")
struct LinkStyleTests {
    static let black = LinkStyle.Look(foregroundColor: .black)
    static let red = LinkStyle.Look(foregroundColor: LabelColor(hex: 0xFF0000))
    static let green = LinkStyle.Look(foregroundColor: LabelColor(hex: 0x00FF00))

    @Test("by default a link is blue and underlined, grey-highlighted when pressed and grey when disabled")
    func everyStatesDefault() throws {
        let layout = try Fixtures.seedLayout()
        let style = LinkStyle()
        let normal = style.resolvedLook(ofLink: 0, in: layout, state: .normal)
        #expect(normal == LinkStyle.Look(foregroundColor: .link, underline: .single))
        #expect(!normal.hasHighlight)

        let pressed = style.resolvedLook(ofLink: 0, in: layout, state: .pressed)
        #expect(pressed.highlightColor == LinkStyle.standardPressedHighlight)
        #expect(pressed.highlightCornerRadius == nil, "drawn with the standard radius")
        #expect(pressed.foregroundColor == .link && pressed.underline == .single, "pressed draws over normal")

        let disabled = style.resolvedLook(ofLink: 0, in: layout, state: .disabled)
        #expect(disabled.foregroundColor == LinkStyle.standardDisabledForeground)
        #expect(disabled.underline == .single, "a disabled link keeps its underline, in its grey")
        #expect(!disabled.hasHighlight)
    }

    @Test("rules go from general to specific: the style's own look < kind < target < link")
    func resolutionOrder() throws {
        let layout = try ThreeLinks.layout()
        #expect(layout.links.map(\.kind) == [.phone, .url, .explicit])
        let target = layout.links[1].target
        #expect(layout.links[2].target == target)
        func colours(_ style: LinkStyle) -> [LabelColor?] {
            layout.links.indices.map { style.resolvedLook(ofLink: $0, in: layout, state: .normal).foregroundColor }
        }
        var style = LinkStyle()
        #expect(colours(style) == [.link, .link, .link])

        // Set from the most specific to the most general: the order of setting does not matter, specificity does.
        style.setLook(Self.green, for: .link(1))
        style.setLook(Self.red, for: .target(target))
        style.setLook(Self.black, for: .kind(.url))
        style.setLook(Self.black, for: .kind(.phone))
        #expect(colours(style) == [.black, Self.green.foregroundColor, Self.red.foregroundColor])

        style.setLook(nil, for: .link(1))
        #expect(colours(style) == [.black, Self.red.foregroundColor, Self.red.foregroundColor], "target over kind")
        style.setLook(nil, for: .target(target))
        #expect(colours(style) == [.black, .black, .link], "kind over the style's own; explicit is a kind too")
        style.setLook(Self.green, for: .kind(.explicit))
        #expect(colours(style) == [.black, .black, Self.green.foregroundColor])
    }

    @Test("a later look for the same links and state replaces the earlier one; nil removes it")
    func laterRuleWins() throws {
        let layout = try ThreeLinks.layout()
        var style = LinkStyle()
        style.setLook(Self.red, for: .kind(.phone))
        style.setLook(Self.green, for: .kind(.phone))
        #expect(style.look(for: .kind(.phone)) == Self.green)
        #expect(style.resolvedLook(ofLink: 0, in: layout, state: .normal) == Self.green)
        style.setLook(nil, for: .kind(.phone))
        #expect(style.look(for: .kind(.phone)) == nil)
        #expect(style == LinkStyle(), "no rule left")
    }

    @Test("a rule gives a whole look, so it can take the underline away; pressed still draws over it")
    func ruleReplacesTheWholeLook() throws {
        let layout = try ThreeLinks.layout()
        var style = LinkStyle()
        style.setLook(LinkStyle.Look(foregroundColor: .link), for: .kind(.phone))
        let phone = style.resolvedLook(ofLink: 0, in: layout, state: .normal)
        #expect(phone.underline == nil, "the phone number is not underlined")
        #expect(style.resolvedLook(ofLink: 1, in: layout, state: .normal).underline == .single, "the URL still is")
        let pressedPhone = style.resolvedLook(ofLink: 0, in: layout, state: .pressed)
        #expect(
            pressedPhone == LinkStyle.Look(foregroundColor: .link, highlightColor: LinkStyle.standardPressedHighlight))
    }

    @Test("a rule for one state leaves the other states alone, and draws over the link's own normal look")
    func rulePerState() throws {
        let layout = try ThreeLinks.layout()
        var style = LinkStyle()
        style.setLook(Self.black, for: .target(layout.links[1].target))
        style.setLook(LinkStyle.Look(highlightColor: .white, highlightPadding: .zero), for: .link(2), in: .pressed)
        #expect(style.look(for: .link(2)) == nil && style.look(for: .link(2), in: .pressed) != nil)

        let pressed = style.resolvedLook(ofLink: 2, in: layout, state: .pressed)
        #expect(pressed == LinkStyle.Look(foregroundColor: .black, highlightColor: .white, highlightPadding: .zero))
        let otherPressed = style.resolvedLook(ofLink: 1, in: layout, state: .pressed)
        #expect(otherPressed.highlightColor == LinkStyle.standardPressedHighlight, "link 1 keeps the default")
        #expect(otherPressed.foregroundColor == .black, "over its target's normal look")
        #expect(style.resolvedLook(ofLink: 2, in: layout, state: .normal) == Self.black, "at rest: the target's")
    }

    @Test("pressed and disabled looks draw over the normal look property by property")
    func stateLooksDrawOverNormal() throws {
        let layout = try Fixtures.seedLayout()
        let style = LinkStyle(
            normal: LinkStyle.Look(highlightColor: .black, highlightCornerRadius: 2),
            pressed: LinkStyle.Look(
                highlightPadding: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), highlightBorderWidth: 2))
        let pressed = style.resolvedLook(ofLink: 0, in: layout, state: .pressed)
        #expect(pressed.highlightColor == .black)
        #expect(pressed.highlightCornerRadius == 2)
        #expect(pressed.highlightPadding == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(pressed.highlightBorderWidth == 2)
        #expect(pressed.highlightBorderColor == nil)
        #expect(!LinkStyle.Look(highlightBorderWidth: 3).hasHighlight, "a width without a colour draws nothing")
        #expect(LinkStyle.Look(highlightBorderColor: .black).hasHighlight)
    }

    @Test("a disabled link is drawn disabled even while pressed")
    func disabledWinsOverPressed() throws {
        let layout = try ThreeLinks.layout()
        let style = LinkStyle()
        let overlays = style.overlays(for: layout, pressedLink: 1, disabledLinks: [1, 2])
        #expect(overlays.map(\.state) == [.normal, .disabled, .disabled])
        #expect(overlays[1].look == style.resolvedLook(ofLink: 1, in: layout, state: .disabled))
        #expect(!overlays[1].look.hasHighlight, "no pressed highlight on a disabled link")
        #expect(style.overlays(for: layout, pressedLink: 1, disabledLinks: [])[1].state == .pressed)
    }

    @Test("pressed styling is an overlay: the same TextLayout and text before and after, no new layout")
    func pressedStyleIsOverlayOnSameLayout() throws {
        let layout = try Fixtures.seedLayout()
        let stringBefore = layout.string
        let linksBefore = layout.links
        var interaction = LabelInteraction(layout: layout, copyEnabled: false)
        let style = LinkStyle()

        let before = style.overlays(for: layout, pressedLink: interaction.pressedLink?.index, disabledLinks: [])
        let terms = try #require(Fixtures.centre(of: Fixtures.termsRange, in: layout))
        _ = interaction.handle(.down(at: terms, time: 0))
        let pressed = style.overlays(
            for: interaction.layout, pressedLink: interaction.pressedLink?.index, disabledLinks: [])

        #expect(interaction.layout === layout, "the interaction draws from the one layout")
        #expect(layout.string == stringBefore && layout.links == linksBefore, "the stored text never changes")
        #expect(before.map(\.state) == [.normal])
        #expect(pressed.map(\.state) == [.pressed])
        #expect(pressed[0].rects == layout.rects(forLink: 0))
        #expect(pressed[0].range == Fixtures.termsRange && pressed[0].linkIndex == 0)
        #expect(pressed[0].look.highlightColor == LinkStyle.standardPressedHighlight)
        #expect(before[0].look.highlightColor == nil)
    }

    @Test("a link hidden by truncation gets no overlay; a link in the truncation token gets one")
    func hiddenLinksGetNoOverlay() throws {
        // 120 pt hold 8 characters of 15 pt: "a long " and the token in the last cell; the link starts at character 35.
        let hidden = try Fixtures.typesetter.layout(
            LabelMarkup.attributedString("a long sentence that is cut before [its link](https://example.com/a)"),
            in: TextContainer(width: 120, maximumNumberOfLines: 1))
        #expect(hidden.links.count == 1 && hidden.rects(forLink: 0).isEmpty)
        #expect(LinkStyle().overlays(for: hidden, pressedLink: nil, disabledLinks: []).isEmpty)

        let token = try Fixtures.tokenLayout(token: "[…more](labelkit://more)")
        let overlays = LinkStyle().overlays(for: token, pressedLink: nil, disabledLinks: [])
        let tokenOverlay = try #require(overlays.first { $0.isInTruncationToken })
        #expect(tokenOverlay.look == LinkStyle().normal)
    }
}

@Suite("Link kinds in the layout")
struct LinkKindTests {
    @Test("a detected link carries its kind into the layout, and a rule for the kind styles it")
    func perKind() throws {
        let text = LinkDetector().detectLinks(in: AttributedString("call +81 3-1234-5678 or see example.com")).text
        let layout = try Fixtures.typesetter.layout(text)
        #expect(layout.links.map(\.kind) == [.phone, .url])
        var style = LinkStyle()
        style.setLook(LinkStyle.Look(foregroundColor: .black), for: .kind(.phone))
        #expect(style.resolvedLook(ofLink: 0, in: layout, state: .normal).foregroundColor == .black)
        #expect(style.resolvedLook(ofLink: 1, in: layout, state: .normal).foregroundColor == .link)
    }

    @Test("a link the app set itself is of the explicit kind")
    func explicitKind() throws {
        let layout = try Fixtures.typesetter.layout(LabelMarkup.attributedString("[terms](https://example.com/t)"))
        #expect(layout.links.map(\.kind) == [.explicit])
    }
}
