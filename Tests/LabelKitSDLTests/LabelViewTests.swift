import Foundation
import LabelKit
import LabelKitSDL
import Testing

/// The label view's behaviour without a window: events in, view events out, copies into memory.
@MainActor
@Suite struct LabelViewTests {
    static let markup = "決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします"
    static let origin = CGPoint(x: 10, y: 20)

    static func view(width: Double, lines: Int = 0) throws -> LabelView {
        let layout = try LabelTypesetter.system.layout(
            LabelMarkup.attributedString(markup), in: TextContainer(width: width, maximumNumberOfLines: lines)
        )
        return LabelView(layout: layout, origin: origin, pasteboard: InMemoryPasteboard())
    }

    static func centre(_ rect: CGRect) -> CGPoint { CGPoint(x: rect.midX, y: rect.midY) }

    static func menuItems(_ events: [ViewEvent]) -> [MenuItemFrame]? {
        events.lazy.compactMap { if case .menuShown(let items) = $0 { items } else { nil } }.first
    }

    @Test func aClickOnTheLinkTapsItAndAClickBesideItDoesNot() throws {
        let view = try Self.view(width: 400)
        let link = try #require(view.windowRects(forLink: 0).first?.rect)
        _ = view.handle(.down(at: Self.centre(link), time: 0))
        let tap = view.handle(.up(at: Self.centre(link), time: 0.1))
        #expect(
            tap.contains {
                if case .linkTapped(let hit) = $0 { hit.link.target.absoluteString.hasSuffix("/terms") } else { false }
            })

        let beside = CGPoint(x: link.minX - 30, y: link.midY)
        _ = view.handle(.down(at: beside, time: 1))
        let nothing = view.handle(.up(at: beside, time: 1.1))
        #expect(!nothing.contains { if case .linkTapped = $0 { true } else { false } })
    }

    @Test func inAVerticalLabelAClickOnTheLinksBandTapsItAndAClickBelowTheColumnDoesNot() throws {
        let layout = try LabelTypesetter.system.layout(
            LabelMarkup.attributedString(Self.markup),
            in: TextContainer(height: 200, writingMode: .verticalRightToLeft))
        let view = LabelView(layout: layout, origin: Self.origin, pasteboard: InMemoryPasteboard())
        #expect(view.frame.height == 200 && view.frame.width < 60)
        let link = try #require(view.windowRects(forLink: 0).first?.rect)
        #expect(link.height > link.width && view.frame.contains(link))
        _ = view.handle(.down(at: Self.centre(link), time: 0))
        let tap = view.handle(.up(at: Self.centre(link), time: 0.1))
        #expect(tap.contains { if case .linkTapped = $0 { true } else { false } })

        let lastColumn = layout.labelRect(fromLineRect: layout.lines[layout.lines.count - 1].rect)
        let below = CGPoint(x: Self.origin.x + lastColumn.midX, y: Self.origin.y + lastColumn.maxY + 8)
        #expect(view.frame.contains(below))
        _ = view.handle(.down(at: below, time: 1))
        let nothing = view.handle(.up(at: below, time: 1.1))
        #expect(!nothing.contains { if case .linkTapped = $0 { true } else { false } })
    }

    @Test func theLiftEndingALongPressKeepsTheMenuAndCopyCopiesTheWholeTruncatedText() throws {
        let view = try Self.view(width: 200, lines: 1)
        #expect(view.layout.isTruncated)
        let firstCharacter = try #require(view.layout.rects(for: 0..<1).first?.rect)
        let press = Self.centre(firstCharacter.offsetBy(dx: Self.origin.x, dy: Self.origin.y))
        _ = view.handle(.down(at: press, time: 0))
        let items = try #require(Self.menuItems(view.advance(to: 0.6)))
        #expect(items.map(\.item) == [.copy])
        _ = view.handle(.up(at: press, time: 0.7))
        #expect(view.hasPopup)

        let copy = Self.centre(items[0].frame)
        #expect(view.claimsPointer(at: CGPoint(x: -100, y: -100)), "an open popup takes every press")
        _ = view.handle(.down(at: copy, time: 1))
        let events = view.handle(.up(at: copy, time: 1.05))
        let copied = events.lazy.compactMap { if case .copied(let text, _) = $0 { text } else { nil } }.first
        #expect(copied == view.layout.string)
        #expect(view.pasteboard.string() == view.layout.string)
        #expect(!view.hasPopup)
    }

    @Test func aLongPressOnAWrappedLinkPreviewsItFromBothRects() throws {
        let view = try Self.view(width: 165)
        let rects = view.windowRects(forLink: 0).map(\.rect)
        #expect(rects.count == 2)
        let press = Self.centre(try #require(rects.last))
        _ = view.handle(.down(at: press, time: 0))
        let events = view.advance(to: 0.55)
        let preview = events.lazy.compactMap { event -> ([CGRect], CGRect)? in
            if case .previewShown(_, let rects, let card) = event { (rects, card) } else { nil }
        }.first
        let (previewRects, card) = try #require(preview)
        #expect(previewRects == rects)
        #expect(card.minY >= rects.map(\.maxY).max() ?? 0)
        #expect(Self.menuItems(events)?.map(\.item) == [.copy, .copyLink, .openLink])

        // A click elsewhere closes both.
        _ = view.handle(.down(at: CGPoint(x: 500, y: 500), time: 2))
        let closed = view.handle(.up(at: CGPoint(x: 500, y: 500), time: 2.1))
        #expect(closed.contains { if case .popupsDismissed = $0 { true } else { false } })
        #expect(!view.hasPopup)
    }

    @Test func aButtonTitleOffersNoCopy() throws {
        let button = ButtonView(title: try LabelTypesetter.system.layout("Send message"))
        #expect(!button.title.copyEnabled)
        let centre = Self.centre(button.frame)
        _ = button.handle(.down(at: centre, time: 0))
        let events = button.handle(.up(at: centre, time: 0.1))
        #expect(events.contains { if case .buttonPressed = $0 { true } else { false } })
    }
}
