import Foundation
import LabelKitText

/// Lays out styled text: analysis, itemization with font fallback, shaping, line breaking, truncation and
/// positioning, producing an immutable ``TextLayout``.
///
/// A typesetter is a small value holding its backends, a base style and the ``TypesettingContext`` it keeps its caches
/// and scratch buffers in; it is `Sendable`, so one can serve every thread. The `LabelKit` module provides
/// `LabelTypesetter.system`, backed by ICU, fontconfig, FreeType and HarfBuzz.
///
/// ```swift
/// var text = AttributedString("決済をしたと同時に利用規約に同意したとみなします")
/// text[text.range(of: "利用規約")!].link = URL(string: "https://example.com/terms")
/// let layout = try typesetter.layout(text, in: TextContainer(width: 120, maximumNumberOfLines: 2))
/// layout.size        // (120, 36) — what is drawn and what is hit
/// ```
public struct LabelTypesetter: Sendable {
    /// Finds and shapes fonts.
    public let fontSystem: any FontSystem
    /// Segments text.
    public let analyzer: any TextAnalyzer
    /// Finds where words may be hyphenated, for paragraphs with ``/LabelKitText/Hyphenation/auto``; nil hyphenates
    /// only at soft hyphens.
    public var hyphenator: (any Hyphenator)? { hyphenatorReference?.hyphenator }
    /// The hyphenator, as passes hold it.
    let hyphenatorReference: HyphenatorReference?
    /// The style of text whose attributes leave something unset.
    public var style: TextStyle {
        didSet { plainStyles = try? StyledText.plainStyles(for: style) }
    }
    /// The style of plain text, resolved once: every layout of a plain string shares this array rather than
    /// allocating its own (nil for a style that does not validate; laying out then throws its error).
    private var plainStyles: [ResolvedTextStyle]?
    /// What the typesetter keeps from one layout to the next — shaped words, scratch buffers, fallback answers —
    /// shared with the typesetters handed the same context and with copies of this one.
    public var context: TypesettingContext

    /// Creates a typesetter over the given backends, keeping its caches in `context`: a new context of its own unless
    /// one is given.
    ///
    /// ```swift
    /// let shared = TypesettingContext()
    /// let title = LabelTypesetter(fontSystem: fonts, analyzer: analyzer, style: titleStyle, context: shared)
    /// let body = LabelTypesetter(fontSystem: fonts, analyzer: analyzer, style: bodyStyle, context: shared)
    /// ```
    public init(
        fontSystem: any FontSystem, analyzer: any TextAnalyzer, style: TextStyle = TextStyle(),
        context: TypesettingContext = TypesettingContext(), hyphenator: (any Hyphenator)? = nil
    ) {
        self.fontSystem = fontSystem
        self.analyzer = analyzer
        self.hyphenatorReference = hyphenator.map(HyphenatorReference.init)
        self.style = style
        self.context = context
        self.plainStyles = try? StyledText.plainStyles(for: style)
    }

    /// Lays out an attributed string in a container.
    ///
    /// - Throws: ``LayoutError/font(_:)`` when a requested family does not exist;
    ///   ``LayoutError/invalidParameter(_:)`` for a negative or non-finite size, width, height, inset or spacing.
    public func layout(_ text: AttributedString, in container: TextContainer = TextContainer()) throws(LayoutError)
        -> TextLayout
    {
        try layout(StyledText(attributed: text, style: style), in: container)
    }

    /// Lays out a plain string in the typesetter's style.
    public func layout(_ text: String, in container: TextContainer = TextContainer()) throws(LayoutError)
        -> TextLayout
    {
        try layout(StyledText(plain: text, style: style, plainStyles: plainStyles), in: container)
    }

    /// The size a label needs for `text` at `width` (nil for no limit) with at most `numberOfLines` lines (0 for no
    /// limit), rounded up to whole points — what `UILabel.sizeThatFits` answers, equal to what is drawn.
    ///
    /// It plans the lines exactly as ``layout(_:in:)-(AttributedString,_)`` does but positions no glyph, so it is the
    /// cheaper call when only the size is needed, and always equals the size of the layout that is drawn.
    public func measurement(_ text: AttributedString, width: Double?, numberOfLines: Int = 0) throws(LayoutError)
        -> TextMeasurement
    {
        try measure(
            StyledText(attributed: text, style: style),
            in: TextContainer(width: width, maximumNumberOfLines: numberOfLines))
    }

    /// The size a label needs for a plain `text` in the typesetter's style.
    public func measurement(_ text: String, width: Double?, numberOfLines: Int = 0) throws(LayoutError)
        -> TextMeasurement
    {
        try measure(
            StyledText(plain: text, style: style, plainStyles: plainStyles),
            in: TextContainer(width: width, maximumNumberOfLines: numberOfLines))
    }

    /// The measurement of a container's layout, without positioning glyphs.
    public func measurement(_ text: AttributedString, in container: TextContainer) throws(LayoutError)
        -> TextMeasurement
    {
        try measure(StyledText(attributed: text, style: style), in: container)
    }

    private func layout(_ styled: consuming StyledText, in container: TextContainer) throws(LayoutError) -> TextLayout {
        try typeset(consume styled, in: container) { assembler, lines, segments, truncated, scale in
            assembler.assemble(lines: lines, truncatedSegments: segments, isTruncated: truncated, scaleFactor: scale)
        }
    }

    private func measure(_ styled: consuming StyledText, in container: TextContainer) throws(LayoutError)
        -> TextMeasurement
    {
        try typeset(consume styled, in: container, measuresOnly: true) { assembler, lines, segments, truncated, scale in
            assembler.measurement(lines: lines, truncatedSegments: segments, isTruncated: truncated, scaleFactor: scale)
        }
    }

    /// For tests: the advance of every grapheme of `text` (at its first code unit) as the shaping of a measurement
    /// computes them (`measuresOnly`: cached words' advances written without glyphs) or as a layout's does, and the
    /// number of items that kept no glyphs.
    package func graphemeAdvancesForTesting(_ text: String, measuresOnly: Bool) throws(LayoutError)
        -> (advances: [Double], itemsWithoutGlyphs: Int)
    {
        var pass = TypesettingPass(
            fontSystem: fontSystem, analyzer: analyzer, context: context,
            text: try StyledText(plain: text, style: style, plainStyles: plainStyles), hyphenator: hyphenatorReference,
            measuresOnly: measuresOnly)
        defer { pass.recycle() }
        try pass.shapeText()
        let withoutGlyphs = pass.buffers.items.count {
            $0.start < $0.end && $0.glyphStart == $0.glyphEnd && !$0.isAttachment
        }
        return (pass.buffers.graphemeAdvances, withoutGlyphs)
    }

    /// Shapes `styled`, then wraps it (``wrap(_:in:ownsPass:finish:)``).
    private func typeset<Result>(
        _ styled: consuming StyledText, in container: TextContainer, measuresOnly: Bool = false,
        finish: (LayoutAssembler, [LineRecord], [LineSegment]?, Bool, Double) -> Result
    ) throws(LayoutError) -> Result {
        try Self.validate(container)
        var pass = TypesettingPass(
            fontSystem: fontSystem, analyzer: analyzer, context: context, text: consume styled,
            hyphenator: hyphenatorReference,
            verticalOrientation: container.verticalOrientation, measuresOnly: measuresOnly)
        try pass.shapeText()
        return try wrap(consume pass, in: container, ownsPass: true, finish: finish)
    }

    /// Breaks, fits (``/LabelKitText/TextContainer/minimumScaleFactor``,
    /// ``/LabelKitText/TextContainer/allowsTighteningForTruncation``) and truncates a shaped `pass`, then hands the
    /// broken lines and the scale to `finish` — which builds the layout, or only measures it.
    ///
    /// Without `ownsPass` the pass belongs to a ``ShapedText`` that wraps it again later: its buffers are read, never
    /// given back to the context, and fitting shapes a copy of its text rather than touching it.
    func wrap<Result>(
        _ pass: consuming TypesettingPass, in container: TextContainer, ownsPass: Bool,
        finish: (LayoutAssembler, [LineRecord], [LineSegment]?, Bool, Double) -> Result
    ) throws(LayoutError) -> Result {
        var ownsPass = ownsPass
        if pass.verticalOrientation != container.verticalOrientation {
            // Text shaped for the other writing mode (a shaped text laid out in a vertical container) is shaped
            // again: upright glyphs are other glyphs.
            var reshaped = TypesettingPass(
                fontSystem: fontSystem, analyzer: analyzer, context: context, text: pass.text,
                hyphenator: hyphenatorReference,
                verticalOrientation: container.verticalOrientation)
            try reshaped.shapeText()
            if ownsPass { pass.recycle() }
            pass = reshaped
            ownsPass = true
        }
        // The typesetter works in line coordinates: a vertical container is turned so that its columns are lines.
        // (Horizontal text passes its container on as it is: copying it per label costs a retain and a copy.)
        if container.writingMode.isVertical {
            return try wrapLines(
                consume pass, in: container.inLineCoordinates, labelContainer: container, ownsPass: ownsPass,
                finish: finish)
        }
        return try wrapLines(consume pass, in: container, labelContainer: nil, ownsPass: ownsPass, finish: finish)
    }

    /// Breaks the shaped `pass` into lines in `container` (in line coordinates), fits, truncates and hands the
    /// assembler to `finish`; `labelContainer` is the container the app gave, when it is not `container` itself.
    private func wrapLines<Result>(
        _ pass: consuming TypesettingPass, in container: TextContainer, labelContainer: TextContainer?,
        ownsPass: Bool, finish: (LayoutAssembler, [LineRecord], [LineSegment]?, Bool, Double) -> Result
    ) throws(LayoutError) -> Result {
        // `pass` is mutated in place: a copy would retain and release its two dozen arrays.
        var ownsPass = ownsPass
        let insets = container.insets
        let limits = LineLimits(
            maximumWidth: container.width.map { max(0, $0 - insets.left - insets.right) } ?? .infinity,
            maximumLines: container.maximumNumberOfLines > 0 ? container.maximumNumberOfLines : .max,
            maximumHeight: container.height.map { max(0, $0 - insets.top - insets.bottom) } ?? .infinity,
            usesFontLeading: container.usesFontLeading
        )
        var (lines, truncated) = pass.breakLines(limits: limits)
        var scale = 1.0
        if truncated, container.minimumScaleFactor < 1 || container.allowsTighteningForTruncation {
            if !ownsPass {
                // Fitting shapes the text again at other sizes and recycles what it does not keep: on a copy.
                var copy = TypesettingPass(
                    fontSystem: fontSystem, analyzer: analyzer, context: context, text: pass.text,
                    hyphenator: hyphenatorReference, verticalOrientation: pass.verticalOrientation)
                try copy.shapeText()
                pass = copy
                ownsPass = true
            }
            let fit = try fitting(
                FittedText(pass: consume pass, lines: lines, isTruncated: truncated), limits: limits,
                container: container)
            pass = fit.pass
            (lines, truncated, scale) = (fit.lines, fit.isTruncated, fit.scale)
        }
        var tokenPass: TypesettingPass? = nil
        var segments: [LineSegment]? = nil
        if truncated, container.truncation != .clip, let last = lines.last {
            let tokenText = try tokenText(after: last, in: pass, container)
            let orientation = pass.verticalOrientation
            var token = TypesettingPass(
                fontSystem: fontSystem, analyzer: analyzer, context: context,
                // A token of the container's own is in the base style; "…" already takes the shrunk text's style.
                text: scale == 1 || container.truncationToken == nil
                    ? tokenText : tokenText.scaled(by: scale, tighteningBy: 0),
                verticalOrientation: orientation
            )
            try token.shapeText()
            let tokenLength = token.utf16.count
            segments = pass.truncatedSegments(
                line: last, mode: container.truncation, tokenLength: tokenLength,
                tokenWidth: token.advance(of: 0..<tokenLength), maximumWidth: limits.maximumWidth
            )
            tokenPass = token
        }
        // The passes move into the assembler and their buffers back to the context from there: no copy of either.
        var assembler = LayoutAssembler(
            pass: consume pass, token: consume tokenPass, container: container, labelContainer: labelContainer)
        let result = finish(assembler, lines, segments, truncated, scale)
        if ownsPass { assembler.recycle() } else { assembler.recycleToken() }
        return result
    }

    /// The token's text: the container's, over the base style, or "…" in the style of the text it follows.
    private func tokenText(after line: LineRecord, in pass: TypesettingPass, _ container: TextContainer)
        throws(LayoutError) -> StyledText
    {
        if let token = container.truncationToken {
            return try StyledText(attributed: token, style: style, linkIndexOffset: pass.text.links.count)
        }
        let paragraph = pass.buffers.paragraphs[line.paragraphIndex]
        let anchor = max(line.start, min(paragraph.contentEnd, line.contentEnd) - 1)
        let anchorIndex = min(anchor, max(pass.utf16.count - 1, 0))
        var resolved = pass.text.styles[pass.text.styleIndex(at: anchorIndex)]
        resolved.linkIndex = nil
        resolved.attachment = nil
        // On an empty line the anchor is its line break, which is never drawn and whose raise no line measures: a
        // token raised by it made the truncated line taller than the whole text (found by `make fuzz`).
        if anchorIndex < pass.utf16.count, CharacterClass.isLineBreak(pass.utf16[anchorIndex]) {
            resolved.baselineOffset = 0
        }
        return StyledText(string: "\u{2026}", resolvedStyle: resolved, paragraphStyle: paragraph.style)
    }

    static func validate(_ container: TextContainer) throws(LayoutError) {
        func check(_ name: String, _ value: Double?) throws(LayoutError) {
            guard let value else { return }
            guard value.isFinite, value >= 0 else {
                throw .invalidParameter("\(name) must be a finite number ≥ 0, not \(value)")
            }
        }
        try check("width", container.width)
        try check("height", container.height)
        try check("top inset", container.insets.top)
        try check("left inset", container.insets.left)
        try check("bottom inset", container.insets.bottom)
        try check("right inset", container.insets.right)
        guard container.displayScale.isFinite, container.displayScale > 0 else {
            throw .invalidParameter("display scale must be a finite number > 0, not \(container.displayScale)")
        }
        guard container.minimumScaleFactor > 0, container.minimumScaleFactor <= 1 else {
            throw .invalidParameter(
                "minimum scale factor must be a number > 0 and ≤ 1, not \(container.minimumScaleFactor)")
        }
        guard container.maximumNumberOfLines >= 0 else {
            throw .invalidParameter("maximum number of lines must be ≥ 0, not \(container.maximumNumberOfLines)")
        }
    }
}
