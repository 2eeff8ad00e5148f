import Foundation
import LabelKit

/// The layout options every command shares: font, size, width, limits, alignment, insets, tab stops, line height and
/// markup. Each is declared once in `LayoutOptions+Declarations.swift` (or `LayoutOptions+StructuredText.swift`); the
/// command line sets them, and a batch record may set those with a batch key.
struct LayoutOptions: Sendable {
    var font = "DejaVu Sans"
    var size = 15.0
    /// `--text-style`: the text style whose size the text has, in place of ``size``.
    var textStyle: DynamicTextStyle? = nil
    /// `--text-scale`: the person's text size.
    var textScale = TextScale.standard
    /// `--maximum-font-size`: the largest size scaling may give text.
    var maximumFontSize: Double? = nil
    /// `--appearance` and `--contrast`: what `render` draws the colours in. Layout never depends on it.
    var appearance = Appearance.light
    /// `--lang`: the language of runs that set none.
    var language: LanguageTag? = nil
    var width: Double? = nil
    var height: Double? = nil
    var lines = 0
    var truncation = TruncationMode.tail
    var token: String? = nil
    var alignment = TextAlignment.natural
    var verticalAlignment = VerticalAlignment.center
    var insets = EdgeInsets.zero
    var lineSpacing = 0.0
    /// `--line-height`: the paragraph's CSS-style line height, nil for the text's own.
    var lineHeight: LineHeight? = nil
    /// `--tab-stops` and `--tab-interval`.
    var tabStops: [TabStop] = []
    var tabInterval = 0.0
    var markup = false
    var detectedKinds: LinkKinds? = nil
    var firstLineIndent = 0.0
    var headIndent = 0.0
    var tailIndent = 0.0
    var paragraphSpacingBefore = 0.0
    var paragraphSpacingAfter = 0.0
    var lineBreakStrategy = LineBreakStrategy.greedy
    var wordBreak = WordBreak.normal
    /// `--min-scale`: nil when not given (measure then prints no "scale").
    var minimumScale: Double? = nil
    var hyphenates = false
    var hyphenationFactor = 1.0
    var tightens = false
    var writingMode = WritingMode.horizontalTopToBottom
    var textOrientation = TextOrientation.mixed
    /// The pixel grid vertical alignment snaps to: `render` sets its `--scale`.
    var displayScale = 1.0
    /// Whether the links the app wrote itself (`--markup` links, a run's `"link"`, links in `--token`) get their
    /// safety checked as detected links do, so that the commands that print links (`hit`, `interact`) report their
    /// warnings. Off for the others, which would pay for a check they never show.
    var checksLinkSafety = false

    /// The options given on the command line; `checksLinkSafety` for the commands that print links.
    init(_ arguments: CommandLineArguments, checksLinkSafety: Bool = false) throws(UsageError) {
        self.checksLinkSafety = checksLinkSafety
        try TextSource.checkKindFlags(arguments)
        try apply(arguments)
    }

    /// These options with a batch record's layout keys applied (`width`, `headIndent`, …: the options declared with
    /// a batch key).
    func applying(_ record: BatchRecord) throws(UsageError) -> LayoutOptions {
        var options = self
        // The commonest record holds its text and a width and nothing else: set the width alone rather than look
        // up each of the options' keys in it (4.2 k instructions a record, 3 % of a batch of the bench corpus).
        if record.members.hasOnlyKeys(Self.textAndWidthKeys) {
            if let width = try record.value(of: Self.width) { options.width = width }
            return options
        }
        try options.apply(record)
        return options
    }

    /// The keys of a record that sets no option but the width.
    private static let textAndWidthKeys = TextSource.recordKeys + ["width"]

    /// A typesetter and the style it was made for.
    private final class MadeTypesetter: Sendable {
        let style: TextStyle
        let typesetter: LabelTypesetter

        init(_ style: TextStyle, _ typesetter: LabelTypesetter) {
            self.style = style
            self.typesetter = typesetter
        }
    }

    /// The last typesetter made: a batch's records mostly share one style, and making a typesetter costs 3.3 k
    /// instructions (2 % of a batch of the bench corpus). Boxed, so that comparing and returning it copies no style.
    private static let lastTypesetter = LockedState<MadeTypesetter?>(nil)

    /// A system typesetter in `style`: the last one made when its style is the same.
    static func typesetter(for style: TextStyle) -> LabelTypesetter {
        if let last = lastTypesetter.withLock({ $0 }), last.style == style { return last.typesetter }
        let typesetter = LabelTypesetter.system(style: style)
        let made = MadeTypesetter(style, typesetter)
        lastTypesetter.withLock { $0 = made }
        return typesetter
    }

    /// Sets every option `values` gives and leaves the others as they are.
    private mutating func apply(_ values: some OptionValueSource) throws(UsageError) {
        if let path = try values.value(of: Self.fontFile) {
            do {
                let families = try SystemFontSystem.shared.registerFont(at: path)
                if let first = families.first { font = first }
            } catch {
                throw UsageError(message: "--font-file: \(error.description)")
            }
        }
        if let font = try values.value(of: Self.font) { self.font = font }
        if let size = try values.value(of: Self.size) { self.size = size }
        if let style = try values.value(of: Self.textStyle) { textStyle = style }
        if let scale = try values.value(of: Self.textScale) { textScale = scale }
        if let maximum = try values.value(of: Self.maximumFontSize) { maximumFontSize = maximum }
        if let scheme = try values.value(of: Self.appearance) { appearance.colorScheme = scheme }
        if let contrast = try values.value(of: Self.contrast) { appearance.contrast = contrast }
        if let language = try values.value(of: Self.lang) { self.language = language }
        if let width = try values.value(of: Self.width) { self.width = width }
        if let height = try values.value(of: Self.height) { self.height = height }
        if let lines = try values.value(of: Self.lines) { self.lines = lines }
        if let truncation = try values.value(of: Self.truncate) { self.truncation = truncation }
        if let token = try values.value(of: Self.token) { self.token = token }
        if let alignment = try values.value(of: Self.align) { self.alignment = alignment }
        if let alignment = try values.value(of: Self.valign) { verticalAlignment = alignment }
        if let insets = try values.value(of: Self.inset) { self.insets = insets }
        if let spacing = try values.value(of: Self.lineSpacing) { lineSpacing = spacing }
        if let height = try values.value(of: Self.lineHeight) { lineHeight = height }
        if let stops = try values.value(of: Self.tabStops) { tabStops = stops }
        if let interval = try values.value(of: Self.tabInterval) { tabInterval = interval }
        if let indent = try values.value(of: Self.indent) { firstLineIndent = indent }
        if let indent = try values.value(of: Self.headIndent) { headIndent = indent }
        if let indent = try values.value(of: Self.tailIndent) { tailIndent = indent }
        if let spacing = try values.value(of: Self.paragraphSpacing) {
            (paragraphSpacingBefore, paragraphSpacingAfter) = (spacing.before, spacing.after)
        }
        if let wrap = try values.value(of: Self.wrap) { lineBreakStrategy = wrap.strategy }
        if let rule = try values.value(of: Self.wordBreak) { wordBreak = rule.wordBreak }
        if let hyphenate = try values.value(of: Self.hyphenate) { hyphenates = hyphenate }
        if let factor = try values.value(of: Self.hyphenationFactor) { hyphenationFactor = factor }
        if let scale = try values.value(of: Self.minScale) { minimumScale = scale }
        if let tighten = try values.value(of: Self.tighten) { tightens = tighten }
        if let vertical = try values.value(of: Self.vertical) {
            writingMode = vertical ? .verticalRightToLeft : .horizontalTopToBottom
        }
        if let orientation = try values.value(of: Self.orientation) { textOrientation = orientation }
        if let markup = try values.value(of: Self.markup) { self.markup = markup }
        if let kinds = try values.value(of: Self.detect) { detectedKinds = kinds }
    }

    var style: TextStyle {
        var paragraph = ParagraphStyle()
        paragraph.alignment = alignment
        paragraph.lineSpacing = lineSpacing
        paragraph.firstLineHeadIndent = firstLineIndent
        paragraph.headIndent = headIndent
        paragraph.tailIndent = tailIndent
        paragraph.paragraphSpacingBefore = paragraphSpacingBefore
        paragraph.paragraphSpacing = paragraphSpacingAfter
        paragraph.lineBreakStrategy = lineBreakStrategy
        paragraph.wordBreak = wordBreak
        paragraph.hyphenation = hyphenates ? .auto : .manual
        paragraph.hyphenationFactor = hyphenationFactor
        paragraph.lineHeight = lineHeight
        paragraph.tabStops = tabStops
        paragraph.defaultTabInterval = tabInterval
        return TextStyle(
            fontFamily: font, fontSize: size, paragraphStyle: paragraph, language: language,
            dynamicTextStyle: textStyle,
            textScale: textScale, maximumFontSize: maximumFontSize)
    }

    var container: TextContainer {
        TextContainer(
            width: width, height: height, maximumNumberOfLines: lines, insets: insets,
            verticalAlignment: verticalAlignment, truncation: truncation,
            truncationToken: token.map(attributedText), displayScale: displayScale,
            minimumScaleFactor: minimumScale ?? 1, allowsTighteningForTruncation: tightens, writingMode: writingMode,
            textOrientation: textOrientation
        )
    }

    /// TEXT as markup (with `--markup`) or as it is, with links detected (with `--detect`) and the app's links
    /// checked (``checksLinkSafety``): for the truncation token and checkbox titles.
    func attributedText(_ text: String) -> AttributedString {
        if markup { return checkingLinks(in: markupText(text)) }
        // Plain TEXT is searched as the String it is: the detector reads it once and builds the attributed string,
        // rather than reading back the attributed string made here.
        if let detectedKinds { return LinkDetector(kinds: detectedKinds).detectLinks(in: text).text }
        return AttributedString(text)
    }

    /// What `source` lays out as: its runs, its HTML or Pango markup read from this style (``markupOptions``), or
    /// its text as ``attributedText(_:)`` reads it.
    func attributedText(_ source: TextSource) throws(UsageError) -> AttributedString {
        switch source {
        case .text(let text): attributedText(text)
        case .runs(let runs): checkingLinks(in: runs)
        case .markup(let language, let text, let origin):
            checkingLinks(in: try language.read(text, options: markupOptions, origin: origin))
        }
    }

    /// What the markup readers start from: this style's size and paragraph (its alignment, indents, tab stops and
    /// line height), and images as tall as a line of text.
    var markupOptions: MarkupOptions {
        let style = self.style
        return MarkupOptions(
            fontSize: style.baseFontSize, paragraphStyle: style.paragraphStyle, imageHeight: textHeight)
    }

    /// `text` with the links of `--detect` found, or, without it, with the app's own links checked when
    /// ``checksLinkSafety`` asks for it (a detector of no kinds reads only those links).
    private func checkingLinks(in text: AttributedString) -> AttributedString {
        if let detectedKinds { return LinkDetector(kinds: detectedKinds).detectLinks(in: text).text }
        if checksLinkSafety { return LinkDetector(kinds: []).detectLinks(in: text).text }
        return text
    }

    /// Markup with its images as tall as the text of a line (the base font's ascent and descent), centred on it.
    private func markupText(_ text: String) -> AttributedString {
        LabelMarkup.attributedString(text, imageHeight: textHeight)
    }

    /// The height of a line of the base font's text, for `![alt](image.png)`: its ascent and descent at the size the
    /// text has (its text style's, scaled by the text scale).
    private var textHeight: Double {
        let style = self.style
        let size = style.baseFontSize
        let typesetter = Self.typesetter(for: style)
        guard let face = try? typesetter.fontSystem.face(for: style.fontDescriptor) else { return size * 1.2 }
        let metrics = face.metrics(size: size)
        return metrics.ascent + metrics.descent
    }

    /// Whether TEXT is laid out as it is, in one style: no markup to read and no links to detect.
    private func isPlain(_ source: TextSource) -> Bool {
        guard case .text = source else { return false }
        return !markup && detectedKinds == nil
    }

    /// Lays `source` out; layout errors (an unknown font) become usage errors.
    func layout(_ source: TextSource, prefix: String = "") throws(UsageError) -> TextLayout {
        let typesetter = Self.typesetter(for: style)
        // Plain text goes through the typesetter's String entry point, which builds no AttributedString.
        if isPlain(source), case .text(let text) = source {
            do {
                return try typesetter.layout(text, in: container)
            } catch {
                throw UsageError(message: prefix + error.description)
            }
        }
        let text = try attributedText(source)
        do {
            return try typesetter.layout(text, in: container)
        } catch {
            throw UsageError(message: prefix + error.description)
        }
    }

    /// Measures `source` without positioning glyphs: the size, line count and truncation `layout(_:prefix:)` has.
    func measure(_ source: TextSource, prefix: String = "") throws(UsageError) -> TextMeasurement {
        let typesetter = Self.typesetter(for: style)
        let container = self.container
        guard isPlain(source), case .text(let text) = source else {
            let text = try attributedText(source)
            do {
                return try typesetter.measurement(text, in: container)
            } catch {
                throw UsageError(message: prefix + error.description)
            }
        }
        do {
            // The plain String entry point takes a width and a line limit only: other containers are laid out.
            let simple = TextContainer(width: container.width, maximumNumberOfLines: container.maximumNumberOfLines)
            guard container == simple else { return TextMeasurement(try typesetter.layout(text, in: container)) }
            return try typesetter.measurement(
                text, width: container.width, numberOfLines: container.maximumNumberOfLines)
        } catch {
            throw UsageError(message: prefix + error.description)
        }
    }
}
