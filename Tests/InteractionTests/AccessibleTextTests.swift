import Foundation
import LabelKit
import Testing

/// The text a screen reader reads: offsets in Unicode scalars, checked against Swift's own `unicodeScalars` view, and
/// geometry checked against the layout's hit-testing.
@Suite("Accessible text: characters, boundaries, geometry, links, attributes")
struct AccessibleTextTests {
    static let mixedMarkup = "Hi 👋🏽 read the [terms](https://example.com/terms) 利用規約 now. Then sign 🇯🇵!"

    static func layout(_ markup: String, width: Double = 400) throws -> TextLayout {
        try Fixtures.layout(markup, width: width)
    }

    /// The number of Unicode scalars before UTF-16 offset `offset` of `string`, counted by Swift's views.
    static func scalarCount(of string: String, beforeUTF16 offset: Int) -> Int {
        let index = String.Index(utf16Offset: offset, in: string)
        return string.unicodeScalars[..<index].count
    }

    @Test("the seed terms label reads as its text, its one link at characters 9 to 13 with its target")
    func seedTermsLink() throws {
        let text = AccessibleText(layout: try Fixtures.wrappedLinkLayout())
        #expect(text.text == Fixtures.seedPlainText)
        #expect(text.characterCount == Fixtures.seedPlainText.unicodeScalars.count)
        #expect(text.hyperlinks.count == 1)
        #expect(text.hyperlinks[0].characterRange == 9..<13)
        #expect(text.hyperlinks[0].target.absoluteString == Fixtures.termsTarget)
        #expect(text.hyperlinks[0].text == "利用規約")
        #expect(text.hyperlinkIndex(atCharacter: 10) == 0)
        #expect(text.hyperlinkIndex(atCharacter: 13) == nil)
    }

    @Test("every scalar boundary converts to the count of scalars before it, and back to the same UTF-16 offset")
    func offsetsAreScalars() throws {
        let layout = try Self.layout(Self.mixedMarkup)
        let text = AccessibleText(layout: layout)
        #expect(text.characterCount == layout.string.unicodeScalars.count)
        var utf16Offset = 0
        for (characterOffset, scalar) in layout.string.unicodeScalars.enumerated() {
            #expect(text.characterOffset(forUTF16: utf16Offset) == characterOffset)
            #expect(text.utf16Offset(forCharacter: characterOffset) == utf16Offset)
            #expect(text.substring(characterOffset..<(characterOffset + 1)) == String(scalar))
            utf16Offset += scalar.utf16.count
        }
        #expect(text.characterOffset(forUTF16: utf16Offset) == text.characterCount)
    }

    @Test("a UTF-16 offset inside a surrogate pair belongs to the emoji's character")
    func insideSurrogatePair() throws {
        let layout = try Self.layout("a😀b")
        let text = AccessibleText(layout: layout)
        #expect(text.characterCount == 3)
        #expect(text.characterOffset(forUTF16: 2) == 1)
        #expect(text.characterRange(forUTF16: 1..<3) == 1..<2)
        #expect(text.utf16Range(forCharacters: 1..<2) == 1..<3)
    }

    @Test("a link after an emoji starts at the scalars before it, not at its UTF-16 offset")
    func linkAfterEmoji() throws {
        let layout = try Self.layout(Self.mixedMarkup)
        let text = AccessibleText(layout: layout)
        let link = try #require(text.hyperlinks.first)
        let expectedStart = Self.scalarCount(of: layout.string, beforeUTF16: layout.links[0].range.lowerBound)
        #expect(link.characterRange == expectedStart..<(expectedStart + 5))
        #expect(link.characterRange.lowerBound < layout.links[0].range.lowerBound)
        #expect(text.substring(link.characterRange) == "terms")
    }

    @Test("an attachment reads as its alt text, whose characters map to the attachment's U+FFFC and box")
    func attachmentAsAltText() throws {
        let layout = try Fixtures.typesetter.layout(
            LabelMarkup.attributedString("Ana ![verified](/nonexistent/badge.png) here", imageHeight: 14),
            in: TextContainer(width: 400))
        let text = AccessibleText(layout: layout)
        #expect(text.text == "Ana verified here")
        #expect(text.text == layout.plainText())
        let altRange = 4..<12
        #expect(text.utf16Range(forCharacters: altRange) == 4..<5)
        #expect(text.utf16Range(forCharacters: 6..<7) == 4..<5)
        #expect(text.characterOffset(forUTF16: 5) == 12)
        let attachmentRect = try #require(layout.attachments.first?.rect)
        let extents = try #require(text.characterExtents(at: 7))
        #expect(extents.minX <= attachmentRect.minX && extents.maxX >= attachmentRect.maxX)
    }

    @Test("words: the word at an offset, and word-start and word-end pieces as AT-SPI defines them")
    func words() throws {
        let text = AccessibleText(layout: try Self.layout("Read the terms now."))
        #expect(text.substring(text.range(at: 10, granularity: .word)) == "terms")
        #expect(text.substring(text.range(at: 10, boundary: .wordStart)) == "terms ")
        #expect(text.substring(text.range(at: 10, boundary: .wordEnd)) == " terms")
        #expect(text.substring(text.range(at: 0, boundary: .wordStart)) == "Read ")
    }

    @Test("sentences end after a terminator and the spaces after it, in Latin and in Japanese")
    func sentences() throws {
        let text = AccessibleText(layout: try Self.layout("It rains. Take an umbrella! 明日は晴れ。傘は要りません。"))
        #expect(text.substring(text.range(at: 2, granularity: .sentence)) == "It rains. ")
        #expect(text.substring(text.range(at: 12, granularity: .sentence)) == "Take an umbrella! ")
        let japanese = text.text.unicodeScalars.count - 4
        #expect(text.substring(text.range(at: japanese, granularity: .sentence)) == "傘は要りません。")
        #expect(text.substring(text.range(at: 9, boundary: .sentenceEnd)) == " Take an umbrella!")
    }

    @Test("lines come from the layout: each line piece is the characters of one laid-out line")
    func lines() throws {
        let layout = try Self.layout(
            "The quick brown fox jumps over the lazy dog and keeps running far away", width: 120)
        #expect(layout.lines.count >= 3)
        let text = AccessibleText(layout: layout)
        for line in layout.lines {
            let expected = Self.scalarCount(of: layout.string, beforeUTF16: line.textRange.lowerBound)
            let piece = text.range(at: expected, granularity: .line)
            #expect(piece.lowerBound == expected)
            #expect(
                text.substring(piece).trimmingCharacters(in: .whitespaces)
                    == layout.plainText(in: line.textRange).trimmingCharacters(in: .whitespaces))
        }
    }

    @Test("characters are graphemes for character granularity: a skin-toned wave is one piece of two scalars")
    func characterGranularity() throws {
        let text = AccessibleText(layout: try Self.layout(Self.mixedMarkup))
        #expect(text.substring(text.range(at: 3, granularity: .character)) == "👋🏽")
        #expect(text.range(at: 4, granularity: .character) == 3..<5)
    }

    @Test("the offset at a character's centre is that character, as a tap there hits it, for every visible cluster")
    func offsetAtPointRoundTrip() throws {
        let layout = try Self.layout(Self.mixedMarkup, width: 160)
        let text = AccessibleText(layout: layout)
        for line in layout.lines {
            for cluster in line.clusters where !cluster.isInTruncationToken && cluster.width > 0 {
                let point = CGPoint(x: cluster.x + cluster.width / 2, y: line.rect.midY)
                let tapped = try #require(layout.character(at: point))
                let expected = Self.scalarCount(of: layout.string, beforeUTF16: tapped.range.lowerBound)
                #expect(text.characterOffset(at: point) == expected)
                let extents = try #require(text.characterExtents(at: expected))
                #expect(extents.contains(point))
            }
        }
        #expect(text.characterOffset(at: CGPoint(x: -5, y: -5)) == nil)
    }

    @Test("range extents of the link are the union of the link's rects; the link wrapped over two lines spans both")
    func rangeExtents() throws {
        let layout = try Fixtures.wrappedLinkLayout()
        let text = AccessibleText(layout: layout)
        let extents = try #require(text.rangeExtents(9..<13))
        #expect(extents == layout.rects(forLink: 0).map(\.rect).union)
    }

    @Test("attribute runs carry GTK's names: weight, style, the family that draws; equal neighbours merge")
    func attributeRuns() throws {
        let layout = try Self.layout("Plain **bold** and [link](https://example.com) *it*")
        let text = AccessibleText(layout: layout)
        let plain = text.attributeRun(at: 0)
        #expect(plain.range == 0..<6)
        #expect(plain.attributes["weight"] == "400")
        #expect(plain.attributes["style"] == "normal")
        #expect(plain.attributes["family-name"] == "Fixed")   // the fixed-advance font system's regular face
        #expect(plain.attributes["size"] != nil)
        #expect(plain.attributes["underline"] == "none")
        #expect(text.attributeRun(at: 7).attributes["weight"] == "700")
        #expect(text.attributeRun(at: 7).range == 6..<10)
        // A link's look is the view's link style, drawn over the layout: its text runs on with the text around it.
        #expect(text.attributeRun(at: 16).range == 10..<20)
        #expect(text.attributeRun(at: 21).attributes["style"] == "italic")
    }

    @Test("a ruby base carries its annotation as the ruby attribute, each part over its own character for mono ruby")
    func rubyAttribute() throws {
        var attributed = AttributedString("I read 漢字 and 読む.")
        attributed[try #require(attributed.range(of: "漢字"))].labelKit.ruby = RubyAnnotation("かんじ")
        attributed[try #require(attributed.range(of: "読む"))].labelKit.ruby = RubyAnnotation(parts: ["よ", "む"])
        let text = AccessibleText(layout: try Fixtures.typesetter.layout(attributed))
        #expect(text.text == "I read 漢字 and 読む.", "the base text is read; the annotation is not in it")
        #expect(text.attributeRun(at: 7).range == 7..<9)
        #expect(text.attributeRun(at: 8).attributes["ruby"] == "かんじ")
        #expect(text.attributeRun(at: 6).attributes["ruby"] == nil)
        #expect(text.attributeRun(at: 6).range == 0..<7)
        #expect(text.attributeRun(at: 14).attributes["ruby"] == "よ")
        #expect(text.attributeRun(at: 15).attributes["ruby"] == "む")
        #expect(text.attributeRun(at: 16).attributes["ruby"] == nil)
        // The extents of a base hold its annotation, and a point on the annotation is the base's first character.
        let layout = text.layout
        let annotation = try #require(layout.rubyRects(for: 7..<9).first).rect
        let extents = try #require(text.rangeExtents(7..<9))
        #expect(extents.contains(annotation.insetBy(dx: 0.01, dy: 0.01)), "\(extents) holds \(annotation)")
        #expect(text.characterOffset(at: CGPoint(x: annotation.midX, y: annotation.midY)) == 7)
    }

    @Test("text attributes report colours as drawn in the text's appearance: the default text white in dark")
    func attributesFollowTheAppearance() throws {
        var text = AttributedString("plain marked")
        if let range = text.range(of: "marked") { text[range].labelKit.backgroundColor = .selection }
        let layout = try Fixtures.typesetter.layout(text)
        let light = AccessibleText(layout: layout)
        let dark = AccessibleText(layout: layout, appearance: .dark)
        #expect(light.attributeRun(at: 0).attributes["fg-color"] == "0,0,0")
        #expect(dark.attributeRun(at: 0).attributes["fg-color"] == "65535,65535,65535")
        #expect(light.attributeRun(at: 8).attributes["bg-color"] == "2827,24415,52428")
        #expect(dark.attributeRun(at: 8).attributes["bg-color"] == "15677,36237,65535")
    }

    @Test("GTK colours are 16-bit components")
    func gtkColour() {
        #expect(AccessibleText.gtkColor(RGBAColor(hex: 0xFF8000)) == "65535,32896,0")
    }
}

@Suite("Accessible actions and selection")
struct AccessibleActionTests {
    @Test("a link offers click then showMenu; click is what a tap gives, showMenu the long-press preview and menu")
    func linkActions() throws {
        let layout = try Fixtures.wrappedLinkLayout()
        var interaction = LabelInteraction(layout: layout)
        let link = try #require(interaction.accessibilityElements().last)
        #expect(link.namedActions.map(\.name) == [.click, .showMenu])
        let tapEvents = interaction.perform(link.namedActions[0].action)
        guard case .tap(let hit)? = tapEvents.first else {
            Issue.record("no tap: \(tapEvents)")
            return
        }
        #expect(hit.index == 0)
        let menuEvents = interaction.perform(link.namedActions[1].action)
        guard case .longPress(let preview, let menu)? = menuEvents.first else {
            Issue.record("no long press: \(menuEvents)")
            return
        }
        #expect(preview.linkIndex == 0)
        #expect(menu.link == layout.links[0])
    }

    @Test("a copyable label's text element offers copy; a checkbox offers click, which toggles; disabled offers none")
    func otherActions() throws {
        let layout = try Fixtures.plainLayout()
        let copyable = LabelInteraction(layout: layout, copyEnabled: true).accessibilityElements()[0]
        #expect(copyable.namedActions.map(\.name) == [.copy])
        let quiet = LabelInteraction(layout: layout, copyEnabled: false).accessibilityElements()[0]
        #expect(quiet.namedActions.isEmpty)
        let checkbox = CheckboxWithLink(title: LabelMarkup.attributedString(Fixtures.seedMarkup))
        let element = try checkbox.layout(with: Fixtures.typesetter).accessibilityElement(for: checkbox)
        #expect(element.namedActions.map(\.name) == [.click])
        #expect(element.namedActions.first?.action == .toggle)
        let disabled = try LabelInteraction(layout: Fixtures.wrappedLinkLayout(), disabledLinks: [0])
            .accessibilityElements().last
        #expect(disabled?.namedActions.isEmpty == true)
    }

    @Test("a selection set in characters after an emoji selects the same text as a drag, and reads back the same")
    func selectionInCharacters() throws {
        let layout = try AccessibleTextTests.layout("😀😀 pick these words")
        var interaction = LabelInteraction(layout: layout, isSelectable: true)
        let text = AccessibleText(layout: layout)
        let events = interaction.setAccessibleSelection(3..<7, in: text)
        #expect(interaction.selectedText == "pick")
        #expect(events.contains { if case .selectionChanged = $0 { true } else { false } })
        #expect(interaction.accessibleSelection(in: text) == 3..<7)
        _ = interaction.setAccessibleSelection(0..<0, in: text)
        #expect(interaction.accessibleSelection(in: text) == nil)
        var fixed = LabelInteraction(layout: layout, isSelectable: false)
        #expect(fixed.setAccessibleSelection(3..<7, in: text).isEmpty)
    }
}

/// Screen readers over vertical text: the extents are the same vertical bands a tap uses.
@Suite("Accessible text in vertical columns")
struct VerticalAccessibleTextTests {
    @Test(
        "in a vertical label, each character's extents are a cell of its column, and the point at its centre reads it back"
    )
    func extentsAreCellsOfColumns() throws {
        let layout = try Fixtures.typesetter.layout(
            LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします"),
            in: TextContainer(height: 200, writingMode: .verticalRightToLeft))
        let text = AccessibleText(layout: layout)
        var previous: CGRect? = nil
        for offset in 0..<text.characterCount {
            let cell = try #require(text.characterExtents(at: offset))
            #expect(text.characterOffset(at: CGPoint(x: cell.midX, y: cell.midY)) == offset)
            if let previous, abs(previous.minX - cell.minX) < 0.001 {
                // Down the same column.
                #expect(cell.minY >= previous.maxY - 0.001)
            } else if let previous {
                // The next column is to the left.
                #expect(cell.maxX <= previous.minX + 0.001)
            }
            previous = cell
        }
        let link = try #require(text.rangeExtents(text.hyperlinks[0].characterRange))
        #expect(link.height > link.width)
    }
}
