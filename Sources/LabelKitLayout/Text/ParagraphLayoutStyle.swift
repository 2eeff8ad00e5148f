import LabelKitText

/// What the typesetter reads of a paragraph's ``/LabelKitText/ParagraphStyle`` line by line: every value but its tab
/// stops and lists, which stay in the styled text and are read once for a paragraph that has them
/// (``StyledText/paragraphStyle(at:)``).
///
/// Plain words, so that each stage's copy of a ``Paragraph`` is a move of bytes: with the two arrays inside, the
/// copies of every label's paragraphs cost it about 1 % more instructions.
///
/// The words first and the bytes last, so that no padding sits between its fields.
struct ParagraphLayoutStyle: Sendable, Equatable {
    var lineSpacing: Double
    var lineHeightMultiple: Double
    var minimumLineHeight: Double
    var maximumLineHeight: Double
    var firstLineHeadIndent: Double
    var headIndent: Double
    var tailIndent: Double
    var paragraphSpacingBefore: Double
    var paragraphSpacing: Double
    var hyphenationFactor: Double
    var defaultTabInterval: Double
    var lineHeight: LineHeight?
    var alignment: TextAlignment
    var baseWritingDirection: WritingDirection?
    var lineBreakStrategy: LineBreakStrategy
    var wordBreak: WordBreak
    var hyphenation: Hyphenation
    /// Whether the paragraph is an item of a list (its style's `textLists` are not empty).
    var isListItem: Bool
    /// Whether the style sets tab stops, a tab interval, a line height or lists: if not, ``/LabelKitText/ParagraphStyle/init(layout:)``
    /// makes the whole style again from this one.
    var isStructured: Bool

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
        (defaultTabInterval, lineHeight, isListItem, isStructured) = style.structureForLayout
    }
}

extension ParagraphStyle {
    /// The paragraph style `layout` was made from, when it sets no tab stops, tab interval, line height or lists
    /// (``ParagraphLayoutStyle/isStructured`` is false): every other value is in `layout`.
    init(layout: ParagraphLayoutStyle) {
        self.init()
        alignment = layout.alignment
        lineSpacing = layout.lineSpacing
        lineHeightMultiple = layout.lineHeightMultiple
        minimumLineHeight = layout.minimumLineHeight
        maximumLineHeight = layout.maximumLineHeight
        baseWritingDirection = layout.baseWritingDirection
        firstLineHeadIndent = layout.firstLineHeadIndent
        headIndent = layout.headIndent
        tailIndent = layout.tailIndent
        paragraphSpacingBefore = layout.paragraphSpacingBefore
        paragraphSpacing = layout.paragraphSpacing
        lineBreakStrategy = layout.lineBreakStrategy
        wordBreak = layout.wordBreak
        hyphenation = layout.hyphenation
        hyphenationFactor = layout.hyphenationFactor
    }
}
