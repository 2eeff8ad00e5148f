/// Paragraph-level attributes, as in `NSParagraphStyle`: they apply to a whole paragraph and are read from its first
/// character.
///
/// ```swift
/// var style = ParagraphStyle()
/// style.alignment = .center
/// style.lineSpacing = 4
/// text.labelKit.paragraphStyle = style
/// ```
public struct ParagraphStyle: Sendable, Hashable, Codable {
    /// Horizontal alignment of the lines.
    public var alignment: TextAlignment = .natural
    /// Extra space between the bottom of one line and the top of the next, in points.
    public var lineSpacing: Double = 0
    /// Multiplies each line's natural height; 0 means no change.
    public var lineHeightMultiple: Double = 0
    /// The smallest height a line may have, in points; 0 means no minimum.
    public var minimumLineHeight: Double = 0
    /// The largest height a line may have, in points; 0 means no maximum.
    public var maximumLineHeight: Double = 0
    /// How lines wrap. Truncation is set on the ``TextContainer``, as on a label.
    public var lineWrapping: LineWrapping = .byWord
    /// The base writing direction; nil takes it from the paragraph's first strong character.
    public var baseWritingDirection: WritingDirection? = nil

    /// Creates the default paragraph style.
    public init() {}

    /// Creates a paragraph style with the given values.
    public init(
        alignment: TextAlignment = .natural,
        lineSpacing: Double = 0,
        lineHeightMultiple: Double = 0,
        minimumLineHeight: Double = 0,
        maximumLineHeight: Double = 0,
        lineWrapping: LineWrapping = .byWord,
        baseWritingDirection: WritingDirection? = nil
    ) {
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.lineWrapping = lineWrapping
        self.baseWritingDirection = baseWritingDirection
    }
}
