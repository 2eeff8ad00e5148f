import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// The listings of the articles about links: TappingPartOfASentence, CheckboxWithALink and LinkUnderAFinger.
extension DocumentationExampleTests {
    @Test("tap on part of a sentence: only 利用規約 opens the terms; the rest and past the line hit no link")
    func tapOnPartOfASentence() throws {
        var opened: [URL] = []
        func open(_ url: URL) { opened.append(url) }

        // Listing: TappingPartOfASentence
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        let typesetter = LabelTypesetter.system(style: TextStyle(fontSize: 15, paragraphStyle: paragraph))
        let layout = try typesetter.layout(text, in: TextContainer(width: 200))

        let tap = CGPoint(x: 160, y: 10)   // in the label's coordinates: origin top-left, y down
        if let hit = layout.link(at: tap, radius: 10) {
            open(hit.link.target)   // https://example.com/terms
        }
        // End of listing

        #expect(opened == [Self.terms])
        #expect(layout.lines.count == 2)
        // The link's characters are 9..<13 (UTF-16): 利用規約, all on the first line.
        #expect(layout.plainText(in: layout.links[0].range) == "利用規約")
        #expect(layout.rects(for: 9..<13).map(\.lineIndex) == [0])

        // Listing: TappingPartOfASentence
        let onAgree = layout.character(at: CGPoint(x: 40, y: 32))   // 同 of 同意, on the second line
        let pastTheEnd = layout.character(at: CGPoint(x: 195, y: 32))   // right of the second line's last glyph
        let onlyText = layout.link(at: CGPoint(x: 40, y: 32))   // nil: an exact hit on text that is no link
        // End of listing

        #expect(onAgree?.range == 14..<15)
        #expect(onAgree?.lineIndex == 1)
        #expect(pastTheEnd == nil)
        #expect(onlyText == nil)

        // Listing: TappingPartOfASentence
        var interaction = LabelInteraction(layout: layout)
        let pressed = interaction.handle(.down(at: tap, time: 0))   // [.pressedLinkChanged(hit)]: draw it pressed
        for event in interaction.handle(.up(at: tap, time: 0.1)) {   // [.pressedLinkChanged(nil), .tap(hit)]
            if case .tap(let hit) = event { open(hit.link.target) }
        }
        // End of listing

        #expect(opened == [Self.terms, Self.terms])
        #expect(pressed.count == 1)
        if case .pressedLinkChanged(let hit) = pressed.first { #expect(hit?.index == 0) } else { Issue.record() }
        #expect(interaction.pressedLink == nil)
    }

    @Test("a checkbox with a link: the link opens without toggling, the box and the rest of the title toggle")
    func checkboxWithALink() throws {
        var opened: [URL] = []
        var saved: [Bool] = []
        func open(_ url: URL) { opened.append(url) }
        func save(_ isChecked: Bool) { saved.append(isChecked) }
        func click(_ point: CGPoint, _ interaction: inout CheckboxInteraction) {
            // Listing: CheckboxWithALink
            _ = interaction.handle(.down(at: point, time: 0))
            for event in interaction.handle(.up(at: point, time: 0.1)) {
                switch event {
                case .toggled(let isChecked): save(isChecked)
                case .link(.tap(let hit)): open(hit.link.target)
                case .link: break   // the title link pressed or released: redraw it
                case .focusChanged, .focusLeaves: break   // keyboard focus: draw or move the focus ring
                }
            }
            // End of listing
        }

        // Listing: CheckboxWithALink
        let title = LabelMarkup.attributedString("[利用規約](https://example.com/terms)に同意する")
        let checkbox = CheckboxWithLink(title: title)
        let layout = try checkbox.layout(with: .system, container: TextContainer(width: 280))
        var interaction = CheckboxInteraction(checkbox: checkbox, layout: layout)

        let box = layout.boxFrame   // the square at the left, centred on the title's first line
        let link = layout.rects(forLink: 0)   // 利用規約, in the control's coordinates
        // End of listing

        // The title's first line starts at y = 0 (its measured height holds it exactly); the box centres on it.
        #expect(box == CGRect(x: 0, y: 1.8603515625, width: 18, height: 18))
        #expect(layout.titleFrame.minX == 26)   // 18-point box, 8 points of spacing
        #expect(link.count == 1)
        #expect(link[0].rect.minX == 26)

        click(CGPoint(x: link[0].rect.midX, y: link[0].rect.midY), &interaction)
        #expect(opened == [Self.terms])
        #expect(saved.isEmpty)
        #expect(interaction.checkbox.isChecked == false)

        click(CGPoint(x: box.midX, y: box.midY), &interaction)
        #expect(saved == [true])
        let agree = try #require(layout.title.rects(for: 5..<7).first?.rect)   // 同意
        click(layout.controlRect(agree).origin.moved(4, 4), &interaction)
        #expect(saved == [true, false])
        #expect(opened == [Self.terms])

        // Listing: CheckboxWithALink
        let toggled = interaction.handleKey(.space)   // [.toggled(isChecked: true)]
        let element = interaction.accessibilityElement   // one element: label the title, value "checked"
        // End of listing

        #expect(toggled == [.toggled(isChecked: true)])
        #expect(element.label == "利用規約に同意する")
        #expect(element.value == "checked")
        #expect(element.traits.contains(.checkbox))
        #expect(element.customActions == [.activateLink(index: 0, target: Self.terms)])
    }

    @Test("the link under a finger: a near miss finds the wrapped link, its rects per line, and a long press previews")
    func linkUnderAFinger() throws {
        var previews: [(target: URL, source: CGRect, rects: [CGRect])] = []
        var menus: [[CopyMenu.Item]] = []
        func showPreview(of target: URL, from source: CGRect, highlighting rects: [CGRect]) {
            previews.append((target, source, rects))
        }
        func showMenu(_ items: [CopyMenu.Item]) { menus.append(items) }

        // Listing: LinkUnderAFinger
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 165))
        let fragments = layout.rects(for: 9..<13)   // 利用 ends the first line, 規約 starts the second
        let finger = CGPoint(x: fragments[0].rect.midX, y: fragments[0].rect.maxY + 6)   // 6 points below 利用

        if let hit = layout.link(at: finger, radius: 10) {
            showPreview(of: hit.link.target, from: hit.boundingRect, highlighting: hit.rects.map(\.rect))
            print(hit.rects.count, hit.distance)   // 2 6.0: one rectangle per line; 6 points from the link
        }
        // End of listing

        #expect(fragments.map(\.lineIndex) == [0, 1])
        #expect(layout.plainText(in: layout.lines[0].textRange).hasSuffix("利用"))
        // The finger is on the second line's text, which is no link: the link is found by its distance.
        #expect(layout.character(at: finger).map { layout.links[0].range.contains($0.index) } == false)
        let preview = try #require(previews.first)
        #expect(preview.target == Self.terms)
        #expect(preview.rects == fragments.map(\.rect))
        #expect(preview.source == fragments[0].rect.union(fragments[1].rect))
        #expect(layout.link(at: finger, radius: 10)?.distance == 6)
        #expect(layout.link(at: finger, radius: 5) == nil)

        // Listing: LinkUnderAFinger
        var interaction = LabelInteraction(layout: layout)   // touch radius 10, long press after 0.5 s
        _ = interaction.handle(.down(at: finger, time: 0))
        for event in interaction.advance(to: 0.5) {   // the app's timer or frame loop calls advance(to:)
            if case .longPress(let preview, let menu) = event {
                showPreview(of: preview.target, from: preview.boundingRect, highlighting: preview.rects.map(\.rect))
                showMenu(menu.items)   // [.copy, .copyLink, .openLink]
            }
        }
        let afterLift = interaction.handle(.up(at: finger, time: 0.8))   // []: the long press took the touch
        // End of listing

        #expect(previews.count == 2)
        #expect(previews[1].rects == previews[0].rects)
        #expect(previews[1].source == previews[0].source)
        #expect(menus == [[.copy, .copyLink, .openLink]])
        #expect(afterLift.isEmpty)

        // Listing: LinkUnderAFinger
        let context = layout.previewContext(at: finger)   // the same, as one value: target, rects, boundingRect
        // End of listing

        #expect(context?.boundingRect == previews[0].source)
        #expect(context?.rects.count == 2)
    }
}

extension CGPoint {
    fileprivate func moved(_ dx: Double, _ dy: Double) -> CGPoint { CGPoint(x: x + dx, y: y + dy) }
}
