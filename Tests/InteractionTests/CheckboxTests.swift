import Foundation
import LabelKit
import Testing

@Suite("CheckboxWithLink: toggling versus its link, keyboard, disabled, accessibility")
struct CheckboxTests {
    static let title = "[利用規約](https://example.com/terms)に同意する"

    func makeInteraction(isEnabled: Bool = true) throws -> CheckboxInteraction {
        let checkbox = CheckboxWithLink(title: LabelMarkup.attributedString(Self.title), isEnabled: isEnabled)
        let layout = try checkbox.layout(with: Fixtures.typesetter, container: TextContainer(width: 280))
        return CheckboxInteraction(checkbox: checkbox, layout: layout)
    }

    func tap(_ interaction: inout CheckboxInteraction, at point: CGPoint, time: Double = 0) -> [CheckboxEvent] {
        interaction.handle(.down(at: point, time: time)) + interaction.handle(.up(at: point, time: time + 0.1))
    }

    @Test("the title sits right of the box; link rects are in control coordinates")
    func geometry() throws {
        let interaction = try makeInteraction()
        let layout = interaction.layout
        #expect(layout.boxFrame.minX == 0)
        #expect(Double(layout.boxFrame.width) == CheckboxMetrics.standardBoxSize)
        #expect(Double(layout.titleFrame.minX) == CheckboxMetrics.standardBoxSize + CheckboxMetrics.standardSpacing)
        let rects = layout.rects(forLink: 0)
        #expect(
            rects
                == layout.title.rects(forLink: 0).map {
                    TextRangeRect(
                        rect: $0.rect.offsetBy(dx: layout.titleFrame.minX, dy: layout.titleFrame.minY),
                        lineIndex: $0.lineIndex)
                })
        #expect(layout.bounds.contains(layout.boxFrame) && layout.bounds.contains(layout.titleFrame))
    }

    @Test("checkbox toggling versus its link: a tap on the link runs the link only; the box and the text toggle")
    func checkboxTogglingVersusItsLink() throws {
        var interaction = try makeInteraction()
        let link = try #require(interaction.layout.rects(forLink: 0).first?.rect)
        let onLink = CGPoint(x: link.midX, y: link.midY)
        let linkEvents = tap(&interaction, at: onLink)
        #expect(linkEvents.contains { if case .link(.tap(let hit)) = $0 { hit.index == 0 } else { false } })
        #expect(!linkEvents.contains { if case .toggled = $0 { true } else { false } })
        #expect(interaction.checkbox.isChecked == false)

        let box = interaction.layout.boxFrame
        #expect(
            tap(&interaction, at: CGPoint(x: box.midX, y: box.midY), time: 1) == [
                .focusChanged(isFocused: true), .toggled(isChecked: true),
            ])
        let title = interaction.layout.title
        let textRect = try #require(title.rects(for: 8..<9).first?.rect)   // る, away from the link
        let onText = CGPoint(
            x: textRect.midX + interaction.layout.titleFrame.minX, y: textRect.midY + interaction.layout.titleFrame.minY
        )
        #expect(tap(&interaction, at: onText, time: 2) == [.toggled(isChecked: false)])
        #expect(interaction.checkbox.isChecked == false)
    }

    @Test("a tap on the box near a link toggles: the box is never the link's touch radius")
    func boxNearLinkToggles() throws {
        var interaction = try makeInteraction()
        let box = interaction.layout.boxFrame
        let edge = CGPoint(x: box.maxX - 1, y: box.midY)
        #expect(tap(&interaction, at: edge) == [.focusChanged(isFocused: true), .toggled(isChecked: true)])
    }

    @Test("moving beyond the slop on the control does not toggle")
    func controlSlopCancels() throws {
        var interaction = try makeInteraction()
        let box = interaction.layout.boxFrame
        let point = CGPoint(x: box.midX, y: box.midY)
        _ = interaction.handle(.down(at: point, time: 0))
        _ = interaction.handle(.move(to: point.moved(0, 40), time: 0.1))
        #expect(interaction.handle(.up(at: point, time: 0.2)).isEmpty)
        #expect(interaction.checkbox.isChecked == false)
    }

    @Test("keyboard activation: space toggles, other keys do not")
    func spaceToggles() throws {
        var interaction = try makeInteraction()
        #expect(interaction.handleKey(.space) == [.toggled(isChecked: true)])
        #expect(interaction.handleKey(.enter).isEmpty)
        #expect(interaction.handleKey(.character("x")).isEmpty)
        #expect(interaction.checkbox.isChecked)
    }

    @Test("disabled states: a disabled checkbox does nothing — no toggle, no link, no key")
    func disabledCheckboxDoesNothing() throws {
        var interaction = try makeInteraction(isEnabled: false)
        let box = interaction.layout.boxFrame
        let link = try #require(interaction.layout.rects(forLink: 0).first?.rect)
        #expect(!interaction.shouldHandle(CGPoint(x: box.midX, y: box.midY)))
        #expect(tap(&interaction, at: CGPoint(x: box.midX, y: box.midY)).isEmpty)
        #expect(tap(&interaction, at: CGPoint(x: link.midX, y: link.midY)).isEmpty)
        #expect(interaction.handleKey(.space).isEmpty)
        #expect(interaction.checkbox.isChecked == false)
        #expect(interaction.accessibilityElement.traits.contains(.notEnabled))
    }

    @Test("the checkbox is one accessibility element whose value follows the state")
    func accessibilityValueFollowsState() throws {
        var interaction = try makeInteraction()
        var element = interaction.accessibilityElement
        #expect(element.value == "unchecked")
        #expect(element.traits == [.checkbox])
        #expect(element.label == "利用規約に同意する")
        #expect(element.frames == [interaction.layout.bounds])
        #expect(element.action == .toggle)
        #expect(element.customActions.map(\.identifier) == ["activateLink.0"])
        _ = interaction.handleKey(.space)
        element = interaction.accessibilityElement
        #expect(element.value == "checked")
    }

    @Test("an attachment in the title is read as its alt text")
    func attachmentInTitleIsReadAsAltText() throws {
        let icon = TextAttachment(
            width: 12, height: 12, alignment: .center, content: .custom(identifier: "info"), altText: "info")
        let title = AttributedString("I agree ") + AttributedString(attachment: icon)
        let checkbox = CheckboxWithLink(title: title)
        let interaction = CheckboxInteraction(
            checkbox: checkbox,
            layout: try checkbox.layout(with: Fixtures.typesetter, container: TextContainer(width: 280)))
        #expect(interaction.accessibilityElement.label == "I agree info")
    }
}
