import Foundation
import LabelKit
import Testing

@Suite("Label interaction: taps, slop, long presses, claiming touches")
struct LabelInteractionTests {
    @Test("seed: a tap on 利用規約 fires once; a tap on 同意 does not")
    func seedTapOnTermsFiresOnceAndOnAgreeDoesNot() throws {
        let layout = try Fixtures.seedLayout()
        var interaction = LabelInteraction(layout: layout, copyEnabled: false)
        let terms = try #require(Fixtures.centre(of: Fixtures.termsRange, in: layout))

        let down = interaction.handle(.down(at: terms, time: 0))
        let hit = try #require(layout.link(at: terms))
        #expect(down == [.pressedLinkChanged(hit)])
        #expect(interaction.pressedLink == hit)
        #expect(interaction.advance(to: 0.1).isEmpty)
        let up = interaction.handle(.up(at: terms.moved(2, 1), time: 0.2))
        #expect(up == [.pressedLinkChanged(nil), .tap(hit)])
        #expect(up.compactMap(\.tappedLink).map(\.link.target.absoluteString) == [Fixtures.termsTarget])
        // A stray second lift and later ticks fire nothing more.
        #expect(interaction.handle(.up(at: terms, time: 0.3)).isEmpty)
        #expect(interaction.advance(to: 5).isEmpty)

        let agree = try #require(Fixtures.centre(of: Fixtures.agreeRange, in: layout))
        #expect(interaction.shouldHandle(agree) == false)
        #expect(interaction.handle(.down(at: agree, time: 1)).isEmpty)
        #expect(interaction.handle(.up(at: agree, time: 1.1)).isEmpty)
    }

    @Test("a touch just outside the link within the touch radius taps it; the nearest link wins")
    func touchRadiusFindsNearbyLink() throws {
        let layout = try Fixtures.seedLayout()
        var interaction = LabelInteraction(layout: layout, copyEnabled: false)
        let rect = try #require(layout.rects(forLink: 0).first?.rect)
        let below = CGPoint(x: rect.midX, y: rect.maxY + 6)
        _ = interaction.handle(.down(at: below, time: 0))
        #expect(interaction.handle(.up(at: below, time: 0.1)).compactMap(\.tappedLink).count == 1)
        let farBelow = CGPoint(x: rect.midX, y: rect.maxY + InteractionSettings.standardTouchRadius + 5)
        #expect(interaction.handle(.down(at: farBelow, time: 1)).isEmpty)
        #expect(interaction.handle(.up(at: farBelow, time: 1.1)).isEmpty)
    }

    @Test("moving beyond the slop cancels: the pressed link is cleared and no tap fires")
    func movingBeyondSlopCancels() throws {
        let layout = try Fixtures.seedLayout()
        var interaction = LabelInteraction(layout: layout, copyEnabled: false)
        let terms = try #require(Fixtures.centre(of: Fixtures.termsRange, in: layout))
        let slop = interaction.settings.movementSlop

        _ = interaction.handle(.down(at: terms, time: 0))
        #expect(interaction.handle(.move(to: terms.moved(slop * 0.6, 0), time: 0.05)).isEmpty, "within the slop")
        #expect(interaction.handle(.move(to: terms.moved(slop + 1, 0), time: 0.1)) == [.pressedLinkChanged(nil)])
        #expect(interaction.pressedLink == nil)
        // Coming back does not revive the press, and neither a long press nor a tap fires.
        #expect(interaction.handle(.move(to: terms, time: 0.2)).isEmpty)
        #expect(interaction.advance(to: 1).isEmpty)
        #expect(interaction.handle(.up(at: terms, time: 1.1)).isEmpty)
    }

    @Test("a lift farther than the slop from the down location does not tap")
    func liftBeyondSlopDoesNotTap() throws {
        let layout = try Fixtures.seedLayout()
        var interaction = LabelInteraction(layout: layout, copyEnabled: false)
        let terms = try #require(Fixtures.centre(of: Fixtures.termsRange, in: layout))
        _ = interaction.handle(.down(at: terms, time: 0))
        #expect(interaction.handle(.up(at: terms.moved(0, 30), time: 0.1)) == [.pressedLinkChanged(nil)])
    }

    @Test("cancel clears the pressed link and fires nothing")
    func cancelClearsPressedLink() throws {
        let layout = try Fixtures.seedLayout()
        var interaction = LabelInteraction(layout: layout)
        let terms = try #require(Fixtures.centre(of: Fixtures.termsRange, in: layout))
        _ = interaction.handle(.down(at: terms, time: 0))
        #expect(interaction.handle(.cancel(time: 0.1)) == [.pressedLinkChanged(nil)])
        #expect(interaction.advance(to: 2).isEmpty)
        #expect(interaction.handle(.up(at: terms, time: 2)).isEmpty)
        #expect(!interaction.isTracking)
    }

    @Test("a long press on a link that wraps gives a preview with two rects and their union")
    func longPressOnWrappedLinkGivesPreviewWithTwoRects() throws {
        let layout = try Fixtures.wrappedLinkLayout()
        var interaction = LabelInteraction(layout: layout)
        let start = try #require(Fixtures.centre(of: Fixtures.termsRange, in: layout))

        _ = interaction.handle(.down(at: start, time: 10))
        #expect(interaction.advance(to: 10.49).isEmpty, "not before the long-press duration")
        let events = interaction.advance(to: 10.5)
        guard events.count == 2, case .longPress(let preview, let menu) = events[1] else {
            Issue.record("expected pressed(nil) and a long press, got \(events)")
            return
        }
        #expect(events[0] == .pressedLinkChanged(nil))
        #expect(preview.target.absoluteString == Fixtures.termsTarget)
        #expect(preview.rects.count == 2)
        #expect(preview.rects == layout.rects(forLink: 0))
        #expect(preview.rects.map(\.lineIndex) == [0, 1], "one rect per line")
        #expect(preview.boundingRect == preview.rects[0].rect.union(preview.rects[1].rect))
        #expect(preview == layout.previewContext(at: start))
        #expect(menu.items == [.copy, .copyLink, .openLink])
        // The lift after a long press emits nothing more: no tap.
        #expect(interaction.handle(.up(at: start, time: 11)).isEmpty)
    }

    @Test("a move after the long-press duration fires the long press first")
    func moveAfterDurationFiresLongPressFirst() throws {
        let layout = try Fixtures.seedLayout()
        var interaction = LabelInteraction(layout: layout, copyEnabled: false)
        let terms = try #require(Fixtures.centre(of: Fixtures.termsRange, in: layout))
        _ = interaction.handle(.down(at: terms, time: 0))
        let events = interaction.handle(.move(to: terms.moved(1, 0), time: 0.6))
        #expect(events.count == 2)
        if case .longPress(_, let menu) = events.last {
            #expect(menu.items == [.copyLink, .openLink])
        } else {
            Issue.record("expected a long press, got \(events)")
        }
    }

    @Test("settings are values: a longer long-press duration waits longer")
    func customLongPressDuration() throws {
        let layout = try Fixtures.plainLayout()
        var interaction = LabelInteraction(layout: layout, settings: InteractionSettings(longPressDuration: 1.2))
        let point = try #require(Fixtures.centre(of: 0..<1, in: layout))
        _ = interaction.handle(.down(at: point, time: 0))
        #expect(interaction.advance(to: 1.1).isEmpty)
        #expect(interaction.advance(to: 1.2).count == 1)
    }

    @Test("a label inside a control does not claim touches: copy off by policy, no link under the point")
    func labelInsideControlDoesNotClaimTouches() throws {
        let layout = try Fixtures.seedLayout()
        let policy = CopyPolicy()
        #expect(policy.isCopyEnabled(containerIsControl: true) == false)
        #expect(policy.isCopyEnabled(containerIsControl: false) == true)
        #expect(policy.isCopyEnabled(containerIsControl: true, override: .enabled) == true)
        #expect(policy.isCopyEnabled(containerIsControl: false, override: .disabled) == false)

        let insideControl = LabelInteraction(
            layout: layout, copyEnabled: policy.isCopyEnabled(containerIsControl: true))
        let agree = try #require(Fixtures.centre(of: Fixtures.agreeRange, in: layout))
        let terms = try #require(Fixtures.centre(of: Fixtures.termsRange, in: layout))
        #expect(insideControl.shouldHandle(agree) == false)
        #expect(insideControl.shouldHandle(CGPoint(x: 5, y: 5)) == false, "empty space in the insets")
        #expect(insideControl.shouldHandle(terms) == true, "a link is still a link")

        let standalone = LabelInteraction(layout: layout, copyEnabled: policy.isCopyEnabled(containerIsControl: false))
        #expect(standalone.shouldHandle(agree) == true, "copying is on: the label takes the long press")
    }

    @Test("a tap on the truncation token emits a token tap")
    func tokenTap() throws {
        let layout = try Fixtures.tokenLayout(token: "…more")
        #expect(layout.isTruncated)
        var interaction = LabelInteraction(layout: layout, copyEnabled: false)
        let token = try #require(Fixtures.tokenCentre(in: layout))
        #expect(interaction.shouldHandle(token))
        #expect(interaction.handle(.down(at: token, time: 0)).isEmpty)
        #expect(interaction.handle(.up(at: token, time: 0.1)) == [.tokenTap])
    }

    @Test("a link inside the truncation token is a link")
    func linkInsideTokenIsLink() throws {
        let layout = try Fixtures.tokenLayout(token: "…[more](https://example.com/more)")
        var interaction = LabelInteraction(layout: layout, copyEnabled: false)
        let tokenLinkIndex = try #require(layout.links.firstIndex { $0.isInTruncationToken })
        let rect = try #require(layout.rects(forLink: tokenLinkIndex).first?.rect)
        let point = CGPoint(x: rect.midX, y: rect.midY)
        _ = interaction.handle(.down(at: point, time: 0))
        let taps = interaction.handle(.up(at: point, time: 0.1)).compactMap(\.tappedLink)
        #expect(taps.map(\.link.target.absoluteString) == ["https://example.com/more"])
        #expect(taps.first?.link.isInTruncationToken == true)
    }

    @Test("disabled states: a disabled link is not pressed, not tapped and not claimed")
    func disabledLinkDoesNotTap() throws {
        let layout = try Fixtures.seedLayout()
        var interaction = LabelInteraction(layout: layout, copyEnabled: false, disabledLinks: [0])
        let terms = try #require(Fixtures.centre(of: Fixtures.termsRange, in: layout))
        #expect(interaction.shouldHandle(terms) == false)
        #expect(interaction.handle(.down(at: terms, time: 0)).isEmpty)
        #expect(interaction.handle(.up(at: terms, time: 0.1)).isEmpty)
        #expect(interaction.pressedLink == nil)
    }
}
