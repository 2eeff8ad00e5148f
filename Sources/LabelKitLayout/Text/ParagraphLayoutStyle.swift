import LabelKitText

/// What the typesetter reads of a paragraph's ``/LabelKitText/ParagraphStyle`` line by line: every value but its tab
/// stops and lists, which stay in the styled text and are read once for a paragraph that has them
/// (``StyledText/paragraphStyle(at:)``).
///
/// Plain words, so that each stage's copy of a ``Paragraph`` is a move of bytes: with the two arrays inside, the
/// copies of every label's paragraphs cost it about 1 % more instructions.
struct ParagraphLayoutStyle: Sendable, Equatable {
    var alignment: TextAlignment
    var lineSpacing: Double
    var lineHeightMultiple: Double
    var minimumLineHeight: Double
    var maximumLineHeight: Double
    var baseWritingDirection: WritingDirection?
    var firstLineHeadIndent: Double
    var headIndent: Double
    var tailIndent: Double
    var paragraphSpacingBefore: Double
    var paragraphSpacing: Double
    var lineBreakStrategy: LineBreakStrategy
    var wordBreak: WordBreak
    var hyphenation: Hyphenation
    var hyphenationFactor: Double
    var defaultTabInterval: Double
    var lineHeight: LineHeight?
    /// Whether the paragraph is an item of a list (its style's `textLists` are not empty).
    var isListItem: Bool

    init(_ style: borrowing ParagraphStyle) {
        alignment = style.alignment
        lineSpacing = style.lineSpacing
        lineHeightMultiple = style.lineHeightMultiple
        minimumLineHeight = style.minimumLineHeight
        maximumLineHeight = style.maximumLineHeight
        baseWritingDirection = style.baseWritingDirection
        firstLineHeadIndent = style.firstLineHeadIndent
        headIndent = style.headIndent
        tailIndent = style.tailIndent
        paragraphSpacingBefore = style.paragraphSpacingBefore
        paragraphSpacing = style.paragraphSpacing
        lineBreakStrategy = style.lineBreakStrategy
        wordBreak = style.wordBreak
        hyphenation = style.hyphenation
        hyphenationFactor = style.hyphenationFactor
        defaultTabInterval = style.defaultTabInterval
        lineHeight = style.lineHeight
        isListItem = !style.textLists.isEmpty
    }
}
