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
    /// The shaped pass, never handed back to the context, and the typesetter that shaped it.
    private final class Storage: @unchecked Sendable {
        // Immutable after init: wrapping reads the pass's buffers (copies of them share their storage) and never
        // writes them, so any number of threads may wrap it at once.
        let pass: TypesettingPass
        let typesetter: LabelTypesetter
        init(pass: TypesettingPass, typesetter: LabelTypesetter) {
            self.pass = pass
            self.typesetter = typesetter
        }
    }

    private let storage: Storage

    init(pass: consuming TypesettingPass, typesetter: LabelTypesetter) {
        storage = Storage(pass: pass, typesetter: typesetter)
    }

    /// The text, as laid out (attachments as U+FFFC).
    public var string: String { storage.pass.text.string }

    /// The layout of the text in `container`, equal to the typesetter's layout of the same text.
    ///
    /// - Throws: ``LayoutError/invalidParameter(_:)`` for a container with a negative or non-finite size or inset.
    public func layout(in container: TextContainer) throws(LayoutError) -> TextLayout {
        try LabelTypesetter.validate(container)
        return try storage.typesetter.wrap(storage.pass, in: container, ownsPass: false) {
            assembler, lines, segments, truncated, scale in
            assembler.assemble(lines: lines, truncatedSegments: segments, isTruncated: truncated, scaleFactor: scale)
        }
    }

    /// The measurement of the text in `container`, equal to the size of ``layout(in:)``.
    public func measurement(in container: TextContainer) throws(LayoutError) -> TextMeasurement {
        try LabelTypesetter.validate(container)
        return try storage.typesetter.wrap(storage.pass, in: container, ownsPass: false) {
            assembler, lines, segments, truncated, scale in
            assembler.measurement(lines: lines, truncatedSegments: segments, isTruncated: truncated, scaleFactor: scale)
        }
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
        try shaped(StyledText(plain: text, style: style, plainStyles: nil))
    }

    private func shaped(_ styled: consuming StyledText) throws(LayoutError) -> ShapedText {
        var pass = TypesettingPass(
            fontSystem: fontSystem, analyzer: analyzer, context: context, text: consume styled,
            hyphenator: hyphenatorReference)
        try pass.shapeText()
        // The shaped text keeps what wrapping reads, at its own size; the scratch set goes back to the context.
        var kept = pass.buffers.compactedForWrapping()
        swap(&kept, &pass.buffers)
        context.recycle(kept)
        return ShapedText(pass: pass, typesetter: self)
    }
}
