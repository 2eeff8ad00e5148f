import Foundation
import LabelKitText

/// One typesetting run over one text: the pipeline's buffers and the queries every stage shares. The stages are
/// in the `TypesettingPass+…` files: analysis, itemization, shaping, line breaking and truncation.
///
/// The pass owns its buffers; everything it computes lives in flat arrays indexed by UTF-16 offset, item or glyph.
struct TypesettingPass {
    /// A maximal range of one paragraph drawn with one face, style and bidi level, shaped as a whole.
    struct Item {
        var start: Int
        var end: Int
        var faceIndex: Int
        var styleIndex: Int
        var level: UInt8
        // Beside the level, in what would be padding: an item stays 128 bytes (larger, it is copied by memcpy).
        /// How the item's glyphs stand: always `.horizontal` in horizontal text.
        var orientation = GlyphOrientation.horizontal
        /// The horizontal compression of a combined-upright item wider than its cell (1 otherwise).
        var combinedScale: Float = 1
        var glyphStart: Int = 0
        var glyphEnd: Int = 0
        var metrics: FontMetrics? = nil
        /// Whether the item is one attachment's cluster: laid out as a box, not shaped.
        var isAttachment = false
        /// The style's baseline offset (up positive), kept here for line metrics.
        var baselineShift = 0.0
    }

    /// A paragraph: text up to and including a hard line break.
    struct Paragraph {
        var start: Int
        /// End of the paragraph's text, its line break excluded.
        var contentEnd: Int
        /// End of the paragraph, its line break included.
        var end: Int
        var level: UInt8 = 0
        var style: ParagraphStyle
        var firstItem: Int = 0
        var endItem: Int = 0
    }

    let fontSystem: any FontSystem
    let analyzer: any TextAnalyzer
    /// Finds hyphenation points for paragraphs with automatic hyphenation; nil for none.
    let hyphenator: HyphenatorReference?
    /// Where the buffers come from and go back to, and the word cache and shared tables.
    let context: TypesettingContext
    let wordCache: ShapedWordCache?
    let text: StyledText
    let utf16: [UInt16]
    /// The orientation of vertical text's characters, or nil for horizontal text.
    let verticalOrientation: TextOrientation?
    /// Whether a face (by index, in the high half) has a vertical form of a `Tr` character (the low half), as asked
    /// by vertical text's itemization.
    var verticalForms: [UInt64: Bool] = [:]
    /// The faces the items use, in order of first use; items refer to them by index.
    var faces: [any FontFace] = []
    /// Bit `s` is set once style `s`'s primary face is known to cover printable ASCII (styles 0 to 63).
    var asciiCoveredStyles: UInt64 = 0
    /// Bit `s` is set once style `s`'s primary face is known to cover printable ASCII and the space (styles 0 to 63):
    /// itemization then takes a run of them in one step.
    var asciiAndSpaceCoveredStyles: UInt64 = 0
    /// Everything the stages compute, taken from the context whole and given back whole by ``recycle()``.
    var buffers: TypesettingBuffers
    /// Whether the pass serves a measurement alone: shaping then writes the advances of cached words straight into
    /// ``TypesettingBuffers/graphemeAdvances`` and keeps no glyphs for them (horizontal text only, whose glyphs
    /// nothing moves after shaping).
    let writesAdvancesDirectly: Bool
    /// While an item's words are shaped into advances (``shapeWordsIntoAdvances(of:face:options:cache:buffer:)``):
    /// whether that is under way, and whether a piece could not be, so that the item is shaped into glyphs instead.
    var isWritingAdvances = false
    var advancesFailed = false

    init(
        fontSystem: any FontSystem, analyzer: any TextAnalyzer, context: TypesettingContext, text: consuming StyledText,
        hyphenator: HyphenatorReference? = nil, verticalOrientation: TextOrientation? = nil, measuresOnly: Bool = false
    ) {
        self.writesAdvancesDirectly = measuresOnly && verticalOrientation == nil
        self.verticalOrientation = verticalOrientation
        self.fontSystem = fontSystem
        self.analyzer = analyzer
        self.hyphenator = hyphenator
        self.context = context
        self.wordCache = context.wordCache
        self.utf16 = text.utf16
        let styleCount = text.styles.count
        self.text = text
        self.buffers = context.takeScratch()
        // Into the context's array: a new one per label cost an allocation and a generic metadata lookup.
        buffers.primaryFaceIndexByStyle.append(contentsOf: repeatElement(-1, count: styleCount))
        swap(&faces, &buffers.faces)
    }

    /// Analysis, itemization and shaping of the whole text.
    mutating func shapeText() throws(LayoutError) {
        let units = utf16
        try units.withUnsafeBufferPointer { (buffer) throws(LayoutError) in
            analyzeBoundaries(buffer)
            splitParagraphs()
            analyzeBidi(buffer)
            try itemize(buffer)
            orientItems(buffer)
            shapeItems(buffer)
        }
        computeGraphemeAdvances()
    }

    /// The items of `candidates` that overlap `range`: items are sorted and contiguous, so the first is found by binary
    /// search and the rest follow it — a long paragraph's lines never scan its items from the start. A label's few
    /// items are walked instead: a walk mispredicts one branch where a binary search mispredicts every other.
    func items(overlapping range: Range<Int>, in candidates: Range<Int>) -> Range<Int> {
        var low = candidates.lowerBound
        if candidates.count > 32 {
            low = candidates.partitioningIndex { buffers.items[$0].end > range.lowerBound }
        } else {
            while low < candidates.upperBound, buffers.items[low].end <= range.lowerBound { low += 1 }
        }
        var end = low
        while end < candidates.upperBound, buffers.items[end].start < range.upperBound { end += 1 }
        return low..<end
    }

    /// The end of the grapheme cluster starting at `offset`, not beyond `limit`.
    func graphemeEnd(after offset: Int, limit: Int) -> Int {
        var end = offset + 1
        while end < limit, !buffers.flags[end].contains(.graphemeBoundary) { end += 1 }
        return min(end, limit)
    }

    /// The start of the grapheme cluster ending at `offset`, not before `limit`.
    func graphemeStart(before offset: Int, limit: Int) -> Int {
        var start = offset - 1
        while start > limit, !buffers.flags[start].contains(.graphemeBoundary) { start -= 1 }
        return max(start, limit)
    }

    /// The summed advance of the graphemes in `range`.
    func advance(of range: Range<Int>) -> Double {
        // Through one pointer, checked once: these loops run over every line's code units more than once.
        buffers.graphemeAdvances.withUnsafeBufferPointer { advances in
            precondition(range.lowerBound >= 0 && range.upperBound <= advances.count)
            var total = 0.0
            for offset in range { total += advances[offset] }
            return total
        }
    }

    /// `range` without its trailing hanging spaces and line breaks.
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

extension TypesettingPass {
    /// Hands the pass's buffers back to its context for the next layout on any thread. Call it when the pass is no
    /// longer needed.
    ///
    /// The buffers are moved out, not copied (a copy of a pass retains and releases its two dozen arrays), and a
    /// placeholder without storage takes their place.
    mutating func recycle() {
        var recycled = TypesettingBuffers.placeholder
        swap(&recycled, &buffers)
        // The faces' storage goes back with the buffers (emptied there); a layout that shares it keeps its own.
        swap(&faces, &recycled.faces)
        context.recycle(consume recycled)
    }

    /// The number of grapheme clusters starting in `range`.
    /// An attachment's box as the line sees it: itself in horizontal text; in a vertical column, where it stands
    /// upright, its height along the column and its width across it, centred.
    func inLineCoordinates(_ attachment: TextAttachment) -> TextAttachment {
        guard verticalOrientation != nil else { return attachment }
        var turned = attachment
        (turned.width, turned.height) = (attachment.height, attachment.width)
        turned.alignment = .center
        return turned
    }

    func graphemeCount(in range: Range<Int>) -> Int {
        buffers.flags.withUnsafeBufferPointer { flags in
            precondition(range.lowerBound >= 0 && range.upperBound <= flags.count)
            var count = 0
            for offset in range where flags[offset].contains(.graphemeBoundary) { count += 1 }
            return count
        }
    }

    /// The number of hanging spaces (justification opportunities) starting a grapheme in `range`.
    func hangingSpaceCount(in range: Range<Int>) -> Int {
        buffers.flags.withUnsafeBufferPointer { flags in
            utf16.withUnsafeBufferPointer { units in
                precondition(range.lowerBound >= 0 && range.upperBound <= min(flags.count, units.count))
                var count = 0
                for offset in range
                where CharacterClass.isHangingSpace(units[offset]) && flags[offset].contains(.graphemeBoundary) {
                    count += 1
                }
                return count
            }
        }
    }
}
