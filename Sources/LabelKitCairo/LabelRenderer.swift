import Foundation
import LabelKitLayout
import LabelKitText

/// Draws a ``LabelKitLayout/TextLayout`` with Cairo into an image, a PDF or an SVG: run backgrounds, highlights,
/// shadows, attachments, glyphs (colour emoji included) with their outlines, underlines and strikethroughs, exactly
/// where the layout put them.
///
/// The renderer reads everything from the layout it is given and lays out nothing itself, so what is drawn is what
/// was measured and what is hit. How links look and states that change while the text does not — a pressed link, a
/// selection — are overlays on the renderer (``linkStyle`` with ``pressedLink`` and ``disabledLinks``,
/// ``highlights``, ``foregroundOverrides``, ``selectedRange``, ``focusRings``), never edits of the text or a new
/// layout.
///
/// Glyphs are placed at the layout's fractional positions, unhinted, with hinted metrics off, so a glyph is drawn
/// where hit-testing thinks it is; ``roundsGlyphPositions`` snaps them to whole device pixels for crisper output.
///
/// What is drawn, back to front:
/// 1. ``backgroundColor``, then each run's background colour over its box, then each link overlay's background
///    colour over the link's rectangles;
/// 2. the selection, then the link overlays' highlights (a pressed link's rounded, padded background), then
///    ``highlights``;
/// 3. text shadows (``LabelKitText/TextShadow``): each run's glyphs and decorations in the shadow's colour, offset
///    and blurred, beneath all of the text — they change nothing about the layout;
/// 4. image attachments, scaled into their boxes (``LabelKitText/AttachmentContent/custom(identifier:)`` attachments
///    are the app's to draw into ``LabelKitLayout/LayoutAttachment/rect``);
/// 5. glyphs, filled and outlined (``LabelKitText/TextStroke``) in their colour — a link overlay's text colour over
///    its link, ``foregroundOverrides`` over theirs — then underlines and strikethroughs, a link overlay's underline
///    in place of the text's own under the link's clusters;
/// 6. focus rings and the ``debug`` overlay.
///
/// Text shadows are cast by the text as it is: link overlays draw over them and cast none.
///
/// ```swift
/// var text = AttributedString("決済をしたと同時に利用規約に同意したとみなします")
/// if let range = text.range(of: "利用規約") {
///     text[range].link = URL(string: "https://example.com/terms")
/// }
/// let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 200))
///
/// // The link blue and underlined: the default LinkStyle at rest.
/// var renderer = LabelRenderer(scale: 2, backgroundColor: .white)
/// try renderer.write(layout, to: "label@2x.png")   // or label.pdf, label.svg
///
/// // The link pressed: same layout, a grey highlight behind it.
/// renderer.pressedLink = 0
/// let pressed = try renderer.render(layout)
/// ```
public struct LabelRenderer: Sendable {
    /// Device pixels per point: 2 for a HiDPI image twice the layout's size. 1 by default.
    ///
    /// PDF and SVG are drawn at the layout's size in points whatever the scale; there the scale sets the resolution
    /// of what must be rasterised (blurred shadows), at least 2 pixels per point.
    public var scale: Double
    /// The colour the image is filled with before drawing; nil leaves it transparent.
    public var backgroundColor: LabelColor?
    /// The appearance the layout's colours are drawn in: dynamic and semantic colours (``LabelKitText/LabelColor``)
    /// take their value for it — the text's, the link style's, the selection's, the focus rings', the background's.
    /// Light by default. Changing it lays nothing out: the same layout draws in every appearance.
    ///
    /// ```swift
    /// renderer.appearance = .dark
    /// let dark = try renderer.render(layout)   // the same layout, white text
    /// ```
    public var appearance: Appearance = .light
    /// Whether glyph origins (and decorations) are snapped to whole device pixels. Off by default: positions are
    /// the layout's exact fractional ones.
    public var roundsGlyphPositions: Bool
    /// How the layout's links look: the style's look for each link in its state (``pressedLink``,
    /// ``disabledLinks``, or at rest), drawn over the link.
    ///
    /// Every property of a look is drawn — text colour, background, underline, highlight — from the same layout,
    /// without changing the text. The default ``LabelKitInteraction/LinkStyle`` by default: links blue and
    /// underlined, a grey highlight when pressed, grey when disabled. Nil draws links as their text's attributes
    /// say.
    ///
    /// ```swift
    /// var style = LinkStyle()
    /// style.setLook(LinkStyle.Look(foregroundColor: .black), for: .kind(.phone))
    /// renderer.linkStyle = style
    /// ```
    public var linkStyle: LinkStyle? = LinkStyle()
    /// The index in ``LabelKitLayout/TextLayout/links`` of the link drawn pressed (``linkStyle``'s pressed look),
    /// usually `LabelInteraction.pressedLink?.index`; nil for none.
    public var pressedLink: Int? = nil
    /// The indices in ``LabelKitLayout/TextLayout/links`` of the links drawn disabled (``linkStyle``'s disabled look,
    /// which wins over pressed).
    public var disabledLinks: Set<Int> = []
    /// Filled rectangles drawn behind the text (after run backgrounds, the selection and the link overlays'
    /// highlights): a highlight of the app's own.
    public var highlights: [Highlight]
    /// Text colours that replace the style's for ranges of text, later entries winning, and winning over the link
    /// overlays' colours: a range drawn in another colour from the same layout. Decorations of the range take the
    /// colour too.
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
    /// What to do when an attachment's image file cannot be read: draw a placeholder (the default) or throw.
    public var unreadableImagePolicy: UnreadableImagePolicy
    /// Where the renderer keeps the font faces it opens for the next drawing: ``RenderingContext/shared`` unless it is
    /// given another.
    public var context: RenderingContext = .shared
    /// Whether images take the common run's glyphs from the context's glyph cache (the same pixels as Cairo's);
    /// off draws every glyph through Cairo, for the tests and the benchmark that compare the two.
    package var usesGlyphAtlas = true

    /// Creates a renderer.
    public init(
        scale: Double = 1,
        backgroundColor: LabelColor? = nil,
        roundsGlyphPositions: Bool = false,
        highlights: [Highlight] = [],
        foregroundOverrides: [ColorOverride] = [],
        debug: Bool = false,
        unreadableImagePolicy: UnreadableImagePolicy = .placeholder,
        appearance: Appearance = .light
    ) {
        self.appearance = appearance
        self.scale = scale
        self.backgroundColor = backgroundColor
        self.roundsGlyphPositions = roundsGlyphPositions
        self.highlights = highlights
        self.foregroundOverrides = foregroundOverrides
        self.debug = debug
        self.unreadableImagePolicy = unreadableImagePolicy
    }

    /// What the renderer draws over `layout`'s links: ``linkStyle``'s overlays for ``pressedLink`` and
    /// ``disabledLinks``, one per visible link; none without a style.
    ///
    /// ```swift
    /// renderer.pressedLink = 0
    /// renderer.linkOverlays(for: layout).map(\.state)   // [.pressed, .normal]
    /// ```
    public func linkOverlays(for layout: TextLayout) -> [LinkOverlay] {
        linkStyle?.overlays(for: layout, pressedLink: pressedLink, disabledLinks: disabledLinks) ?? []
    }

    /// Draws `layout` into a new image of `ceil(layout.bounds.size × scale)` pixels.
    ///
    /// - Throws: ``RenderError/invalidOption(_:)`` for a scale that is not a finite number > 0;
    ///   ``RenderError/surfaceCreationFailed(width:height:reason:)`` when the image is too large;
    ///   ``RenderError/unreadableFont(path:reason:)`` or ``RenderError/unsupportedFontFace(familyName:)`` when a
    ///   run's face cannot be drawn; ``RenderError/unreadableImage(path:reason:)`` when an attachment's image cannot
    ///   be read and ``unreadableImagePolicy`` is ``UnreadableImagePolicy/throwError``.
    public func render(_ layout: TextLayout) throws(RenderError) -> RenderedImage {
        try RasterCanvas.render(layout, with: self)
    }

    /// Draws `layout` and writes it to a PNG file at `path`.
    ///
    /// - Throws: what ``render(_:)`` throws, and ``RenderError/pngWriteFailed(path:reason:)`` when the file cannot
    ///   be written.
    public func writePNG(_ layout: TextLayout, to path: String) throws(RenderError) {
        try render(layout).writePNG(to: path)
    }

    /// Draws `layout` and writes it to `path` as PNG, PDF or SVG, by the file name's extension (in any case).
    ///
    /// A PNG is ``render(_:)``'s image, ``scale`` pixels per point. A PDF or SVG is one page the size of the
    /// layout's bounds in points (SVG in CSS pixels, so that it shows at the size of the PNG at scale 1), with the
    /// glyphs as vector outlines or embedded font subsets and images at their full resolution.
    ///
    /// ```swift
    /// try LabelRenderer(backgroundColor: .white).write(layout, to: "docs/label.svg")
    /// ```
    ///
    /// - Throws: ``RenderError/unsupportedOutputFormat(path:)`` for any other extension; what ``render(_:)`` throws;
    ///   ``RenderError/pngWriteFailed(path:reason:)`` or ``RenderError/documentWriteFailed(path:reason:)`` when the
    ///   file cannot be written.
    public func write(_ layout: TextLayout, to path: String) throws(RenderError) {
        guard let format = OutputFormat(path: path) else { throw .unsupportedOutputFormat(path: path) }
        try write(layout, to: path, format: format)
    }

    /// Draws `layout` and writes it to `path` in `format`, whatever the file is called.
    ///
    /// - Throws: what ``write(_:to:)`` throws, but never ``RenderError/unsupportedOutputFormat(path:)``.
    public func write(_ layout: TextLayout, to path: String, format: OutputFormat) throws(RenderError) {
        switch format {
        case .png: try writePNG(layout, to: path)
        case .pdf, .svg:
            let bytes = try VectorCanvas.document(layout, format: format, with: self)
            try FileOutput.write(bytes, to: path)
        }
    }

    /// Draws `layout` and returns the file's bytes in `format`: for a server that sends the picture rather than
    /// saving it.
    ///
    /// ```swift
    /// let svg = String(decoding: try renderer.data(layout, format: .svg), as: UTF8.self)
    /// ```
    ///
    /// - Throws: what ``render(_:)`` throws; ``RenderError/pngWriteFailed(path:reason:)`` or
    ///   ``RenderError/documentWriteFailed(path:reason:)`` (with a nil path) when encoding fails.
    public func data(_ layout: TextLayout, format: OutputFormat) throws(RenderError) -> [UInt8] {
        switch format {
        case .png: try render(layout).pngData()
        case .pdf, .svg: try VectorCanvas.document(layout, format: format, with: self)
        }
    }
}

extension LabelRenderer {
    /// The kinds of file the renderer writes.
    ///
    /// ```swift
    /// LabelRenderer.OutputFormat(path: "badge@2x.PNG")   // .png
    /// LabelRenderer.OutputFormat(path: "label.jpeg")     // nil
    /// ```
    public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
        /// A PNG image, ``LabelRenderer/scale`` pixels per point.
        case png
        /// A one-page PDF document the size of the layout in points.
        case pdf
        /// An SVG document the size of the layout in CSS pixels.
        case svg

        /// The format a file name's extension names (`.png`, `.pdf`, `.svg`, in any case); nil for any other.
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            self.init(rawValue: path[path.index(after: dot)...].lowercased())
        }
    }

    /// What the renderer does with an attachment whose image file is missing or not a PNG it can decode.
    ///
    /// The layout never reads images (a box has its attachment's size whatever it shows), so a bad file surfaces
    /// only when drawing. By default one bad icon must not cost the whole label: the box gets a placeholder — a light
    /// grey box with a thin border and a diagonal cross — and everything else is drawn. A renderer that must not
    /// ship a placeholder (a build step that renders assets) asks for ``throwError``.
    public enum UnreadableImagePolicy: String, Sendable, Hashable, CaseIterable {
        /// Draw a placeholder in the attachment's box and carry on.
        case placeholder
        /// Throw ``RenderError/unreadableImage(path:reason:)``.
        case throwError
    }
}
