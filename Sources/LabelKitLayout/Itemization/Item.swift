/// A maximal range of one paragraph drawn with one face, style and bidi level, shaped as a whole — or one inline box.
///
/// Itemization makes the items (``start`` to ``level``, ``inlineBox``); in vertical text the orientation stage splits
/// them where their characters stand differently (``orientation``, ``drawsNoHyphen``); shaping fills in their glyphs
/// (``glyphStart``, ``glyphEnd``), font metrics and baseline shift, and setting them in a column the rest
/// (``combinedScale``, ``glyphShift``).
struct Item {
    var start: Int
    var end: Int
    var faceIndex: Int
    var styleIndex: Int
    var level: UInt8
    // Beside the level, in what would be padding: an item stays 128 bytes (larger, it is copied by memcpy), which is
    // why its metrics are not optional.
    /// How the item's glyphs stand: always `.horizontal` in horizontal text.
    var orientation = GlyphOrientation.horizontal
    /// Whether no hyphen is drawn after the item's characters when a line breaks inside one of its words (an inline
    /// box, or upright text in a column, which is never hyphenated).
    var drawsNoHyphen = false
    /// The horizontal compression of a combined-upright item wider than its cell (1 otherwise).
    var combinedScale: Float = 1
    /// How far every glyph of the item was moved down, in points, when it was set in its line (a sideways item in a
    /// column, centred on the column's middle): a hyphen drawn after it moves as far.
    var glyphShift: Float = 0
    /// The index of the item's inline box in the text's ``StyledText/inlineBoxes``, or -1 for shaped text.
    var inlineBox: Int32 = -1
    var glyphStart: Int = 0
    var glyphEnd: Int = 0
    /// The metrics of the item's face at its style's size, once it is shaped.
    var metrics = Item.unshapedMetrics
    /// The style's baseline offset (up positive), kept here for line metrics.
    var baselineShift = 0.0

    init(start: Int, end: Int, faceIndex: Int, styleIndex: Int, level: UInt8) {
        (self.start, self.end, self.faceIndex, self.styleIndex, self.level) = (start, end, faceIndex, styleIndex, level)
    }

    /// Whether the item is an inline box (laid out as a box, never shaped).
    var isInlineBox: Bool { inlineBox >= 0 }

    /// The metrics of an item not shaped yet: no extent, decorations one point thick.
    static let unshapedMetrics = FontMetrics(
        ascent: 0, descent: 0, lineGap: 0, underlineOffset: 1, underlineThickness: 1, strikethroughOffset: 0,
        strikethroughThickness: 1)
}

/// What itemization writes: the items of every paragraph, in text order, the faces they use, and each paragraph's
/// range of items.
struct ItemizedText: Sendable {
    /// The items of every paragraph, in text order.
    var items: [Item] = []
    /// The faces the items use, in order of first use; items refer to them by index.
    var faces: [any FontFace] = []
    /// The items of each paragraph (by index into ``items``), one range per paragraph of the text's analysis.
    var paragraphItems: [Range<Int>] = []

    /// The arrays emptied for the next text, keeping their capacity.
    mutating func removeAll() {
        if !items.isEmpty { items.removeAll(keepingCapacity: true) }
        if !faces.isEmpty { faces.removeAll(keepingCapacity: true) }
        if !paragraphItems.isEmpty { paragraphItems.removeAll(keepingCapacity: true) }
    }

    /// The items of `candidates` that overlap `range`: items are sorted and contiguous, so the first is found by binary
    /// search and the rest follow it — a long paragraph's lines never scan its items from the start. A label's few
    /// items are walked instead: a walk mispredicts one branch where a binary search mispredicts every other.
    func items(overlapping range: Range<Int>, in candidates: Range<Int>) -> Range<Int> {
        var low = candidates.lowerBound
        if candidates.count > 32 {
            low = candidates.partitioningIndex { items[$0].end > range.lowerBound }
        } else {
            while low < candidates.upperBound, items[low].end <= range.lowerBound { low += 1 }
        }
        var end = low
        while end < candidates.upperBound, items[end].start < range.upperBound { end += 1 }
        return low..<end
    }
}
