import Foundation
import LabelKit
import Testing

@Suite("Copy: long press on text, the menu, the pasteboard")
struct CopyTests {
    /// Long-presses `point` and returns the copy menu the interaction asked for.
    func longPressMenu(on layout: TextLayout, at point: CGPoint) throws -> CopyMenu {
        var interaction = LabelInteraction(layout: layout)
        _ = interaction.handle(.down(at: point, time: 0))
        let events = interaction.advance(to: interaction.settings.longPressDuration)
        #expect(interaction.handle(.up(at: point, time: 1)).isEmpty, "nothing after the long press")
        guard events.count == 1, case .longPressOnText(let menu) = events[0] else {
            Issue.record("expected a copy menu, got \(events)")
            throw CancellationError()
        }
        return menu
    }

    @Test("a long press on text opens the copy menu and Copy puts exactly the full text on the pasteboard")
    func longPressOnTextCopiesFullText() throws {
        let layout = try Fixtures.layout(Fixtures.seedMarkup, width: 400)
        #expect(!layout.isTruncated, "24 characters of 15 pt fit in 400 pt")
        let point = try #require(Fixtures.centre(of: 0..<1, in: layout))
        let menu = try longPressMenu(on: layout, at: point)
        #expect(menu.items == [.copy])
        #expect(menu.link == nil)
        var pasteboard = InMemoryPasteboard()
        #expect(menu.perform(.copy, layout: layout, pasteboard: &pasteboard) == .copied(Fixtures.seedPlainText))
        #expect(pasteboard.string() == Fixtures.seedPlainText)
        #expect(menu.perform(.openLink, layout: layout, pasteboard: &pasteboard) == .unavailable)
    }

    @Test("copying a truncated label puts the full text on the pasteboard, not the visible part")
    func longPressOnTruncatedTextCopiesFullText() throws {
        let layout = try Fixtures.seedLayout()
        #expect(layout.isTruncated)
        let point = try #require(Fixtures.centre(of: 0..<1, in: layout))
        let menu = try longPressMenu(on: layout, at: point)
        var pasteboard = InMemoryPasteboard()
        menu.perform(.copy, layout: layout, pasteboard: &pasteboard)
        #expect(pasteboard.string() == Fixtures.seedPlainText)
    }

    @Test("copying a range copies exactly that text, widened to whole characters")
    func copyRange() throws {
        let layout = try Fixtures.seedLayout()
        var pasteboard = InMemoryPasteboard()
        #expect(pasteboard.copy(layout, range: Fixtures.termsRange) == "利用規約")
        #expect(pasteboard.string() == "利用規約")
        // Copy widens to Swift's characters, not to the layout's clusters: the fixed font's analyzer will do.
        let emoji = try Fixtures.typesetter.layout("a👋🏽b")
        #expect(pasteboard.copy(emoji, range: 2..<3) == "👋🏽", "half a surrogate pair widens to the cluster")
        #expect(pasteboard.copy(emoji, range: 0..<100) == "a👋🏽b", "clamped to the text")
    }

    @Test("a long press on a link offers Copy, Copy Link and Open Link")
    func linkMenuItems() throws {
        let layout = try Fixtures.seedLayout()
        let terms = try #require(Fixtures.centre(of: Fixtures.termsRange, in: layout))
        var interaction = LabelInteraction(layout: layout)
        _ = interaction.handle(.down(at: terms, time: 0))
        guard case .longPress(_, let menu)? = interaction.advance(to: 0.5).last else {
            Issue.record("expected a long press")
            return
        }
        #expect(menu.items == [.copy, .copyLink, .openLink])
        var pasteboard = InMemoryPasteboard()
        #expect(menu.perform(.copyLink, layout: layout, pasteboard: &pasteboard) == .copied(Fixtures.termsTarget))
        #expect(pasteboard.string() == Fixtures.termsTarget)
        #expect(menu.perform(.openLink, layout: layout, pasteboard: &pasteboard) == .open(layout.links[0].target))
    }

    @Test("with copying off a long press on text does nothing")
    func copyDisabledLongPressOnTextDoesNothing() throws {
        let layout = try Fixtures.plainLayout()
        var interaction = LabelInteraction(layout: layout, copyEnabled: false)
        let point = try #require(Fixtures.centre(of: 0..<1, in: layout))
        _ = interaction.handle(.down(at: point, time: 0))
        #expect(interaction.advance(to: 1).isEmpty)
        #expect(interaction.handle(.up(at: point, time: 1.1)).isEmpty)
    }
}
