import Foundation
import Testing

@testable import LabelKitText

@Suite("Label markup: list items")
struct LabelMarkupListTests {
    /// The lists of the paragraph that holds `needle`.
    func lists(_ text: AttributedString, _ needle: String) throws -> [TextList] {
        let range = try #require(text.range(of: needle))
        return text[range].labelKit.paragraphStyle?.textLists ?? []
    }

    @Test("'- ' and '* ' lines are disc items, their markers taken out of the text")
    func bullets() throws {
        let text = LabelMarkup.attributedString("Shopping:\n- milk\n* **eggs**")
        #expect(String(text.characters) == "Shopping:\nmilk\neggs")
        #expect(try lists(text, "Shopping").isEmpty)
        let milk = try lists(text, "milk")
        #expect(milk.map(\.marker) == [.disc])
        #expect(try lists(text, "eggs") == milk, "consecutive items are one list")
        let eggs = try #require(text.range(of: "eggs"))
        #expect(text[eggs].labelKit.fontWeight == 700, "inline markup still works in an item")
    }

    @Test("'1. ' lines are decimal items starting at the first item's number")
    func numbered() throws {
        let text = LabelMarkup.attributedString("3. three\n4. four")
        #expect(String(text.characters) == "three\nfour")
        let three = try lists(text, "three")
        #expect(three.map(\.marker) == [.decimal])
        #expect(three.first?.startingNumber == 3)
        #expect(try lists(text, "four") == three)
    }

    @Test("indentation nests: circle at depth 2, square at 3 and deeper; outdenting returns")
    func nesting() throws {
        let markup = "- one\n  - two\n\t- three\n      - four\n- five"
        let text = LabelMarkup.attributedString(markup)
        #expect(String(text.characters) == "one\ntwo\nthree\nfour\nfive")
        #expect(try lists(text, "one").map(\.marker) == [.disc])
        #expect(try lists(text, "two").map(\.marker) == [.disc, .circle])
        #expect(try lists(text, "three").map(\.marker) == [.disc, .circle, .square])
        #expect(try lists(text, "four").map(\.marker) == [.disc, .circle, .square, .square])
        #expect(try lists(text, "five") == lists(text, "one"), "back in the outer list")
    }

    @Test("a numbered list inside a bulleted one")
    func mixed() throws {
        let text = LabelMarkup.attributedString("- fruit\n  1. apple\n  2. pear\n- bread")
        let apple = try lists(text, "apple")
        #expect(apple.map(\.marker) == [.disc, .decimal])
        #expect(apple.last?.startingNumber == 1)
        #expect(try lists(text, "pear") == apple)
    }

    @Test("a line that is not an item ends the list; the next list is a list of its own")
    func separateLists() throws {
        let text = LabelMarkup.attributedString("- a\ntext\n- b")
        #expect(try lists(text, "text").isEmpty)
        let a = try lists(text, "a")
        let b = try lists(text, "b")
        #expect(a.count == 1 && b.count == 1)
        #expect(a != b, "two lists, so that numbering restarts")
    }

    @Test("*italic* at a line's start stays italic, and markers need a space after them")
    func notItems() throws {
        for markup in ["*italic* text", "-5 degrees", "1.5 litres", "**bold** start"] {
            let text = LabelMarkup.attributedString(markup)
            #expect(text.runs.allSatisfy { $0.labelKit.paragraphStyle == nil }, "\(markup)")
        }
        let italic = LabelMarkup.attributedString("*italic* text")
        #expect(String(italic.characters) == "italic text")
        let range = try #require(italic.range(of: "italic"))
        #expect(italic[range].labelKit.italic == true)
    }

    @Test("a line break inside an item's link text keeps the following items in step")
    func lineBreakInLink() throws {
        let text = LabelMarkup.attributedString("- [a\nb](https://example.com)\n- c")
        #expect(String(text.characters) == "a\nb\nc")
        #expect(try lists(text, "c").map(\.marker) == [.disc])
        #expect(try lists(text, "b").isEmpty, "the link's second line is not an item")
    }

    @Test("with items, an image whose alt text breaks a line is no image, so paragraphs stay in step")
    func imageAltWithLineBreak() throws {
        let text = LabelMarkup.attributedString("- ![a\nb](x.png)\n- c")
        #expect(String(text.characters) == "!a\nb\nc", "the brackets are read as a link instead")
        #expect(text.runs.allSatisfy { $0.labelKit.attachment == nil })
        #expect(try lists(text, "c").map(\.marker) == [.disc])
    }

    @Test("CRLF line breaks separate items too")
    func crlf() throws {
        let text = LabelMarkup.attributedString("- a\r\n- b")
        #expect(String(text.characters) == "a\r\nb")
        #expect(try lists(text, "b").map(\.marker) == [.disc])
    }

    @Test("a thousand nested items are read without trouble")
    func deepNesting() {
        let markup = (0..<1_000).map { String(repeating: " ", count: 2 * $0) + "- x" }.joined(separator: "\n")
        let text = LabelMarkup.attributedString(markup)
        #expect(String(text.characters).count == 1_000 * 2 - 1)
        let deepest = text.runs.map { $0.labelKit.paragraphStyle?.textLists.count ?? 0 }.max()
        #expect(deepest == 1_000)
    }
}
