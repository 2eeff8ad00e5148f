import Foundation

/// The list items of ``LabelMarkup``'s Markdown: lines that start with `- `, `* ` or a number and `. ` (after any
/// indentation) are items, their markers taken out of the text and their paragraphs given a
/// ``ParagraphStyle/textLists``.
///
/// Nesting follows the indentation: an item indented at least two columns (a tab counts four) more than the item
/// before it opens a list inside that item's list; one indented less returns to the enclosing list it lines up with.
/// Bullets are discs, circles inside one list, squares deeper, as browsers draw them; a numbered list starts at its
/// first item's number. A line that is not an item ends every open list, and so does a change between bullets and
/// numbers at a level (a new list starts there).
struct MarkdownListItems {
    /// One line of the markup (without its line break).
    struct Line {
        /// The lists the line is an item of, outermost first; empty for a line that is not an item.
        var lists: [TextList]
    }

    /// The markup with the items' indentation and markers taken out.
    private(set) var strippedMarkup = ""
    private(set) var lines: [Line] = []
    private(set) var hasItems = false

    /// One open list: its indentation, whether it is numbered, and the list.
    private struct OpenList {
        var indent: Int
        var numbered: Bool
        var list: TextList
    }

    init(_ markup: String) {
        var open: [OpenList] = []
        var nextIdentifier = 1
        var line = Substring(markup)
        while true {
            let end = line.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) ?? line.endIndex
            let content = line[line.startIndex..<end]
            if let item = Self.item(content) {
                hasItems = true
                while let last = open.last, last.indent > item.indent + 1 { open.removeLast() }
                if let last = open.last, item.indent >= last.indent + 2 {
                    open.append(Self.newList(item, depth: open.count + 1, identifier: &nextIdentifier))
                } else if let last = open.last, last.numbered == (item.number != nil) {
                    // A sibling in the same list.
                } else {
                    if !open.isEmpty { open.removeLast() }
                    open.append(Self.newList(item, depth: open.count + 1, identifier: &nextIdentifier))
                }
                lines.append(Line(lists: open.map(\.list)))
                strippedMarkup += content[item.textStart...]
            } else {
                open.removeAll()
                lines.append(Line(lists: []))
                strippedMarkup += content
            }
            guard end < line.endIndex else { break }
            strippedMarkup.append(line[end])
            line = line[line.index(after: end)...]
        }
    }

    private static func newList(_ item: Item, depth: Int, identifier: inout Int) -> OpenList {
        let marker: TextList.Marker
        if item.number != nil {
            marker = .decimal
        } else {
            marker = depth == 1 ? .disc : depth == 2 ? .circle : .square
        }
        defer { identifier += 1 }
        let list = TextList(marker: marker, startingNumber: item.number ?? 1, identifier: identifier)
        return OpenList(indent: item.indent, numbered: item.number != nil, list: list)
    }

    /// A list item's marker at the start of a line.
    private struct Item {
        /// The indentation in columns (a tab is four).
        var indent: Int
        /// The number of a numbered item, nil for a bullet.
        var number: Int?
        /// Where the item's text starts.
        var textStart: Substring.Index
    }

    /// The marker at the start of `line`, if the line is a list item.
    private static func item(_ line: Substring) -> Item? {
        var index = line.startIndex
        var indent = 0
        while index < line.endIndex, line[index] == " " || line[index] == "\t" {
            indent += line[index] == "\t" ? 4 : 1
            index = line.index(after: index)
        }
        guard index < line.endIndex else { return nil }
        var number: Int?
        if line[index] == "-" || line[index] == "*" {
            index = line.index(after: index)
        } else {
            let digits = line[index...].prefix(while: { $0.isASCII && $0.isWholeNumber })
            guard !digits.isEmpty, digits.count <= 9, digits.endIndex < line.endIndex, line[digits.endIndex] == "."
            else { return nil }
            number = Int(digits)
            index = line.index(after: digits.endIndex)
        }
        guard index < line.endIndex, line[index] == " " || line[index] == "\t" else { return nil }
        while index < line.endIndex, line[index] == " " || line[index] == "\t" { index = line.index(after: index) }
        return Item(indent: indent, number: number, textStart: index)
    }

    /// Gives each paragraph of `text` — the parsed ``strippedMarkup``, whose line breaks are the markup's — the lists
    /// of its line.
    func apply(to text: inout AttributedString) {
        var starts = [text.startIndex]
        var index = text.startIndex
        while index < text.endIndex {
            let character = text.characters[index]
            index = text.characters.index(after: index)
            if character == "\n" || character == "\r\n" { starts.append(index) }
        }
        for (number, line) in lines.enumerated() where !line.lists.isEmpty && number < starts.count {
            let end = number + 1 < starts.count ? starts[number + 1] : text.endIndex
            guard starts[number] < end else { continue }
            var style = ParagraphStyle()
            style.textLists = line.lists
            text[starts[number]..<end].labelKit.paragraphStyle = style
        }
    }
}
