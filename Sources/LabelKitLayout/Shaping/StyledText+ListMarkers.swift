import LabelKitText

extension StyledText {
    /// The markers of `markers`, one paragraph each in text order, each in the style of its item's first character
    /// (its font, size and colour; no link, decoration, background or raise) and its paragraph's direction, so that a
    /// right-to-left item's `"1. "` reads as its paragraph does.
    init(listMarkers markers: [ListItemMarker], of text: ShapedParagraphs) {
        let paragraphs = markers.map { marker in
            let paragraph = text.analysis.paragraphs[marker.paragraphIndex]
            let anchor = min(paragraph.start, max(text.utf16.count - 1, 0))
            let style = text.text.styles.isEmpty ? nil : text.text.styles[text.text.styleIndex(at: anchor)]
            let direction: WritingDirection = paragraph.level & 1 == 1 ? .rightToLeft : .leftToRight
            return (marker.text, style, direction)
        }
        self.init(sideParagraphs: paragraphs, fallbackStyles: text.text.styles)
    }

    /// A text beside a text — list markers, ruby annotations — of `paragraphs`, one paragraph each in order, each in
    /// its style stripped of what belongs to the text (link, attachment, decorations, background, raise) and in its
    /// direction. A paragraph without a style takes the first of `fallbackStyles`.
    init(
        sideParagraphs paragraphs: [(text: String, style: ResolvedTextStyle?, direction: WritingDirection)],
        fallbackStyles: [ResolvedTextStyle]
    ) {
        var string = ""
        var styles: [ResolvedTextStyle] = []
        var runs: [StyleRun] = []
        var paragraphStyles: [ParagraphStyle] = []
        var offset = 0
        for (index, paragraph) in paragraphs.enumerated() {
            var style = paragraph.style
            style?.linkIndex = nil
            style?.attachment = nil
            style?.underline = nil
            style?.strikethrough = nil
            style?.backgroundColor = nil
            style?.baselineOffset = 0
            let styleIndex: Int
            if let style {
                if let known = styles.firstIndex(of: style) {
                    styleIndex = known
                } else {
                    styles.append(style)
                    styleIndex = styles.count - 1
                }
            } else {
                styleIndex = 0
            }
            let text = index + 1 < paragraphs.count ? paragraph.text + "\n" : paragraph.text
            let length = text.utf16.count
            if paragraphStyles.last?.baseWritingDirection != paragraph.direction {
                var paragraphStyle = ParagraphStyle()
                paragraphStyle.baseWritingDirection = paragraph.direction
                paragraphStyles.append(paragraphStyle)
            }
            runs.append(
                StyleRun(
                    start: offset, end: offset + length, styleIndex: styleIndex,
                    paragraphStyleIndex: paragraphStyles.count - 1))
            string += text
            offset += length
        }
        self.string = string
        self.utf16 = UnicodeCodeUnits.utf16Units(of: string)
        self.styles = styles.isEmpty ? fallbackStyles : styles
        self.runs = runs
        self.paragraphStyles = paragraphStyles
        self.links = []
        self.baseParagraphLayout = ParagraphLayoutStyle(ParagraphStyle())
    }
}

/// The list markers of a text, shaped (one paragraph each, in the order of ``TextAnalysis/listMarkers``).
///
/// A reference, so that assembly carries one pointer for them, nil for text without lists: a second
/// ``ShapedParagraphs`` held by value made every label's assembly copy a dozen more words.
final class ShapedListMarkers {
    /// The markers' shaped text; its arrays go back to the context once the layout is written.
    var shaped: ShapedParagraphs

    init(_ shaped: consuming ShapedParagraphs) {
        self.shaped = shaped
    }
}
