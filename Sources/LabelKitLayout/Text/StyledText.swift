import Foundation
import LabelKitText

/// A link of a ``StyledText``: a UTF-16 range with its target, kind and safety warnings.
struct StyledLink {
    var range: Range<Int>
    var target: URL
    var kind: LinkKind
    var warnings: LinkWarnings

    /// Whether `next`, which starts where this link ends, is the same link (adjacent runs with one `.link`).
    func continues(with next: StyledLink) -> Bool {
        next.range.lowerBound == range.upperBound && next.target == target && next.kind == kind
            && next.warnings == warnings
    }
}

/// A ``/LabelKitText/TextStyle`` as plain text in it is typeset: its one resolved style and its paragraph style as the
/// line breaker reads it. Made once per style (a typesetter keeps its style's), so that each plain string's layout
/// neither resolves nor converts anything.
struct PlainTextStyle: Sendable {
    /// The text's one style: ``StyledText/styles`` of a plain string.
    var styles: [ResolvedTextStyle]
    /// ``StyledText/baseParagraphLayout`` of a plain string.
    var paragraphLayout: ParagraphLayoutStyle
    /// The whole paragraph style, when it sets tab stops, a tab interval, a line height or lists; nil otherwise
    /// (``paragraphLayout`` holds all of it).
    var structuredParagraphStyle: ParagraphStyle?

    /// - Throws: ``LayoutError/invalidParameter(_:)`` for a style that does not validate.
    init(_ style: TextStyle) throws(LayoutError) {
        styles = try StyledText.plainStyles(for: style)
        paragraphLayout = ParagraphLayoutStyle(style.paragraphStyle)
        structuredParagraphStyle = paragraphLayout.isStructured ? style.paragraphStyle : nil
    }
}

/// A text flattened for the typesetter: UTF-16 code units, style runs over them, paragraph styles and links.
struct StyledText {
    /// A run of one style. Plain integers, so that the runs are copied and freed as bytes: with the paragraph style
    /// inside, which holds a reference, every label paid for its runs' copies and releases.
    struct StyleRun {
        var start: Int
        var end: Int
        var styleIndex: Int
        /// The run's paragraph style in ``StyledText/paragraphStyles``; -1 for the text's base paragraph style.
        var paragraphStyleIndex: Int = -1
    }

    var string: String
    var utf16: [UInt16]
    var styles: [ResolvedTextStyle]
    var runs: [StyleRun]
    var links: [StyledLink]
    /// The text's base paragraph style (its ``/LabelKitText/TextStyle``'s) as the typesetter reads it line by line:
    /// plain bytes, so that a text without paragraph styles holds no reference for them.
    var baseParagraphLayout: ParagraphLayoutStyle
    /// The paragraph styles the runs set, each once per run of runs that set an equal one, and the base style when it
    /// sets tab stops, a tab interval, a line height or lists (at ``baseParagraphStyleIndex``); empty for a text
    /// without either.
    var paragraphStyles: [ParagraphStyle] = []
    /// Where the base paragraph style is in ``paragraphStyles``; -1 when it is not there, and
    /// ``baseParagraphLayout`` holds all of it.
    var baseParagraphStyleIndex = -1
    /// Whether a paragraph of the text keeps its words whole (``/LabelKitText/WordBreak/keepAll``): only then does the
    /// analysis mark the opportunities between letters.
    var keepsWordsWhole: Bool {
        baseParagraphLayout.wordBreak == .keepAll || paragraphStyles.contains { $0.wordBreak == .keepAll }
    }
    /// The inline boxes, in text order: today each attachment's, on its U+FFFC. Each U+FFFC an attachment attribute
    /// covers has a style run of its own whose style holds the attachment (its font gives the line its height when it
    /// holds no text).
    var inlineBoxes: [InlineBox] = []
    /// The ruby annotations, and once the text is shaped, their shaped text; nil for text without ruby (one word,
    /// nothing to retain when the text is copied).
    var rubies: TextRubies? = nil

    /// A plain string in one style, resolved beforehand (``PlainTextStyle``): a typesetter keeps its own, so that its
    /// layouts of plain strings share one array of styles and convert no paragraph style.
    init(plain string: String, style: PlainTextStyle) {
        self.styles = style.styles
        self.string = string
        self.utf16 = UnicodeCodeUnits.utf16Units(of: string)
        self.runs = [StyleRun(start: 0, end: utf16.count, styleIndex: 0)]
        self.links = []
        self.baseParagraphLayout = style.paragraphLayout
        if let structured = style.structuredParagraphStyle { storeBaseParagraphStyle(structured) }
    }

    /// A plain string in one style.
    init(plain string: String, style: TextStyle) throws(LayoutError) {
        self.init(plain: string, style: try PlainTextStyle(style))
    }

    /// The one style of plain text in `style`.
    static func plainStyles(for style: TextStyle) throws(LayoutError) -> [ResolvedTextStyle] {
        try Self.validate(style)
        return [Self.resolve(style: style, attributes: nil, linkIndex: nil)]
    }

    /// An attributed string over a base style; adjacent runs with the same `.link` form one link.
    init(attributed text: AttributedString, style: TextStyle, linkIndexOffset: Int = 0) throws(LayoutError) {
        try Self.validate(style)
        var utf16: [UInt16] = []
        var styles: [ResolvedTextStyle] = []
        var styleIndices: [ResolvedTextStyle: Int] = [:]
        var runs: [StyleRun] = []
        var paragraphStyles: [ParagraphStyle] = []
        var links: [StyledLink] = []
        var inlineBoxes: [InlineBox] = []
        var rubies: [StyledRuby] = []
        var string = ""
        for run in text.runs {
            let piece = String(text.characters[run.range])
            let start = utf16.count
            UnicodeCodeUnits.appendUTF16(of: piece, to: &utf16)
            string += piece
            let end = utf16.count
            guard end > start else { continue }
            try Self.validate(run)
            var linkIndex: Int? = nil
            if let target = run.link {
                let link = StyledLink(
                    range: start..<end, target: target, kind: run.labelKit.linkKind ?? .explicit,
                    warnings: run.labelKit.linkWarnings ?? [])
                if let last = links.last, last.continues(with: link) {
                    links[links.count - 1].range = last.range.lowerBound..<end
                } else {
                    links.append(link)
                }
                linkIndex = linkIndexOffset + links.count - 1
            }
            let resolved = Self.resolve(style: style, attributes: run, linkIndex: linkIndex)
            func index(of resolved: ResolvedTextStyle) -> Int {
                if let known = styleIndices[resolved] { return known }
                styles.append(resolved)
                styleIndices[resolved] = styles.count - 1
                return styles.count - 1
            }
            if let ruby = run.labelKit.ruby {
                if run.labelKit.attachment != nil {
                    throw .invalidParameter(RubyAnnotation.Problem.onAttachment.description)
                }
                Self.appendRuby(ruby, base: start..<end, styleIndex: index(of: resolved), to: &rubies)
            }
            var paragraphStyleIndex = -1
            if let paragraphStyle = run.labelKit.paragraphStyle {
                if paragraphStyles.last != paragraphStyle { paragraphStyles.append(paragraphStyle) }
                paragraphStyleIndex = paragraphStyles.count - 1
            }
            guard let attachment = run.labelKit.attachment else {
                runs.append(
                    StyleRun(
                        start: start, end: end, styleIndex: index(of: resolved),
                        paragraphStyleIndex: paragraphStyleIndex))
                continue
            }
            // Each U+FFFC becomes a run of the attachment's style; other characters the attribute covers stay text.
            var attached = resolved
            attached.attachment = attachment
            var segmentStart = start
            for offset in start..<end where utf16[offset] == 0xFFFC {
                if offset > segmentStart {
                    runs.append(
                        StyleRun(
                            start: segmentStart, end: offset, styleIndex: index(of: resolved),
                            paragraphStyleIndex: paragraphStyleIndex))
                }
                runs.append(
                    StyleRun(
                        start: offset, end: offset + 1, styleIndex: index(of: attached),
                        paragraphStyleIndex: paragraphStyleIndex)
                )
                inlineBoxes.append(InlineBox(attachment: attachment, at: offset, textScale: style.textScale))
                segmentStart = offset + 1
            }
            if segmentStart < end {
                runs.append(
                    StyleRun(
                        start: segmentStart, end: end, styleIndex: index(of: resolved),
                        paragraphStyleIndex: paragraphStyleIndex))
            }
        }
        if styles.isEmpty { styles.append(Self.resolve(style: style, attributes: nil, linkIndex: nil)) }
        self.string = string
        self.utf16 = utf16
        self.styles = styles
        self.runs = runs
        self.paragraphStyles = paragraphStyles
        self.links = links
        self.baseParagraphLayout = ParagraphLayoutStyle(style.paragraphStyle)
        self.inlineBoxes = inlineBoxes
        if !rubies.isEmpty {
            try Self.validate(rubies, in: utf16)
            self.rubies = TextRubies(styled: rubies)
        }
        if baseParagraphLayout.isStructured { storeBaseParagraphStyle(style.paragraphStyle) }
    }

    /// The index of the style run holding `offset` (the last run when `offset` is the end).
    func runIndex(containing offset: Int) -> Int {
        // The last run starting at or before `offset`: one before the first that starts after it.
        max(runs.partitioningIndex { $0.start > offset } - 1, 0)
    }

    /// The style index at `offset`.
    func styleIndex(at offset: Int) -> Int {
        runs.isEmpty ? 0 : runs[runIndex(containing: offset)].styleIndex
    }

    /// What the typesetter reads line by line of the paragraph style of a paragraph starting at `offset`, read in
    /// place (a copy of the style costs a retain and a release per paragraph).
    func paragraphLayoutStyle(at offset: Int) -> ParagraphLayoutStyle {
        let index = runs.isEmpty ? -1 : runs[runIndex(containing: offset)].paragraphStyleIndex
        return index < 0 ? baseParagraphLayout : ParagraphLayoutStyle(paragraphStyles[index])
    }

    /// The paragraph style of a paragraph starting at `offset`, read from its first character.
    func paragraphStyle(at offset: Int) -> ParagraphStyle {
        let index = runs.isEmpty ? -1 : runs[runIndex(containing: offset)].paragraphStyleIndex
        if index >= 0 { return paragraphStyles[index] }
        return baseParagraphStyleIndex >= 0
            ? paragraphStyles[baseParagraphStyleIndex] : ParagraphStyle(layout: baseParagraphLayout)
    }

    /// Keeps the whole base paragraph style, which sets tab stops, a tab interval, a line height or lists.
    private mutating func storeBaseParagraphStyle(_ style: ParagraphStyle) {
        paragraphStyles.append(style)
        baseParagraphStyleIndex = paragraphStyles.count - 1
    }

    private static func resolve(
        style: TextStyle, attributes run: AttributedString.Runs.Run?, linkIndex: Int?
    ) -> ResolvedTextStyle {
        var descriptor = style.fontDescriptor
        var resolved = ResolvedTextStyle(
            fontDescriptor: descriptor, fontSize: style.baseFontSize,
            foregroundColor: style.foregroundColor, backgroundColor: nil, underline: nil, strikethrough: nil, kern: 0,
            linkIndex: linkIndex
        )
        guard let run else { return resolved }
        if let family = run.labelKit.fontFamily { descriptor.family = family }
        if let textStyle = run.labelKit.textStyle, style.fontWeight == .regular {
            descriptor.weight = textStyle.fontWeight
        }
        if let weight = run.labelKit.fontWeight { descriptor.weight = FontWeight(clamping: weight) }
        if let italic = run.labelKit.italic { descriptor.italic = italic }
        if let language = run.labelKit.language { descriptor.language = language }
        resolved.fontDescriptor = descriptor
        let unscaledSize = run.labelKit.fontSize ?? run.labelKit.textStyle?.defaultSize ?? style.unscaledFontSize
        resolved.fontSize = min(
            style.scaledFontSize(unscaledSize, maximum: run.labelKit.maximumFontSize), largestFontSize)
        if let color = run.labelKit.foregroundColor { resolved.foregroundColor = color }
        resolved.backgroundColor = run.labelKit.backgroundColor
        if let underline = run.labelKit.underline { resolved.underline = underline }
        resolved.strikethrough = run.labelKit.strikethrough
        resolved.kern = run.labelKit.kern ?? 0
        // The rare attributes are stored out of line: set only those the run has.
        if let offset = run.labelKit.baselineOffset { resolved.baselineOffset = offset }
        if let tracking = run.labelKit.tracking { resolved.tracking = tracking }
        if let features = run.labelKit.fontFeatures { resolved.fontFeatures = features }
        if let shadow = run.labelKit.shadow { resolved.shadow = shadow }
        if let stroke = run.labelKit.stroke { resolved.stroke = stroke }
        if let color = run.labelKit.underlineColor { resolved.underlineColor = color }
        if let color = run.labelKit.strikethroughColor { resolved.strikethroughColor = color }
        if let combine = run.labelKit.combineUpright { resolved.combineUpright = combine }
        return resolved
    }
}

extension StyledText {
    /// A short text in one already resolved style (the default "…" truncation token).
    init(string: String, resolvedStyle: ResolvedTextStyle, paragraphStyle: ParagraphStyle) {
        self.string = string
        self.utf16 = UnicodeCodeUnits.utf16Units(of: string)
        self.styles = [resolvedStyle]
        self.runs = [StyleRun(start: 0, end: utf16.count, styleIndex: 0)]
        self.links = []
        self.baseParagraphLayout = ParagraphLayoutStyle(paragraphStyle)
        if baseParagraphLayout.isStructured { storeBaseParagraphStyle(paragraphStyle) }
    }
}
