import Foundation
import LabelKit
import Testing

@Suite("Keyboard focus: Tab over links, Return, the context menu, checkboxes, accessibility")
struct KeyboardFocusTests {
    static let links =
        "Read the [terms](https://example.com/terms), the [privacy policy](https://example.com/privacy) and the "
        + "[FAQ](https://example.com/faq)."

    static func focusedTargets(_ events: [InteractionEvent]) -> [String?] {
        events.compactMap { event in
            if case .focusedLinkChanged(let hit) = event { .some(hit?.link.target.lastPathComponent) } else { nil }
        }
    }

    @Test("Tab moves the focus over the links in logical order, then the focus leaves; shift+Tab goes back")
    func tabOrder() throws {
        var script = try SelectionScript(Self.links, selectable: false)
        #expect(Self.focusedTargets(script.key("Tab")) == ["terms"])
        #expect(Self.focusedTargets(script.key("Tab")) == ["privacy"])
        #expect(Self.focusedTargets(script.key("Tab")) == ["faq"])
        #expect(script.key("Tab") == [.focusedLinkChanged(nil), .focusLeaves(.forward)])
        #expect(script.interaction.focusedLink == nil)
        #expect(Self.focusedTargets(script.key("shift+Tab")) == ["faq"], "entering backwards starts at the last")
        #expect(Self.focusedTargets(script.key("shift+Tab")) == ["privacy"])
        #expect(Self.focusedTargets(script.key("shift+Tab")) == ["terms"])
        #expect(script.key("shift+Tab").last == .focusLeaves(.backward))
    }

    @Test("the focused link's rects are its own: what the focus ring is drawn around")
    func focusRingRects() throws {
        var script = try SelectionScript(Fixtures.seedMarkup, width: 165)
        script.key("Tab")
        let focused = try #require(script.interaction.focusedLink)
        #expect(focused.rects == script.layout.rects(forLink: 0))
        #expect(focused.rects.count == 2, "利用規約 wraps: a ring around each line's part")
    }

    @Test("Tab skips disabled links and links hidden by truncation; a label without links lets the focus through")
    func skipsDisabledAndHidden() throws {
        // One line of 600 pt holds 40 characters of 15 pt, the last cell the token: characters 0–38 show, "terms"
        // (9–13) and "privacy policy" (20–33) among them; "FAQ" (43–45) is cut.
        let layout = try Fixtures.typesetter.layout(
            LabelMarkup.attributedString(Self.links), in: TextContainer(width: 600, maximumNumberOfLines: 1))
        var interaction = LabelInteraction(layout: layout, disabledLinks: [0])
        #expect(layout.rects(forLink: 2).isEmpty, "the FAQ is cut off")
        #expect(interaction.focusableLinks == [1])
        #expect(interaction.handleKey(KeyPress(.tab)).count == 1)
        #expect(interaction.focusedLink?.index == 1)
        var plain = LabelInteraction(layout: try Fixtures.plainLayout())
        #expect(plain.handleKey(KeyPress(.tab)) == [.focusLeaves(.forward)])
    }

    @Test("Return on the focused link taps it: the same event a click gives")
    func returnTaps() throws {
        var script = try SelectionScript(Self.links, selectable: false)
        script.key("Tab")
        script.key("Tab")
        let viaKey = script.key("Return")
        let viaClick = script.click(at: script.inside("privacy")).filter {
            if case .tap = $0 { true } else { false }
        }
        #expect(viaKey.taps == ["https://example.com/privacy"])
        #expect(viaKey == viaClick)
        var unfocused = try SelectionScript(Self.links)
        #expect(unfocused.key("Return").isEmpty)
    }

    @Test("Menu and shift+F10 open the context menu at the focused link's first rect")
    func contextMenuKeys() throws {
        for name in ["Menu", "shift+F10"] {
            var script = try SelectionScript(Fixtures.seedMarkup, width: 165)
            script.key("Tab")
            let events = script.key(name)
            guard case .menu(let menu, let anchor)? = events.first else {
                Issue.record("\(name): no menu in \(events)")
                continue
            }
            #expect(anchor == script.layout.rects(forLink: 0).first?.rect)
            #expect(menu.items == [.copy, .selectAll, .copyLink, .openLink])
            #expect(menu.link?.target.absoluteString == Fixtures.termsTarget)
        }
        var selection = try SelectionScript(Self.links)
        selection.drag(from: selection.before("Read"), to: selection.after("the"))
        guard case .menu(let menu, let anchor)? = selection.key("Menu").first else {
            Issue.record("no menu for the selection")
            return
        }
        #expect(menu.items == [.copy, .selectAll])
        #expect(anchor == selection.layout.selectionRects(for: selection.range(of: "Read the")).first?.rect)
    }

    @Test("a click takes the focus ring away from a selectable label's link")
    func clickClearsFocus() throws {
        var script = try SelectionScript(Self.links)
        script.key("Tab")
        let events = script.click(at: script.inside("Read"))
        #expect(events.contains(.focusedLinkChanged(nil)))
        #expect(script.interaction.focusedLink == nil)
    }

    @Test("a checkbox: Tab stops at the box, then at its title's link, then leaves; Space toggles the focused box")
    func checkboxFocus() throws {
        let checkbox = CheckboxWithLink(title: LabelMarkup.attributedString(CheckboxTests.title))
        var interaction = CheckboxInteraction(
            checkbox: checkbox,
            layout: try checkbox.layout(with: Fixtures.typesetter, container: TextContainer(width: 280)))
        let tab = KeyPress(.tab)
        #expect(interaction.handleKey(tab) == [.focusChanged(isFocused: true)])
        #expect(interaction.handleKey(KeyPress(.space)) == [.toggled(isChecked: true)])
        let toLink = interaction.handleKey(tab)
        #expect(toLink.first == .focusChanged(isFocused: false))
        #expect(interaction.titleInteraction.focusedLink?.index == 0)
        #expect(interaction.handleKey(KeyPress(.space)).isEmpty, "Space toggles the box, not through a link")
        let taps = interaction.handleKey(KeyPress(.enter))
        #expect(taps.count == 1 && taps.first.map { if case .link(.tap) = $0 { true } else { false } } == true)
        #expect(interaction.handleKey(tab).last == .focusLeaves(.forward))
        #expect(interaction.handleKey(KeyPress(.tab, modifiers: .shift)).count == 1, "back in at the link")
        #expect(interaction.handleKey(KeyPress(.tab, modifiers: .shift)).last == .focusChanged(isFocused: true))
        #expect(interaction.handleKey(KeyPress(.tab, modifiers: .shift)).last == .focusLeaves(.backward))
        #expect(interaction.checkbox.isChecked)
    }

    @Test("a click on a checkbox's box or title text focuses it: Space toggles it next; a click on its link does not")
    func checkboxClickFocuses() throws {
        let checkbox = CheckboxWithLink(title: LabelMarkup.attributedString(CheckboxTests.title))
        var interaction = CheckboxInteraction(
            checkbox: checkbox,
            layout: try checkbox.layout(with: Fixtures.typesetter, container: TextContainer(width: 280)))
        let layout = interaction.layout
        let link = try #require(layout.rects(forLink: 0).first?.rect)
        let onLink = CGPoint(x: link.midX, y: link.midY)
        _ = interaction.handle(.down(at: onLink, time: 0))
        _ = interaction.handle(.up(at: onLink, time: 0.1))
        #expect(!interaction.isFocused, "a click on the link runs the link and leaves the focus alone")

        let textRect = try #require(layout.title.rects(for: 8..<9).first?.rect)   // る, away from the link
        let onText = CGPoint(x: textRect.midX + layout.titleFrame.minX, y: textRect.midY + layout.titleFrame.minY)
        #expect(interaction.handle(.down(at: onText, time: 1)) == [.focusChanged(isFocused: true)])
        #expect(interaction.handle(.up(at: onText, time: 1.1)) == [.toggled(isChecked: true)])
        #expect(interaction.handleKey(KeyPress(.space)) == [.toggled(isChecked: false)], "Space toggles after a click")
        let toLink = interaction.handleKey(KeyPress(.tab))
        #expect(toLink.first == .focusChanged(isFocused: false))
        #expect(interaction.titleInteraction.focusedLink?.index == 0, "Tab goes on from the box to the link")

        // With the link focused by the keyboard, a click on the box takes the focus back to the box.
        let box = CGPoint(x: layout.boxFrame.midX, y: layout.boxFrame.midY)
        #expect(
            interaction.handle(.down(at: box, time: 2)) == [
                .link(.focusedLinkChanged(nil)), .focusChanged(isFocused: true),
            ])
        #expect(interaction.titleInteraction.focusedLink == nil)
        #expect(interaction.handle(.up(at: box, time: 2.1)) == [.toggled(isChecked: true)])
    }

    @Test("accessibility: focus order and state, copy and select actions, and the selection are exposed")
    func accessibility() throws {
        var script = try SelectionScript(Self.links)
        script.key("Tab")
        script.key("Tab")
        script.drag(from: script.before("Read"), to: script.after("Read"))
        var elements = script.interaction.accessibilityElements()
        #expect(elements.map(\.label) == [script.layout.string, "terms", "privacy policy", "FAQ"])
        #expect(elements.map(\.isFocusable) == [false, true, true, true])
        #expect(elements.map(\.isFocused) == [false, false, false, false], "the drag took the focus ring away")
        #expect(elements[0].textSelection == AccessibilityTextSelection(start: 0, length: 4, text: "Read"))
        #expect(
            elements[2].customActions == [
                .copy(range: script.range(of: "privacy policy")), .select(range: script.range(of: "privacy policy")),
            ])
        #expect(script.interaction.perform(elements[2].customActions[1]).selections.count == 1)
        #expect(script.selected == "privacy policy")
        #expect(script.interaction.perform(elements[2].customActions[0]).copies == ["privacy policy"])
        #expect(script.interaction.perform(try #require(elements[3].action)).taps == ["https://example.com/faq"])

        script.key("Tab")
        elements = script.interaction.accessibilityElements()
        #expect(elements.map(\.isFocused) == [false, true, false, false])
    }
}
