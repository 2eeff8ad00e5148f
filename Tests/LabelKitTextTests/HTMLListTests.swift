import Foundation
import Testing

@testable import LabelKitText

@Suite("HTML reader: lists")
struct HTMLListTests {
    /// Each paragraph's text and its lists' markers, start numbers and identifiers, in order.
    func paragraphs(_ source: String, options: MarkupOptions = MarkupOptions()) throws
        -> [(text: String, lists: [TextList])]
    {
        let text = try LabelMarkup.html(source, options: options).text
        var result: [(text: String, lists: [TextList])] = []
        var current = ""
        var lists: [TextList]?
        for run in text.runs {
            for character in String(text[run.range].characters) {
                if lists == nil { lists = run.labelKit.paragraphStyle?.textLists ?? [] }
                if character == "\n" {
                    result.append((current, lists ?? []))
                    current = ""
                    lists = nil
                } else {
                    current.append(character)
                }
            }
        }
        if lists != nil || !current.isEmpty { result.append((current, lists ?? [])) }
        return result
    }

    @Test("each li is a paragraph; ul's marker is a disc; the marker is not in the text")
    func unordered() throws {
        let items = try paragraphs("<ul><li>One</li><li>Two</li></ul>")
        #expect(items.map(\.text) == ["One", "Two"])
        for item in items {
            #expect(item.lists.count == 1)
            #expect(item.lists.first?.marker == .disc)
            #expect(item.lists.first?.startingNumber == 1)
        }
        #expect(items[0].lists == items[1].lists)   // one list: the items number together
    }

    @Test("ol is decimal from 1, or from its start (negative too); type picks letters or Roman numerals")
    func ordered() throws {
        #expect(try paragraphs("<ol><li>a</ol>")[0].lists.first?.marker == .decimal)
        #expect(try paragraphs("<ol start=3><li>a</ol>")[0].lists.first?.startingNumber == 3)
        #expect(try paragraphs("<ol start=\" -2 \"><li>a</ol>")[0].lists.first?.startingNumber == -2)
        let types: [(String, TextList.Marker)] = [
            ("1", .decimal), ("a", .lowerAlpha), ("A", .upperAlpha), ("i", .lowerRoman), ("I", .upperRoman),
        ]
        for (type, marker) in types {
            #expect(try paragraphs("<ol type=\(type)><li>a</ol>")[0].lists.first?.marker == marker, "\(type)")
        }
        #expect(try paragraphs("<ul type=square><li>a</ul>")[0].lists.first?.marker == .square)
    }

    @Test("list-style-type on ul and ol picks the marker, and wins over type")
    func listStyleType() throws {
        let cases: [(String, TextList.Marker)] = [
            ("lower-roman", .lowerRoman), ("upper-alpha", .upperAlpha), ("lower-latin", .lowerAlpha),
            ("circle", .circle), ("square", .square), ("decimal", .decimal), ("none", .custom("")),
        ]
        for (css, marker) in cases {
            let source = "<ul type=disc style=\"list-style-type: \(css)\"><li>a</ul>"
            #expect(try paragraphs(source)[0].lists.first?.marker == marker, "\(css)")
        }
        #expect(
            try paragraphs(#"<ol style="list-style: upper-roman inside"><li>a</ol>"#)[0].lists.first?.marker
                == .upperRoman)
    }

    @Test("nested lists: outermost first; ul markers go disc, circle, square, as in browsers")
    func nested() throws {
        let items = try paragraphs("<ul><li>a<ul><li>b<ul><li>c<ul><li>d</ul></ul></ul><li>e</ul>")
        #expect(items.map(\.text) == ["a", "b", "c", "d", "e"])
        #expect(
            items.map { $0.lists.map(\.marker) } == [
                [.disc], [.disc, .circle], [.disc, .circle, .square], [.disc, .circle, .square, .square], [.disc],
            ])
        // The outer list is the same list in every item, so "e" continues its numbering.
        #expect(items[4].lists == items[0].lists)
        #expect(items[3].lists.prefix(3) == items[2].lists[...])
        // An ol inside a ul, and a ul inside an ol.
        let mixed = try paragraphs("<ol><li>1<ul><li>x</ul></ol>")
        #expect(mixed[1].lists.map(\.marker) == [.decimal, .circle])
    }

    @Test("two lists in a row have different identifiers, so each numbers from its own start")
    func adjacentLists() throws {
        let items = try paragraphs("<ol><li>a</ol><ol><li>b</ol><ul><li>c</ul><ul><li>d</ul>")
        let identifiers = items.compactMap { $0.lists.first?.identifier }
        #expect(identifiers.count == 4)
        #expect(Set(identifiers).count == 4)
        #expect(items[0].lists != items[1].lists)
    }

    @Test("an li closes the open li of its list; a p or an unclosed list closes as browsers do")
    func implicitCloses() throws {
        let items = try paragraphs("<ul><li>one<li>two<li>three</ul>after")
        #expect(items.map(\.text) == ["one", "two", "three", "after"])
        #expect(items[3].lists.isEmpty)
        let unclosed = try paragraphs("<p>intro<ul><li>a<li>b")
        #expect(unclosed.map(\.text) == ["intro", "a", "b"])
        #expect(unclosed[0].lists.isEmpty && unclosed[2].lists.count == 1)
    }

    @Test("the paragraphs of one item are joined by a line break (U+2028), so the item keeps one marker")
    func paragraphsInItem() throws {
        let items = try paragraphs("<ul><li><p>one</p><p>two</p></li><li>three</li></ul>")
        #expect(items.map(\.text) == ["one\u{2028}two", "three"])
    }

    @Test("an empty li still makes its paragraph, so the items after it keep their numbers")
    func emptyItem() throws {
        let items = try paragraphs("<ol><li>a</li><li></li><li>c</li></ol>")
        #expect(items.map(\.text) == ["a", "", "c"])
        #expect(items.allSatisfy { $0.lists.count == 1 })
    }

    @Test("items start from the options' paragraph style, with the lists in place of its own")
    func optionsParagraphStyle() throws {
        var base = ParagraphStyle()
        base.alignment = .right
        base.lineSpacing = 3
        let text = try LabelMarkup.html(
            "<p>intro</p><ul><li>a</ul>", options: MarkupOptions(paragraphStyle: base)
        ).text
        let style = try #require(try htmlRun(text, "a").labelKit.paragraphStyle)
        #expect(style.alignment == .right && style.lineSpacing == 3)
        #expect(style.textLists.count == 1)
        #expect(try htmlRun(text, "intro").labelKit.paragraphStyle == nil)
    }

    @Test("a line height on an li goes into the item's paragraph style beside its lists")
    func itemLineHeight() throws {
        let text = try LabelMarkup.html(
            #"<ul style="line-height: 2"><li>a</li><li style="line-height: 30px">b</li></ul>"#,
            options: MarkupOptions(fontSize: 10)
        ).text
        #expect(try htmlRun(text, "a").labelKit.paragraphStyle?.lineHeight == .absolute(20))
        let style = try #require(try htmlRun(text, "b").labelKit.paragraphStyle)
        #expect(style.lineHeight == .absolute(30) && style.textLists.count == 1)
    }

    @Test("a bad start or type is left out with a warning")
    func badAttributes() throws {
        let result = try LabelMarkup.html(#"<ol start="three" type="x"><li>a</ol>"#)
        #expect(result.text.runs.first?.labelKit.paragraphStyle?.textLists.first?.startingNumber == 1)
        #expect(
            result.warnings.map(\.description) == [
                "line 1, column 5: start='three' is not a number: the list starts at 1",
                "line 1, column 19: type='x' is not a list type, ignored",
            ])
    }
}
