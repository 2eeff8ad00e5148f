import LabelKitText

/// Anything that takes room in a line without being shaped text: attachments, list markers and ruby annotations; tab
/// fills build on it (parley's inline box, Pango's shape attribute).
///
/// A box has a size and a place on its line, like a glyph, but the typesetter never shapes it: it is one unbreakable,
/// bidi-neutral piece of its line, as wide as ``width``, and its line grows to hold it where ``alignment`` puts it.
/// Three answers make it part of the text for everything that is not drawing:
/// - ``textRange``: the text a hit on the box answers — an attachment's own U+FFFC; a list marker would answer its
///   item's first character, ruby its base;
/// - ``copyText``: what copying gives in its place;
/// - ``spokenText``: what a screen reader reads for it.
///
/// The renderer or the app's view draws the ``content`` into the box's rectangle
/// (``LayoutInlineBox/rect``).
///
/// ```swift
/// for placed in layout.inlineBoxes {
///     if case .attachment(let attachment) = placed.box.content { draw(attachment, in: placed.rect) }
/// }
/// ```
public struct InlineBox: Sendable, Hashable {
    /// What a box shows.
    public enum Content: Sendable, Hashable {
        /// An attachment: an image or the app's own drawing, on one U+FFFC of the text.
        case attachment(TextAttachment)
        /// A list item's marker (`"• "`, `"1. "`), drawn before the item's first character in that character's
        /// style: its glyphs are its run's (``LayoutInlineBox/runIndex``), which the renderer draws as any run's.
        case listMarker(String)
        /// A ruby annotation over (or beside) its base, drawn in a smaller size of the base's style: its glyphs are its
        /// runs' (``LayoutInlineBox/runIndex``), which the renderer draws as any run's. The box answers its base.
        case ruby(String)
    }

    /// What the box shows.
    public var content: Content
    /// The box's extent along its line, in points: its advance.
    public var width: Double
    /// The box's extent across its line, in points.
    public var height: Double
    /// Where the box sits on its line.
    public var alignment: AttachmentAlignment
    /// The UTF-16 range of the text the box stands for: what a hit on it answers, what selection and rects treat it
    /// as.
    public var textRange: Range<Int>
    /// What copying gives in the box's place; may be empty.
    public var copyText: String
    /// What a screen reader reads for the box; may be empty.
    public var spokenText: String

    /// Creates a box.
    public init(
        content: Content, width: Double, height: Double, alignment: AttachmentAlignment, textRange: Range<Int>,
        copyText: String, spokenText: String
    ) {
        (self.content, self.width, self.height, self.alignment) = (content, width, height, alignment)
        (self.textRange, self.copyText, self.spokenText) = (textRange, copyText, spokenText)
    }

    /// The box of `attachment` on the U+FFFC at `offset`: its size and alignment, answering its own character, read
    /// and copied as its ``/LabelKitText/TextAttachment/altText``. An attachment that
    /// ``/LabelKitText/TextAttachment/scalesWithText`` has its size and baseline offset scaled by `textScale`.
    public init(attachment: TextAttachment, at offset: Int, textScale: TextScale = .standard) {
        let scale = attachment.scalesWithText ? textScale : .standard
        var alignment = attachment.alignment
        if case .baseline(let shift) = alignment { alignment = .baseline(offset: scale.scaledLength(shift)) }
        self.init(
            content: .attachment(attachment), width: scale.scaledLength(attachment.width),
            height: scale.scaledLength(attachment.height), alignment: alignment, textRange: offset..<(offset + 1),
            copyText: attachment.altText, spokenText: attachment.altText)
    }

    /// The attachment the box shows, if it shows one.
    public var attachment: TextAttachment? {
        switch content {
        case .attachment(let attachment): attachment
        case .listMarker, .ruby: nil
        }
    }

    /// Whether the box stands before its ``textRange`` rather than in its place: a list marker is not part of the
    /// text, so copying and reading give its text and then the item's, while an attachment's alt text replaces its
    /// U+FFFC.
    public var standsBeforeText: Bool {
        switch content {
        case .attachment, .ruby: false
        case .listMarker: true
        }
    }

    /// The box of a ruby annotation, `text` over the base `base`: answering the base, copied and read as nothing (copy
    /// and screen readers give the base).
    package init(ruby text: String, width: Double, height: Double, base: Range<Int>) {
        self.init(
            content: .ruby(text), width: width, height: height, alignment: .baseline(offset: 0), textRange: base,
            copyText: "", spokenText: "")
    }

    /// The box of a list item's marker: `text` drawn `width` wide before the item starting at `itemStart`, answering
    /// the item's first character (`firstCharacter`), copied and read as its text.
    package init(listMarker text: String, width: Double, height: Double, firstCharacter: Range<Int>) {
        self.init(
            content: .listMarker(text), width: width, height: height, alignment: .baseline(offset: 0),
            textRange: firstCharacter, copyText: text, spokenText: text)
    }
}
