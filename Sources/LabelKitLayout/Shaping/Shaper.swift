import LabelKitText

/// What shaping writes besides the items' glyph ranges and metrics: the glyphs of every item, and the advance of each
/// grapheme cluster.
struct ShapedGlyphs: Sendable {
    /// Glyphs of every item, item after item, each item's glyphs in visual order.
    var glyphs = ShapedGlyphBuffer()
    /// Advance of each grapheme cluster, stored at its first code unit (0 elsewhere). Ligatures share their advance
    /// evenly between the graphemes they cover.
    var graphemeAdvances: [Double] = []

    /// The arrays emptied for the next text, keeping their capacity.
    mutating func removeAll() {
        glyphs.removeAll()
        if !graphemeAdvances.isEmpty { graphemeAdvances.removeAll(keepingCapacity: true) }
    }
}

/// The shaping stage: the glyphs of every item, through the shaped-word cache, and the advance of every grapheme
/// cluster.
///
/// Reads the text (its code units and styles), its analysis' flags, the items, their faces and the inline boxes; writes
/// the items' glyph ranges, metrics and baseline shifts, and a ``ShapedGlyphs``. For a measurement of horizontal text
/// (``shape(_:of:lending:faces:inlineBoxes:wordCache:measuring:items:into:)`` with `measuring`), cached words go straight into the
/// grapheme advances, with no glyphs. Owns the scratch of shaping one run or word.
struct Shaper: Sendable {
    /// What a face appends while shaping one run or word, before it is checked and copied into the output.
    var scratch = ShapedGlyphBuffer()
    /// The ends of the words of one item, for the shaped-word cache.
    var wordEnds: [Int] = []
    /// A word behind (or before) the letter whose script it takes, for the shaped-word cache.
    var anchoredWord: [UInt16] = []
    /// The ends of the shaping segments of one long word, for the shaped-word cache.
    var segmentEnds: [Int] = []
    /// The metrics of each face and size met while shaping one text.
    var knownMetrics: [(face: Int, size: Double, metrics: FontMetrics)] = []
    /// Summed glyph advances per shaping cluster, at the cluster's first code unit.
    var clusterTotals: [Double] = []
    /// Whether a shaping cluster starts at each code unit.
    var clusterStarts: [Bool] = []

    // The run's arrays, held for its length only: moved in and back out, never copied (a copy retains and releases).
    /// The glyphs and advances being written.
    var output = ShapedGlyphs()
    /// The items being shaped.
    var items: [Item] = []
    /// The text's boundary flags and the items' faces, lent for the run.
    var flags: [TextBoundaryFlags] = []
    var faces: [any FontFace] = []
    /// The number of code units of the text.
    var utf16Count = 0
    /// Whether the run serves a measurement of text whose glyphs nothing moves after shaping: cached words' advances
    /// are then written straight into the grapheme advances, and no glyph is kept for them.
    var measuring = false
    /// While an item's words are measured (``measureWords(of:face:options:cache:buffer:)``): whether that is under
    /// way, and whether a piece could not be, so that the item is shaped into glyphs instead.
    var measuringItem = false
    var itemNeedsGlyphs = false
    /// Whether the text shaped last holds a tab (set by ``replaceControlGlyphs(in:of:face:size:)``).
    var sawTab = false

    /// Empties the scratch for the next text, keeping its capacity.
    mutating func removeAll() {
        scratch.removeAll()
        if !wordEnds.isEmpty { wordEnds.removeAll(keepingCapacity: true) }
        if !anchoredWord.isEmpty { anchoredWord.removeAll(keepingCapacity: true) }
        if !segmentEnds.isEmpty { segmentEnds.removeAll(keepingCapacity: true) }
        if !clusterTotals.isEmpty { clusterTotals.removeAll(keepingCapacity: true) }
        if !clusterStarts.isEmpty { clusterStarts.removeAll(keepingCapacity: true) }
    }

    /// Shapes the items of `text` (whose code units are `units`) into `output`, and writes their glyph ranges and
    /// metrics; with `measuring`, cached words become advances without glyphs (see ``measuring``). The grapheme
    /// advances of the rest follow from
    /// ``writeGraphemeAdvances(textLength:flags:items:measured:into:)``, once no stage moves a glyph any more.
    ///
    /// The text's `flags` and the items' `faces` are only read; they are lent (moved in and given back) rather than
    /// shared, so that the run retains nothing.
    // A stage's entry point is never inlined: profiles (Benchmarks/stage-costs.sh) attribute by stage.
    @inline(never)
    mutating func shape(
        _ units: UnsafeBufferPointer<UInt16>, of text: StyledText, lending flags: inout [TextBoundaryFlags],
        faces: inout [any FontFace], inlineBoxes: [InlineBox], wordCache: ShapedWordCache?, measuring: Bool,
        items: inout [Item], into output: inout ShapedGlyphs
    ) {
        swap(&self.output, &output)
        swap(&self.items, &items)
        swap(&self.flags, &flags)
        swap(&self.faces, &faces)
        utf16Count = units.count
        self.measuring = measuring && wordCache != nil
        sawTab = false
        defer {
            swap(&self.output, &output)
            swap(&self.items, &items)
            swap(&self.flags, &flags)
            swap(&self.faces, &faces)
        }
        shapeItems(units, of: text, inlineBoxes: inlineBoxes, wordCache: wordCache)
    }

    private mutating func shapeItems(
        _ buffer: UnsafeBufferPointer<UInt16>, of text: StyledText, inlineBoxes boxes: [InlineBox],
        wordCache: ShapedWordCache?
    ) {
        let styles = text.styles
        let utf16 = text.utf16
        output.glyphs.removeAll()
        // The metrics of each face at each size, found once per text: a label has few of them.
        var knownMetrics: [(face: Int, size: Double, metrics: FontMetrics)] = []
        swap(&knownMetrics, &self.knownMetrics)
        knownMetrics.removeAll(keepingCapacity: true)
        defer { swap(&knownMetrics, &self.knownMetrics) }
        // Items alternate between few styles, directions and orientations: the options of the last combination are
        // kept, rather than made (and their features and language retained and released) for every item.
        var options = ShapingOptions(size: 0)
        var optionsKey = -1
        // The word cache with its number for the options' features and language, made with the options.
        var words: WordCacheLookup?
        if measuring {
            output.graphemeAdvances.removeAll(keepingCapacity: true)
            output.graphemeAdvances.append(contentsOf: repeatElement(0, count: utf16Count))
        }
        for index in items.indices {
            let item = items[index]
            // The style's fields are read in place: copying the whole style per item costs more than shaping a
            // cached word.
            let styleIndex = item.styleIndex
            let fontSize = styles[styleIndex].fontSize
            let face = faces[item.faceIndex]
            let spacing = styles[styleIndex].clusterSpacing
            let topToBottom = item.orientation.shapesTopToBottom
            let key = styleIndex << 3 | (item.level & 1 == 1 ? 1 : 0) | (topToBottom ? 2 : 0)
            if key != optionsKey {
                optionsKey = key
                options = ShapingOptions(
                    size: fontSize, rightToLeft: item.level & 1 == 1, kerning: true, ligatures: spacing == 0,
                    features: styles[styleIndex].fontFeatures,
                    language: styles[styleIndex].fontDescriptor.language, vertical: topToBottom
                )
                words = wordCache.map { WordCacheLookup(cache: $0, variant: $0.variant(of: options)) }
            }
            items[index].glyphStart = output.glyphs.count
            items[index].baselineShift = styles[styleIndex].baselineOffset
            if item.isInlineBox {
                // One blank glyph as wide as the box: its advance, never drawn.
                output.glyphs.append(
                    glyph: ShapedGlyphBuffer.invisibleGlyph, cluster: Int32(item.start),
                    advance: Float(boxes[Int(item.inlineBox)].width))
            } else if let words, spacing == 0 {
                // Cached words go straight into the item's glyphs (or a measurement's advances): they were checked
                // when they were stored.
                if measuring, !Self.containsControl(utf16, in: item.start..<item.end) {
                    measureWords(of: item.start..<item.end, face: face, options: options, cache: words, buffer: buffer)
                } else {
                    shapeWords(of: item.start..<item.end, face: face, options: options, cache: words, buffer: buffer)
                }
            } else {
                scratch.removeAll()
                face.shape(buffer, range: item.start..<item.end, options: options, into: &scratch)
                appendShaped(kern: Float(spacing), range: item.start..<item.end)
            }
            items[index].glyphEnd = output.glyphs.count
            // Most items hold no control character: one pass over their code units, rather than a look at every
            // glyph's.
            if Self.containsControl(utf16, in: item.start..<item.end) {
                replaceControlGlyphs(
                    in: items[index].glyphStart..<items[index].glyphEnd, of: utf16, face: face, size: fontSize)
            }
            if let known = knownMetrics.first(where: { $0.face == item.faceIndex && $0.size == fontSize }) {
                items[index].metrics = known.metrics
            } else {
                let metrics = face.metrics(size: fontSize)
                knownMetrics.append((item.faceIndex, fontSize, metrics))
                items[index].metrics = metrics
            }
        }
    }

    /// The word cache and its number for the features and language of the shaping options it is passed beside
    /// (``ShapedWordCache/variant(of:)``): made together with the options, and passed with them down the word path,
    /// so that a key never pairs one item's options with another's number.
    struct WordCacheLookup {
        let cache: ShapedWordCache
        let variant: UInt64
    }

    /// Whether `units[range]` holds a control character (``CharacterClass/isControl(_:)``).
    static func containsControl(_ units: [UInt16], in range: Range<Int>) -> Bool {
        units.withUnsafeBufferPointer { buffer in
            guard range.lowerBound >= 0, range.upperBound <= buffer.count else { return true }
            for offset in range where CharacterClass.isControl(buffer[offset]) { return true }
            return false
        }
    }

    /// The number of grapheme clusters starting in `range`.
    func graphemeCount(in range: Range<Int>) -> Int {
        TextAnalysis.graphemeCount(in: range, flags: flags)
    }
}
