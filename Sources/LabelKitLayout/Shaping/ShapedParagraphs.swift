import LabelKitText

/// A text analysed, itemized, oriented and shaped: what the first four stages write, and everything line breaking,
/// fitting, positioning and assembly read. ``TypesettingPipeline/shape(_:columns:purpose:)`` makes one.
///
/// Its arrays come from a ``TypesettingContext`` and go back to it (``recycle()``) once the layout is built from
/// them; a ``ShapedText`` keeps a compact copy instead, and never gives it back.
struct ShapedParagraphs: Sendable {
    /// The text.
    private(set) var text: StyledText
    /// The text's ruby annotations, shaped, and their bases' extents; nil for text without ruby.
    var rubies: ShapedRubies? { text.rubies?.shaped as? ShapedRubies }
    /// The text's code units.
    var utf16: [UInt16] { text.utf16 }
    /// How the lines the text was shaped for map onto the label (quarter-turned columns in vertical text).
    let transform: LineTransform
    /// The context the arrays came from, with the tables layouts share.
    let context: TypesettingContext
    /// The analyzer the text was segmented with, which the layout keeps to find words.
    let analyzer: any TextAnalyzer
    /// What the analysis stage wrote: boundary flags, bidi levels, paragraphs.
    var analysis: TextAnalysis
    /// What itemization wrote (and orientation split): the items, their faces, each paragraph's items.
    var itemized: ItemizedText
    /// What shaping wrote besides the items' glyph ranges and metrics: glyphs and grapheme advances.
    var shaping: ShapedGlyphs
    /// The text's inline boxes as its lines hold them: the text's own, turned upright by the orientation stage in
    /// columns.
    var inlineBoxes: [InlineBox]

    /// The arrays a ``ShapedParagraphs`` fills, as the context keeps them between texts.
    struct Buffers: Sendable {
        var analysis = TextAnalysis()
        var itemized = ItemizedText()
        var shaping = ShapedGlyphs()
    }

    init(
        text: consuming StyledText, transform: LineTransform, buffers: consuming Buffers, context: TypesettingContext,
        analyzer: any TextAnalyzer
    ) {
        self.inlineBoxes = text.inlineBoxes
        self.text = text
        self.transform = transform
        self.context = context
        self.analyzer = analyzer
        // Moved out of the set, not copied: a copy would leave each array shared when it is emptied for reuse.
        (analysis, itemized, shaping) = (TextAnalysis(), ItemizedText(), ShapedGlyphs())
        swap(&analysis, &buffers.analysis)
        swap(&itemized, &buffers.itemized)
        swap(&shaping, &buffers.shaping)
    }

    /// Hands the arrays back to the context for the next text on any thread. Call it when nothing reads them any
    /// more. They are moved out, not copied (a copy would retain and release each array), and empty arrays take their
    /// place.
    mutating func recycle() {
        var buffers = Buffers()
        swap(&buffers.analysis, &analysis)
        swap(&buffers.itemized, &itemized)
        swap(&buffers.shaping, &shaping)
        context.recycle(consume buffers, textLength: utf16.count)
    }

    /// What line breaking and positioning read, in arrays of their own, each as long as the text needs and no
    /// longer: what a ``ShapedText`` keeps, so that a list of them holds its texts and not a set of buffers each.
    func compacted() -> ShapedParagraphs {
        var compact = self
        compact.analysis = TextAnalysis(
            flags: Array(analysis.flags[...]), levels: Array(analysis.levels[...]),
            paragraphs: Array(analysis.paragraphs[...]))
        compact.itemized = ItemizedText(
            items: Array(itemized.items[...]), faces: Array(itemized.faces[...]),
            paragraphItems: Array(itemized.paragraphItems[...]))
        var glyphs = ShapedGlyphBuffer()
        glyphs.append(contentsOf: shaping.glyphs, range: 0..<shaping.glyphs.count)
        compact.shaping = ShapedGlyphs(glyphs: glyphs, graphemeAdvances: Array(shaping.graphemeAdvances[...]))
        return compact
    }

    /// The end of the grapheme cluster starting at `offset`, not beyond `limit`.
    func graphemeEnd(after offset: Int, limit: Int) -> Int {
        analysis.graphemeEnd(after: offset, limit: limit)
    }

    /// The start of the grapheme cluster ending at `offset`, not before `limit`.
    func graphemeStart(before offset: Int, limit: Int) -> Int {
        analysis.graphemeStart(before: offset, limit: limit)
    }

    /// The summed advance of the graphemes in `range`.
    func advance(of range: Range<Int>) -> Double {
        // Through one pointer, checked once: these loops run over every line's code units more than once.
        shaping.graphemeAdvances.withUnsafeBufferPointer { advances in
            precondition(range.lowerBound >= 0 && range.upperBound <= advances.count)
            var total = 0.0
            for offset in range { total += advances[offset] }
            return total
        }
    }

    /// Keeps the text's ruby annotations as shaped for it.
    mutating func attach(_ shaped: ShapedRubies) {
        guard let rubies = text.rubies else { return }
        text.rubies = TextRubies(styled: rubies.styled, shaped: shaped)
    }

    /// `range` without its trailing hanging spaces and line breaks. Always inlined: line breaking calls it twice a
    /// line, and called it cost Latin labels 0.25 % more instructions.
    @inline(__always)
    func trimmingTrailingSpaces(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound,
            CharacterClass.isHangingSpace(utf16[end - 1]) || CharacterClass.isLineBreak(utf16[end - 1])
        {
            end -= 1
        }
        return range.lowerBound..<end
    }
}
