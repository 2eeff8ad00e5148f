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
    /// The base writing direction; nil takes it from the paragraph's first strong character.
    public var baseWritingDirection: WritingDirection? = nil
    /// The distance from the leading edge (left in a left-to-right paragraph, right in a right-to-left one) to the
    /// start of the paragraph's first line, in points, ≥ 0 — as `NSParagraphStyle`, measured from the edge, not
    /// added to ``headIndent``.
    public var firstLineHeadIndent: Double = 0
    /// The distance from the leading edge to the start of every line but the first, in points, ≥ 0.
    public var headIndent: Double = 0
    /// The distance from the trailing edge (right in a left-to-right paragraph) to the end of every line, in
    /// points, ≥ 0: lines are that much narrower.
    ///
    /// Unlike `NSParagraphStyle`, where a positive tail indent is a distance from the *leading* edge and a negative one
    /// from the trailing edge, both indents here are distances inward from their own edge, so one value means the same
    /// at every width; a negative value is an ``/LabelKitLayout/LayoutError/invalidParameter(_:)``.
    /// (`NSParagraphStyle`'s `tailIndent = -20` is `tailIndent = 20` here.)
    public var tailIndent: Double = 0
    /// Space above the paragraph, in points, ≥ 0; added to the previous paragraph's ``paragraphSpacing``. Not
    /// added above a label's first paragraph (as in TextKit), so a label's size hugs its text.
    public var paragraphSpacingBefore: Double = 0
    /// Space below the paragraph, in points, ≥ 0; added to the next paragraph's ``paragraphSpacingBefore``. Not
    /// added below a label's last paragraph.
    public var paragraphSpacing: Double = 0
    /// How the lines are chosen among the break opportunities: ``LineBreakStrategy/greedy`` (the default),
    /// ``LineBreakStrategy/balanced`` or ``LineBreakStrategy/pretty``. Truncation is set on the ``TextContainer``, as
    /// on a label.
    public var lineBreakStrategy: LineBreakStrategy = .greedy
    /// Where lines may break: wherever Unicode's rules allow (``WordBreak/normal``, the default), only at spaces and
    /// punctuation (``WordBreak/keepAll``), or between any two characters (``WordBreak/anywhere``).
    public var wordBreak: WordBreak = .normal
    /// Whether words are hyphenated at line ends: ``Hyphenation/none``, ``Hyphenation/manual`` (soft hyphens only,
    /// the default) or ``Hyphenation/auto``. The drawn hyphen is not text: copying gives the word whole.
    public var hyphenation: Hyphenation = .manual
    /// With ``Hyphenation/auto``, how full a line must be before its last word is left whole, as UIKit's
    /// `hyphenationFactor`: a word is hyphenated when the line without it fills less than this fraction of the width.
    /// 1 (the default) hyphenates whenever the line is not full; 0 never; values are clamped to 0…1.
    public var hyphenationFactor: Double = 1
    /// The tab stops, in any order (they are sorted by location); a tab past the last advances by
    /// ``defaultTabInterval``. See ``TabStop``.
    public var tabStops: [TabStop] {
        get { structure?.tabStops ?? [] }
        set { structure = Structure.make(newValue, defaultTabInterval, lineHeight, textLists) }
    }
    /// The interval of the tab stops past the last of ``tabStops``, in points, a finite number ≥ 0 and ≤ 1,000,000;
    /// 0 (the default) means eight spaces of the paragraph's first font, as Pango.
    public var defaultTabInterval: Double {
        get { structure?.defaultTabInterval ?? 0 }
        set { structure = Structure.make(tabStops, newValue, lineHeight, textLists) }
    }
    /// The height of each line with the extra space split above and below the text (CSS's `line-height`), or nil
    /// (the default) for the UIKit values above. See ``LineHeight``.
    public var lineHeight: LineHeight? {
        get { structure?.lineHeight }
        set { structure = Structure.make(tabStops, defaultTabInterval, newValue, textLists) }
    }
    /// The lists the paragraph is an item of, outermost first; empty (the default) when it is not a list item. See
    /// ``TextList``.
    public var textLists: [TextList] {
        get { structure?.textLists ?? [] }
        set { structure = Structure.make(tabStops, defaultTabInterval, lineHeight, newValue) }
    }
    /// The tab stops, tab interval, line height and lists behind one reference, nil when all four have their
    /// defaults: a style is copied with every text and paragraph, and these held inline cost every label, with or
    /// without them, about 1 % more instructions.
    private var structure: Structure? = nil

    /// What the typesetter reads of the four line by line, in one call: the tab interval, the line height, whether
    /// the paragraph is a list item, and whether any of the four differs from its default.
    package var structureForLayout:
        (defaultTabInterval: Double, lineHeight: LineHeight?, isListItem: Bool, isStructured: Bool)
    {
        guard let structure else { return (0, nil, false, false) }
        return (structure.defaultTabInterval, structure.lineHeight, !structure.textLists.isEmpty, true)
    }

    /// Creates the default paragraph style.
    public init() {}

    /// Reads a paragraph style; keys it does not hold (an archive from before an attribute existed) keep their
    /// defaults.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try values.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        alignment = try value(.alignment, .natural)
        lineSpacing = try value(.lineSpacing, 0)
        lineHeightMultiple = try value(.lineHeightMultiple, 0)
        minimumLineHeight = try value(.minimumLineHeight, 0)
        maximumLineHeight = try value(.maximumLineHeight, 0)
        baseWritingDirection = try values.decodeIfPresent(WritingDirection.self, forKey: .baseWritingDirection)
        firstLineHeadIndent = try value(.firstLineHeadIndent, 0)
        headIndent = try value(.headIndent, 0)
        tailIndent = try value(.tailIndent, 0)
        paragraphSpacingBefore = try value(.paragraphSpacingBefore, 0)
        paragraphSpacing = try value(.paragraphSpacing, 0)
        lineBreakStrategy = try value(.lineBreakStrategy, .greedy)
        wordBreak = try value(.wordBreak, .normal)
        // An archive from before `WordBreak.anywhere` said it with `lineWrapping`.
        let legacy = try decoder.container(keyedBy: LegacyCodingKeys.self)
        if try legacy.decodeIfPresent(String.self, forKey: .lineWrapping) == "byCharacter" { wordBreak = .anywhere }
        hyphenation = try value(.hyphenation, .manual)
        hyphenationFactor = try value(.hyphenationFactor, 1)
        structure = Structure.make(
            try value(.tabStops, []), try value(.defaultTabInterval, 0),
            try values.decodeIfPresent(LineHeight.self, forKey: .lineHeight), try value(.textLists, []))
    }

    /// Writes the paragraph style: every value, the lists and tab stops included (empty when there are none).
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(alignment, forKey: .alignment)
        try values.encode(lineSpacing, forKey: .lineSpacing)
        try values.encode(lineHeightMultiple, forKey: .lineHeightMultiple)
        try values.encode(minimumLineHeight, forKey: .minimumLineHeight)
        try values.encode(maximumLineHeight, forKey: .maximumLineHeight)
        try values.encodeIfPresent(baseWritingDirection, forKey: .baseWritingDirection)
        try values.encode(firstLineHeadIndent, forKey: .firstLineHeadIndent)
        try values.encode(headIndent, forKey: .headIndent)
        try values.encode(tailIndent, forKey: .tailIndent)
        try values.encode(paragraphSpacingBefore, forKey: .paragraphSpacingBefore)
        try values.encode(paragraphSpacing, forKey: .paragraphSpacing)
        try values.encode(lineBreakStrategy, forKey: .lineBreakStrategy)
        try values.encode(wordBreak, forKey: .wordBreak)
        try values.encode(hyphenation, forKey: .hyphenation)
        try values.encode(hyphenationFactor, forKey: .hyphenationFactor)
        try values.encode(tabStops, forKey: .tabStops)
        try values.encode(defaultTabInterval, forKey: .defaultTabInterval)
        try values.encodeIfPresent(lineHeight, forKey: .lineHeight)
        try values.encode(textLists, forKey: .textLists)
    }

    /// Creates a paragraph style with the given values.
    public init(
        alignment: TextAlignment = .natural,
        lineSpacing: Double = 0,
        lineHeightMultiple: Double = 0,
        minimumLineHeight: Double = 0,
        maximumLineHeight: Double = 0,
        baseWritingDirection: WritingDirection? = nil,
        firstLineHeadIndent: Double = 0,
        headIndent: Double = 0,
        tailIndent: Double = 0,
        paragraphSpacingBefore: Double = 0,
        paragraphSpacing: Double = 0,
        lineBreakStrategy: LineBreakStrategy = .greedy,
        wordBreak: WordBreak = .normal,
        hyphenation: Hyphenation = .manual,
        hyphenationFactor: Double = 1,
        tabStops: [TabStop] = [],
        defaultTabInterval: Double = 0,
        lineHeight: LineHeight? = nil,
        textLists: [TextList] = []
    ) {
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.baseWritingDirection = baseWritingDirection
        self.firstLineHeadIndent = firstLineHeadIndent
        self.headIndent = headIndent
        self.tailIndent = tailIndent
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.paragraphSpacing = paragraphSpacing
        self.lineBreakStrategy = lineBreakStrategy
        self.wordBreak = wordBreak
        self.hyphenation = hyphenation
        self.hyphenationFactor = hyphenationFactor
        self.structure = Structure.make(tabStops, defaultTabInterval, lineHeight, textLists)
    }

    /// The archive's keys.
    private enum CodingKeys: String, CodingKey {
        case alignment, lineSpacing, lineHeightMultiple, minimumLineHeight, maximumLineHeight, baseWritingDirection
        case firstLineHeadIndent, headIndent, tailIndent, paragraphSpacingBefore, paragraphSpacing
        case lineBreakStrategy, wordBreak, hyphenation, hyphenationFactor
        case tabStops, defaultTabInterval, lineHeight, textLists
    }

    /// Keys of archives made before this version, read and never written.
    private enum LegacyCodingKeys: String, CodingKey {
        /// `"byWord"` or `"byCharacter"`: what ``WordBreak/anywhere`` says now.
        case lineWrapping
    }

    /// A paragraph's tab stops, tab interval, line height and lists, immutable and compared by value.
    private final class Structure: Sendable, Hashable {
        let tabStops: [TabStop]
        let defaultTabInterval: Double
        let lineHeight: LineHeight?
        let textLists: [TextList]

        private init(
            _ tabStops: [TabStop], _ defaultTabInterval: Double, _ lineHeight: LineHeight?, _ textLists: [TextList]
        ) {
            self.tabStops = tabStops
            self.defaultTabInterval = defaultTabInterval
            self.lineHeight = lineHeight
            self.textLists = textLists
        }

        /// The storage of the four values: nil when each has its default, so that equal styles store equal values.
        static func make(
            _ tabStops: [TabStop], _ defaultTabInterval: Double, _ lineHeight: LineHeight?, _ textLists: [TextList]
        ) -> Structure? {
            // `==`, not `!= 0`-style bit tests: -0 is the default too, and NaN is not (validation rejects it).
            tabStops.isEmpty && defaultTabInterval == 0 && lineHeight == nil && textLists.isEmpty
                ? nil : Structure(tabStops, defaultTabInterval, lineHeight, textLists)
        }

        static func == (left: Structure, right: Structure) -> Bool {
            left === right
                || (left.tabStops == right.tabStops && left.defaultTabInterval == right.defaultTabInterval
                    && left.lineHeight == right.lineHeight && left.textLists == right.textLists)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(tabStops)
            hasher.combine(defaultTabInterval)
            hasher.combine(lineHeight)
            hasher.combine(textLists)
        }
    }
}
