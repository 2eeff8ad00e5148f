import Foundation
import LabelKitText

/// A text analysed, itemized and shaped once, which lays out at any width without shaping again — as SkParagraph's
/// `layout(width)` or cosmic-text's shaped lines: what a list needs to re-wrap its rows when its window is resized.
///
/// Wrapping a shaped text gives exactly the layout ``LabelTypesetter/layout(_:in:)-(AttributedString,_)`` gives for
/// the same text and container, and is several times cheaper, since line breaking and positioning are all that is
/// left. A container that asks to shrink the text (``/LabelKitText/TextContainer/minimumScaleFactor``) shapes it again
/// at the smaller sizes. A shaped text is immutable and `Sendable`: wrap it on any thread, as often as needed.
///
/// ```swift
/// let shaped = try typesetter.shapedText(message)
/// let narrow = try shaped.layout(in: TextContainer(width: 240))
/// let wide = try shaped.layout(in: TextContainer(width: 480))   // no shaping: lines and positions only
/// ```
public struct ShapedText: Sendable {
    /// The shaped text, never handed back to the context, and the typesetter that shaped it.
    private final class Storage: @unchecked Sendable {
        // Immutable after init: wrapping reads the shaped text's arrays (copies of them share their storage) and
        // never writes them, so any number of threads may wrap it at once.
        let shaped: ShapedParagraphs
        let typesetter: LabelTypesetter
        init(shaped: ShapedParagraphs, typesetter: LabelTypesetter) {
            self.shaped = shaped
            self.typesetter = typesetter
        }
    }

    private let storage: Storage

    init(shaped: consuming ShapedParagraphs, typesetter: LabelTypesetter) {
        storage = Storage(shaped: shaped, typesetter: typesetter)
    }

    /// The text, as laid out (attachments as U+FFFC).
    public var string: String { storage.shaped.text.string }

    /// The layout of the text in `container`, equal to the typesetter's layout of the same text.
    ///
    /// - Throws: ``LayoutError/invalidParameter(_:)`` for a container with a negative or non-finite size or inset.
    public func layout(in container: TextContainer) throws(LayoutError) -> TextLayout {
        try wrapped(in: container).layout()
    }

    /// The measurement of the text in `container`, equal to the size of ``layout(in:)``.
    public func measurement(in container: TextContainer) throws(LayoutError) -> TextMeasurement {
        try wrapped(in: container).measurement()
    }

    /// The text's lines in `container`, ready to be assembled; the shaped text stays this one's.
    private func wrapped(in container: TextContainer) throws(LayoutError) -> LayoutAssembler {
        try LabelTypesetter.validate(container)
        let typesetter = storage.typesetter
        return try typesetter.pipeline.wrap(
            storage.shaped, in: container, ownsText: false, baseStyle: typesetter.style)
    }
}

extension LabelTypesetter {
    /// Analyses, itemizes and shapes `text` once, for layouts at any width (see ``ShapedText``).
    ///
    /// - Throws: ``LayoutError/font(_:)`` when a requested family does not exist; ``LayoutError/invalidParameter(_:)``
    ///   for a negative or non-finite size or spacing.
    public func shapedText(_ text: AttributedString) throws(LayoutError) -> ShapedText {
        try shaped(StyledText(attributed: text, style: style))
    }

    /// Shapes a plain `text` in the typesetter's style once, for layouts at any width.
    public func shapedText(_ text: String) throws(LayoutError) -> ShapedText {
        try shaped(plainText(text))
    }

    private func shaped(_ styled: consuming StyledText) throws(LayoutError) -> ShapedText {
        var shaped = try pipeline.shape(styled)
        // The shaped text keeps what wrapping reads, at its own size; the arrays go back to the context.
        let kept = shaped.compacted()
        shaped.recycle()
        return ShapedText(shaped: kept, typesetter: self)
    }
}
