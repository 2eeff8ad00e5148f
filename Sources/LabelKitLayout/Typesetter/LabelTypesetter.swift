import Foundation
import LabelKitText

/// Lays out styled text: analysis, itemization with font fallback, shaping, line breaking, truncation and
/// positioning, producing an immutable ``TextLayout``.
///
/// A typesetter is a small value holding its backends, a base style and the ``TypesettingContext`` it keeps its caches
/// and scratch space in; it is `Sendable`, so one can serve every thread. The `LabelKit` module provides
/// `LabelTypesetter.system`, backed by ICU, fontconfig, FreeType and HarfBuzz.
///
/// ```swift
/// var text = AttributedString("決済をしたと同時に利用規約に同意したとみなします")
/// text[text.range(of: "利用規約")!].link = URL(string: "https://example.com/terms")
/// let layout = try typesetter.layout(text, in: TextContainer(width: 120, maximumNumberOfLines: 2))
/// layout.size        // (120, 36) — what is drawn and what is hit
/// ```
public struct LabelTypesetter: Sendable {
    /// The backends and the context, which take a text through the stages.
    var pipeline: TypesettingPipeline
    /// Finds and shapes fonts.
    public var fontSystem: any FontSystem { pipeline.fontSystem }
    /// Segments text.
    public var analyzer: any TextAnalyzer { pipeline.analyzer }
    /// Finds where words may be hyphenated, for paragraphs with ``/LabelKitText/Hyphenation/auto``; nil hyphenates
    /// only at soft hyphens.
    public var hyphenator: (any Hyphenator)? { pipeline.hyphenator?.hyphenator }
    /// The style of text whose attributes leave something unset.
    public var style: TextStyle {
        didSet { plainStyle = try? PlainTextStyle(style) }
    }
    /// The style of plain text, resolved once: every layout of a plain string shares its array of styles rather than
    /// allocating its own, and converts no paragraph style (nil for a style that does not validate; laying out then
    /// throws its error).
    var plainStyle: PlainTextStyle?
    /// What the typesetter keeps from one layout to the next — shaped words, scratch space, fallback answers —
    /// shared with the typesetters handed the same context and with copies of this one.
    public var context: TypesettingContext {
        get { pipeline.context }
        set {
            pipeline = TypesettingPipeline(
                fontSystem: pipeline.fontSystem, analyzer: pipeline.analyzer, hyphenator: pipeline.hyphenator,
                context: newValue)
        }
    }

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
        self.pipeline = TypesettingPipeline(
            fontSystem: fontSystem, analyzer: analyzer, hyphenator: hyphenator.map(HyphenatorReference.init),
            context: context)
        self.style = style
        self.plainStyle = try? PlainTextStyle(style)
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
        try layout(plainText(text), in: container)
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
            plainText(text),
            in: TextContainer(width: width, maximumNumberOfLines: numberOfLines))
    }

    /// The measurement of a container's layout, without positioning glyphs.
    public func measurement(_ text: AttributedString, in container: TextContainer) throws(LayoutError)
        -> TextMeasurement
    {
        try measure(StyledText(attributed: text, style: style), in: container)
    }

    private func layout(_ styled: consuming StyledText, in container: TextContainer) throws(LayoutError) -> TextLayout {
        try Self.validate(container)
        // Shaped and wrapped in one expression: a named shaped text would be a copy alive while its arrays go back.
        return try pipeline.wrap(
            try pipeline.shape(styled, for: LineTransform(container)), in: container, ownsText: true, baseStyle: style
        ).layout()
    }

    private func measure(_ styled: consuming StyledText, in container: TextContainer) throws(LayoutError)
        -> TextMeasurement
    {
        try Self.validate(container)
        return try pipeline.wrap(
            try pipeline.shape(styled, for: LineTransform(container), purpose: .measurement), in: container,
            ownsText: true, baseStyle: style
        ).measurement()
    }

    /// A plain `text` in the typesetter's style, from its resolved plain style when it has one.
    func plainText(_ text: String) throws(LayoutError) -> StyledText {
        if let plainStyle { return StyledText(plain: text, style: plainStyle) }
        return try StyledText(plain: text, style: style)
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
