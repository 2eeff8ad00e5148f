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

/// A text flattened for the typesetter: UTF-16 code units, style runs over them, paragraph styles and links.
struct StyledText {
    struct StyleRun {
        var start: Int
        var end: Int
        var styleIndex: Int
        var paragraphStyle: ParagraphStyle?
    }

    var string: String
    var utf16: [UInt16]
    var styles: [ResolvedTextStyle]
    var runs: [StyleRun]
    var links: [StyledLink]
    var baseParagraphStyle: ParagraphStyle
    /// Whether a paragraph of the text keeps its words whole (``/LabelKitText/WordBreak/keepAll``): only then does the
    /// analysis mark the opportunities between letters.
    var keepsWordsWhole: Bool {
        baseParagraphStyle.wordBreak == .keepAll || runs.contains { $0.paragraphStyle?.wordBreak == .keepAll }
    }
    /// The inline boxes, in text order: today each attachment's, on its U+FFFC. Each U+FFFC an attachment attribute
    /// covers has a style run of its own whose style holds the attachment (its font gives the line its height when it
    /// holds no text).
    var inlineBoxes: [InlineBox] = []

    /// A plain string in one style.
    ///
    /// `plainStyles`: ``plainStyles(for:)`` of `style` when the caller keeps it, so that layouts share one array.
    init(plain string: String, style: TextStyle, plainStyles: [ResolvedTextStyle]? = nil) throws(LayoutError) {
        if let plainStyles {
            self.styles = plainStyles
        } else {
            self.styles = try Self.plainStyles(for: style)
        }
        self.string = string
        self.utf16 = UnicodeCodeUnits.utf16Units(of: string)
        self.runs = [StyleRun(start: 0, end: utf16.count, styleIndex: 0, paragraphStyle: nil)]
        self.links = []
        self.baseParagraphStyle = style.paragraphStyle
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
        var links: [StyledLink] = []
        var inlineBoxes: [InlineBox] = []
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
            let paragraphStyle = run.labelKit.paragraphStyle
            guard let attachment = run.labelKit.attachment else {
                runs.append(
                    StyleRun(start: start, end: end, styleIndex: index(of: resolved), paragraphStyle: paragraphStyle))
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
                            paragraphStyle: paragraphStyle))
                }
                runs.append(
                    StyleRun(
                        start: offset, end: offset + 1, styleIndex: index(of: attached), paragraphStyle: paragraphStyle)
                )
                inlineBoxes.append(InlineBox(attachment: attachment, at: offset, textScale: style.textScale))
                segmentStart = offset + 1
            }
            if segmentStart < end {
                runs.append(
                    StyleRun(
                        start: segmentStart, end: end, styleIndex: index(of: resolved), paragraphStyle: paragraphStyle))
            }
        }
        if styles.isEmpty { styles.append(Self.resolve(style: style, attributes: nil, linkIndex: nil)) }
        self.string = string
        self.utf16 = utf16
        self.styles = styles
        self.runs = runs
        self.links = links
        self.baseParagraphStyle = style.paragraphStyle
        self.inlineBoxes = inlineBoxes
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
        guard !runs.isEmpty else { return ParagraphLayoutStyle(baseParagraphStyle) }
        return runs[runIndex(containing: offset)].paragraphStyle.map { ParagraphLayoutStyle($0) }
            ?? ParagraphLayoutStyle(baseParagraphStyle)
    }

    /// The paragraph style of a paragraph starting at `offset`, read from its first character.
    func paragraphStyle(at offset: Int) -> ParagraphStyle {
        guard !runs.isEmpty else { return baseParagraphStyle }
        return runs[runIndex(containing: offset)].paragraphStyle ?? baseParagraphStyle
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
        self.runs = [StyleRun(start: 0, end: utf16.count, styleIndex: 0, paragraphStyle: nil)]
        self.links = []
        self.baseParagraphStyle = paragraphStyle
    }
}
