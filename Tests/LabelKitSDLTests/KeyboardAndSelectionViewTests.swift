import Foundation
import LabelKit
import LabelKitSDL
import Testing

/// Keyboard focus across a window's views and selection in the views, without a window: window events in, view
/// events out, copies into memory.
@MainActor
@Suite struct KeyboardAndSelectionViewTests {
    static func label(_ markup: String, y: Double, selectable: Bool = false) throws -> LabelView {
        let layout = try LabelTypesetter.system.layout(
            LabelMarkup.attributedString(markup), in: TextContainer(width: 400))
        return LabelView(
            layout: layout, origin: CGPoint(x: 10, y: y), pasteboard: InMemoryPasteboard(), isSelectable: selectable)
    }

    /// The focus events' targets (nil for a view's own focus, such as a checkbox's box), losses left out.
    static func focusTargets(_ results: [(view: any InteractiveView, event: ViewEvent)]) -> [String?] {
        results.compactMap { result in
            guard case .focusChanged(let link, let rects) = result.event, !rects.isEmpty else { return nil }
            return .some(link?.link.target.lastPathComponent)
        }
    }

    @Test func tabWalksEveryLinkOfEveryViewInOrderAndWrapsRound() throws {
        let first = try Self.label(
            "Read the [terms](https://example.com/terms) and [privacy](https://example.com/privacy)", y: 10)
        let plain = try Self.label("No links here", y: 60)
        let checkbox = CheckboxWithLink(
            title: LabelMarkup.attributedString("I agree to the [rules](https://example.com/rules)"))
        let box = CheckboxView(
            checkbox: checkbox, layout: try checkbox.layout(with: .system, container: TextContainer(width: 300)),
            origin: CGPoint(x: 10, y: 100))
        let host = ViewHost(views: [first, plain, box])
        var visited: [String?] = []
        for _ in 0..<6 { visited += Self.focusTargets(host.handle(.key(KeyPress(.tab)))) }
        #expect(visited == ["terms", "privacy", nil, "rules", "terms", "privacy"])
        #expect(host.focusedView === first)
        let back = Self.focusTargets(host.handle(.key(KeyPress(.tab, modifiers: .shift))))
        #expect(back == ["terms"])
        let opened = host.handle(.key(KeyPress(.enter)))
        #expect(opened.contains { if case .linkTapped(let hit) = $0.event { hit.index == 0 } else { false } })
    }

    @Test func aSelectableViewSelectsCopiesAndLetsGoWhenAnotherViewIsPressed() throws {
        let paragraph = try Self.label("Select some words of this sentence", y: 10, selectable: true)
        let other = try Self.label("Another label", y: 80, selectable: true)
        let host = ViewHost(views: [paragraph, other])
        let clusters = Array(paragraph.layout.lines[0].clusters)
        let y = paragraph.origin.y + paragraph.layout.lines[0].rect.midY
        // "some words": from the left edge of `s` (index 7) to the right edge of `s` (index 16).
        let start = CGPoint(x: paragraph.origin.x + clusters[7].x + 1, y: y)
        let end = CGPoint(x: paragraph.origin.x + clusters[16].x + clusters[16].width - 1, y: y)
        _ = host.handle(.mouseDown(start, button: 1, time: 0, modifiers: []))
        _ = host.handle(.mouseMove(end, isPressed: true, time: 0.1))
        let lifted = host.handle(.mouseUp(end, button: 1, time: 0.2))
        #expect(paragraph.selection?.range == 7..<17)
        #expect(lifted.isEmpty, "the selection was reported while dragging")

        let copied = host.handle(.key(KeyPress(.character("c"), modifiers: .control)))
        #expect(copied.map(\.event).contains { if case .copied("some words", nil) = $0 { true } else { false } })
        #expect(paragraph.pasteboard.string() == "some words")

        let elsewhere = CGPoint(x: other.origin.x + 5, y: other.origin.y + 5)
        let pressed = host.handle(.mouseDown(elsewhere, button: 1, time: 1, modifiers: []))
        #expect(paragraph.selection == nil)
        #expect(
            pressed.contains {
                if case .selectionChanged(nil, nil, []) = $0.event { $0.view === paragraph } else { false }
            })
    }

    @Test func aDoubleClickInTheListSelectsAWordOfThatRow() throws {
        let list = ListView(
            texts: ["Good morning everyone", "Second row"], frame: CGRect(x: 0, y: 0, width: 300, height: 200),
            typesetter: .system)
        list.pasteboard = InMemoryPasteboard()
        list.measure()
        let row = try #require(list.rowFrame(0))
        let point = CGPoint(x: row.minX + list.rowPadding.left + 3, y: row.minY + list.rowPadding.top + 8)
        #expect(list.claimsPointer(at: point))
        var events: [ViewEvent] = []
        for time in [0.0, 0.15] {
            events += list.handle(.down(at: point, time: time))
            events += list.handle(.up(at: point, time: time + 0.05))
        }
        #expect(list.selectedText == "Good")
        #expect(
            events.contains { if case .selectionChanged(_, "Good", let rects) = $0 { rects.count == 1 } else { false } }
        )
        _ = list.handleKey(KeyPress(.character("c"), modifiers: .control))
        #expect(list.pasteboard.string() == "Good")
    }

    @Test func tabStopsAtAButtonAndSpaceOrReturnPressesIt() throws {
        let terms = try Self.label("Read the [terms](https://example.com/terms).", y: 10)
        let button = ButtonView(title: try LabelTypesetter.system.layout("Send"), origin: CGPoint(x: 10, y: 60))
        let host = ViewHost(views: [terms, button])
        // The link first, then the button.
        #expect(Self.focusTargets(host.handle(.key(KeyPress(.tab)))) == ["terms"])
        let toButton = host.handle(.key(KeyPress(.tab)))
        #expect(button.isFocused)
        #expect(
            toButton.contains { result in
                guard result.view === button, case .focusChanged(nil, let rects) = result.event else { return false }
                return rects == [button.frame]
            })
        for key in [KeyPress(.space), KeyPress(.enter)] {
            let pressed = host.handle(.key(key))
            #expect(pressed.contains { if case .buttonPressed = $0.event { true } else { false } })
        }
        // Tab leaves it for the link again, round the window.
        #expect(Self.focusTargets(host.handle(.key(KeyPress(.tab)))) == ["terms"])
        #expect(!button.isFocused)
        // A click elsewhere takes the focus ring away too.
        _ = host.handle(.key(KeyPress(.tab, modifiers: .shift)))
        #expect(button.isFocused)
        #expect(button.resignFocus().count == 1 && !button.isFocused)
    }
}
