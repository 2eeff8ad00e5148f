/// An object inside a line of text — an icon, a badge, an emoji-sized image, a tappable "ⓘ" — laid out as one box of
/// a given size instead of a glyph (parley's inline box, Pango's shape attribute, `NSTextAttachment`).
///
/// In the text an attachment is one U+FFFC OBJECT REPLACEMENT CHARACTER carrying the `labelKit.attachment` attribute
/// (`AttributedString(attachment:)` makes one). To the typesetter it is one grapheme cluster ``width`` wide: never
/// broken inside, a neutral character to bidi (U+FFFC is class ON), and part of its line's height, which grows to hold
/// the box where ``alignment`` puts it. Everything else follows from the layout like any cluster:
/// ``/LabelKitLayout/TextLayout/attachment(at:)`` and ``/LabelKitLayout/TextLayout/character(at:)`` hit it,
/// ``/LabelKitLayout/TextLayout/rects(for:)`` covers it, a `.link` on it makes it tappable, truncation keeps or drops
/// it whole, and copying gives its ``altText``, never U+FFFC.
///
/// The layout never reads the image: the box is the attachment's size whatever the content, so measuring needs no
/// file. A renderer draws ``AttachmentContent/image(_:)`` scaled into the box (and a placeholder when it cannot read
/// the image); ``AttachmentContent/custom(identifier:)`` is drawn by the app's view layer into
/// ``/LabelKitLayout/LayoutAttachment/rect``.
///
/// ```swift
/// var message = AttributedString("Ana ")
/// var badge = AttributedString(
///     attachment: TextAttachment(width: 14, height: 14, alignment: .center, content: .image(.file(path: "verified.png")),
///                                altText: "verified"))
/// badge.link = URL(string: "https://example.com/ana")
/// message += badge
/// ```
public struct TextAttachment: Sendable, Hashable {
    /// The box's width in points (finite, ≥ 0): its advance on the line.
    public var width: Double
    /// The box's height in points (finite, ≥ 0).
    public var height: Double
    /// Where the box sits on its line.
    public var alignment: AttachmentAlignment
    /// What is drawn in the box.
    public var content: AttachmentContent
    /// What copying and accessibility read in its place ("verified"); may be empty.
    public var altText: String
    /// Whether the box grows and shrinks with the label's ``TextStyle/textScale``, as body text does
    /// (``TextScale/scaledLength(_:)``): its width, height and baseline offset. Off by default: the box keeps its
    /// size, as `NSTextAttachment` does.
    public var scalesWithText: Bool

    /// Creates an attachment.
    public init(
        width: Double, height: Double, alignment: AttachmentAlignment = .baseline(offset: 0),
        content: AttachmentContent, altText: String = "", scalesWithText: Bool = false
    ) {
        self.scalesWithText = scalesWithText
        self.width = width
        self.height = height
        self.alignment = alignment
        self.content = content
        self.altText = altText
    }

    /// The character an attachment stands on in the text: U+FFFC OBJECT REPLACEMENT CHARACTER.
    public static let character: Character = "\u{FFFC}"
}

/// Where an attachment's box sits on its line (y up in this description; the layout's coordinates are y down).
///
/// Every alignment makes its line tall enough for the box: ascent and descent grow as needed, so the box never
/// overlaps the next line.
public enum AttachmentAlignment: Sendable, Hashable {
    /// The box's bottom on the baseline, raised by `offset` points (negative lowers it below the baseline) — as
    /// `NSTextAttachment.bounds` with origin y = `offset`. The line's ascent becomes at least `height + offset` and
    /// its descent at least `-offset`.
    case baseline(offset: Double)
    /// The box's middle on the middle of the line's text: halfway between the ascent line and the descent line of
    /// the fonts of the line's text (CSS `vertical-align: middle` uses half the x-height instead; the ascent and
    /// descent centre keeps an icon centred beside CJK text and emoji as well as Latin). On a line of attachments
    /// alone, the fonts of their runs stand in for the line's text (and give the line at least their height).
    case center
    /// The box's top on the ascent line of the line's text (the tallest font of its text runs).
    case top
    /// The box's bottom on the descent line of the line's text (the deepest font of its text runs).
    case bottom
}

/// What an attachment's box shows.
public enum AttachmentContent: Sendable, Hashable {
    /// An image, drawn by the renderer scaled to fill the box (sharp at any scale it has the pixels for).
    case image(AttachmentImage)
    /// Drawn by the app's view layer: the identifier tells it what to draw into
    /// ``/LabelKitLayout/LayoutAttachment/rect``.
    case custom(identifier: String)
}
