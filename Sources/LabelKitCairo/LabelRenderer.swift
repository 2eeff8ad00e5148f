import Foundation
import LabelKitCore

/// Draws a ``LabelKitCore/TextLayout`` with Cairo into an image: run backgrounds, highlights, glyphs (colour emoji
/// included), underlines and strikethroughs, exactly where the layout put them.
///
/// The renderer reads everything from the layout it is given and lays out nothing itself, so what is drawn is what
/// was measured and what is hit. States that change while the text does not — a pressed link, a selection — are
/// overlays on the renderer (``highlights``, ``foregroundOverrides``, ``selectedRange``, ``focusRings``), never
/// edits of the text or a new layout.
///
/// Glyphs are placed at the layout's fractional positions, unhinted, with hinted metrics off, so a glyph is drawn
/// where hit-testing thinks it is; ``roundsGlyphPositions`` snaps them to whole device pixels for crisper output.
///
/// ```swift
/// var text = AttributedString("決済をしたと同時に利用規約に同意したとみなします")
/// if let range = text.range(of: "利用規約") {
///     text[range].link = URL(string: "https://example.com/terms")
///     text[range].labelKit.foregroundColor = .link
///     text[range].labelKit.underline = .single
/// }
/// let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 200))
///
/// var renderer = LabelRenderer(scale: 2, backgroundColor: .white)
/// try renderer.writePNG(layout, to: "label@2x.png")
///
/// // The link pressed: same layout, another colour and a highlight behind it.
/// if let link = layout.links.first {
///     renderer.foregroundOverrides = [LabelRenderer.ColorOverride(link: link, color: .black)]
/// }
/// let pressed = try renderer.render(layout)
/// ```
public struct LabelRenderer: Sendable {
    /// Device pixels per point: 2 for a HiDPI image twice the layout's size. 1 by default.
    public var scale: Double
    /// The colour the image is filled with before drawing; nil leaves it transparent.
    public var backgroundColor: LabelColor?
    /// Whether glyph origins (and decorations) are snapped to whole device pixels. Off by default: positions are
    /// the layout's exact fractional ones.
    public var roundsGlyphPositions: Bool
    /// Filled rectangles drawn behind the text (after run backgrounds): a pressed link, a selection.
    public var highlights: [Highlight]
    /// Text colours that replace the style's for ranges of text, later entries winning: a pressed link drawn in
    /// another colour from the same layout. Decorations of the range take the colour too.
    public var foregroundOverrides: [ColorOverride]
    /// Whether to draw the layout's geometry over the text: line boxes (thin outlines), baselines and link areas
    /// (translucent fills). For debugging layouts and hit areas.
    public var debug: Bool
    /// The selected UTF-16 range, highlighted behind the text in ``selectionColor`` over whole line bands; nil for
    /// none.
    public var selectedRange: Range<Int>?
    /// The colour of the selection highlight.
    public var selectionColor: LabelColor = LabelRenderer.standardSelectionColor
    /// Keyboard focus rings, outlined over the text (a focused link's rects).
    public var focusRings: [FocusRing] = []

    /// Creates a renderer.
    public init(
        scale: Double = 1,
        backgroundColor: LabelColor? = nil,
        roundsGlyphPositions: Bool = false,
        highlights: [Highlight] = [],
        foregroundOverrides: [ColorOverride] = [],
        debug: Bool = false
    ) {
        self.scale = scale
        self.backgroundColor = backgroundColor
        self.roundsGlyphPositions = roundsGlyphPositions
        self.highlights = highlights
        self.foregroundOverrides = foregroundOverrides
        self.debug = debug
    }

    /// Draws `layout` into a new image of `ceil(layout.bounds.size × scale)` pixels.
    ///
    /// - Throws: ``RenderError/invalidOption(_:)`` for a scale that is not a finite number > 0;
    ///   ``RenderError/surfaceCreationFailed(width:height:reason:)`` when the image is too large;
    ///   ``RenderError/unreadableFont(path:reason:)`` or ``RenderError/unsupportedFontFace(familyName:)`` when a
    ///   run's face cannot be drawn.
    public func render(_ layout: TextLayout) throws(RenderError) -> RenderedImage {
        try LayoutPainter(renderer: self, layout: layout).paint()
    }

    /// Draws `layout` and writes it to a PNG file at `path`.
    ///
    /// - Throws: what ``render(_:)`` throws, and ``RenderError/pngWriteFailed(path:reason:)`` when the file cannot
    ///   be written.
    public func writePNG(_ layout: TextLayout, to path: String) throws(RenderError) {
        try render(layout).writePNG(to: path)
    }
}

extension LabelRenderer {
    /// Rectangles filled with one colour behind the text, in the label's coordinates (points).
    ///
    /// ```swift
    /// let selection = LabelRenderer.Highlight(rects: [CGRect(x: 10, y: 0, width: 40, height: 18)],
    ///                                         color: LabelColor(hex: 0x0B5FCC, alpha: 0.25))
    /// ```
    public struct Highlight: Sendable, Hashable {
        /// The rectangles to fill.
        public var rects: [CGRect]
        /// The fill colour.
        public var color: LabelColor
        /// The radius of the rectangles' rounded corners; 0 for square corners.
        public var cornerRadius: Double

        /// Creates a highlight.
        public init(rects: [CGRect], color: LabelColor, cornerRadius: Double = 0) {
            self.rects = rects
            self.color = color
            self.cornerRadius = cornerRadius
        }
    }

    /// A text colour for a range of text that replaces the colour of its style while drawing.
    ///
    /// ```swift
    /// let pressed = LabelRenderer.ColorOverride(link: layout.links[0], color: LabelColor(hex: 0x083F88))
    /// ```
    public struct ColorOverride: Sendable, Hashable {
        /// The UTF-16 range: in the text, or in the truncation token when ``isInTruncationToken``.
        public var range: Range<Int>
        /// Whether ``range`` is in the truncation token rather than in the text.
        public var isInTruncationToken: Bool
        /// The colour to draw the range's glyphs and decorations in.
        public var color: LabelColor

        /// Creates an override for a range of the text (or of the truncation token).
        public init(range: Range<Int>, color: LabelColor, isInTruncationToken: Bool = false) {
            self.range = range
            self.color = color
            self.isInTruncationToken = isInTruncationToken
        }

        /// Creates an override for a link of the layout: its pressed colour.
        public init(link: LayoutLink, color: LabelColor) {
            self.init(range: link.range, color: color, isInTruncationToken: link.isInTruncationToken)
        }

        /// Whether the override covers part of `other`, a range in the text or in the token.
        func overlaps(_ other: Range<Int>, isInTruncationToken inToken: Bool) -> Bool {
            inToken == isInTruncationToken && other.lowerBound < range.upperBound && other.upperBound > range.lowerBound
        }
    }
}
