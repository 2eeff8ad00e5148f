import LabelKitText

/// The marker of one list item: the paragraph it stands before and its text (`"3. "`).
struct ListItemMarker: Sendable, Hashable {
    /// The index of the item's paragraph in ``TextAnalysis/paragraphs``.
    var paragraphIndex: Int
    /// What is drawn, copied and read.
    var text: String
}

/// Numbers the list items of a text and indents their paragraphs, as TextKit numbers `NSTextList` items.
///
/// Paragraphs are items of the last of their ``/LabelKitText/ParagraphStyle/textLists``. The consecutive items whose
/// lists agree up to their depth make one list, numbered from its ``/LabelKitText/TextList/startingNumber``; a
/// paragraph outside a list ends it and every list nested in it. A paragraph that follows a line separator (U+2028) is
/// the same item continued: no marker, and its lines start where the item's wrapped lines do.
///
/// Every line of an item starts the sum of its lists' indents further in than the paragraph's own indents say; the
/// marker stands in front of the first line (``LayoutAssembler``).
enum ListNumbering {
    /// Lists nested deeper than this are indented and numbered as the deepest: a document nested 10,000 deep lays
    /// out in linear time, its text still on the page.
    static let maximumDepth = 32

    static func numberItems(
        _ units: UnsafeBufferPointer<UInt16>, of text: StyledText, paragraphs: inout [Paragraph],
        into markers: inout [ListItemMarker]
    ) {
        // The lists open at each depth and the number of the last item each has had.
        var open: [(list: TextList, number: Int)] = []
        for index in paragraphs.indices {
            let lists =
                paragraphs[index].style.isListItem
                ? text.paragraphStyle(at: paragraphs[index].start).textLists.prefix(maximumDepth) : []
            guard !lists.isEmpty else {
                open.removeAll()
                continue
            }
            let continued =
                index > 0 && paragraphs[index - 1].contentEnd < paragraphs[index - 1].end
                && units[paragraphs[index - 1].contentEnd] == 0x2028
            var indent = 0.0
            for list in lists { indent += list.indent }
            let headIndent = paragraphs[index].style.headIndent + indent
            paragraphs[index].style.headIndent = headIndent
            paragraphs[index].style.firstLineHeadIndent =
                continued ? headIndent : paragraphs[index].style.firstLineHeadIndent + indent
            if continued { continue }
            // The lists this item shares with the open ones, outermost first.
            var shared = 0
            while shared < min(open.count, lists.count), open[shared].list == lists[lists.startIndex + shared] {
                shared += 1
            }
            open.removeLast(open.count - shared)
            let depth = lists.count
            if shared == depth {
                open[depth - 1].number = open[depth - 1].number.addingReportingOverflow(1).partialValue
            } else {
                for level in shared..<depth {
                    let list = lists[lists.startIndex + level]
                    // An enclosing list opened by a nested item has had no item of its own yet.
                    let number =
                        level == depth - 1
                        ? list.startingNumber : list.startingNumber.subtractingReportingOverflow(1).partialValue
                    open.append((list, number))
                }
            }
            let item = open[depth - 1]
            let text = item.list.markerText(forItemNumber: item.number)
            if !text.isEmpty { markers.append(ListItemMarker(paragraphIndex: index, text: text)) }
        }
    }
}
