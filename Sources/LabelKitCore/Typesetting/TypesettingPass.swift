import Foundation

/// One typesetting run over one text: analysis, itemization and shaping. Line breaking, truncation and positioning
/// are in the `TypesettingPass+…` files.
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
        var glyphStart: Int = 0
        var glyphEnd: Int = 0
        var metrics: FontMetrics? = nil
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
    let wordCache: ShapedWordCache?
    let text: StyledText
    let utf16: [UInt16]

    var flags: [TextBoundaryFlags] = []
    /// Bidi level per code unit.
    var levels: [UInt8] = []
    var paragraphs: [Paragraph] = []
    var items: [Item] = []
    var faces: [any FontFace] = []
    private var primaryFaceIndexByStyle: [Int] = []
    /// Glyphs of every item, item after item, each item's glyphs in visual order.
    var glyphs = ShapedGlyphBuffer()
    private var shapingScratch = ShapedGlyphBuffer()
    private var levelScratch: [UInt8] = []
    private var wordEndScratch: [Int] = []
    private var clusterTotalScratch: [Double] = []
    /// The per-pass fallback memo: keys (style + 1, emoji flag, code unit; 0 is empty) and chosen face indices.
    private var fallbackMemoKeys: [UInt32] = []
    private var fallbackMemoFaces: [Int32] = []
    private var clusterStartScratch: [Bool] = []
    /// Advance of each grapheme cluster, stored at its first code unit (0 elsewhere). Ligatures share their advance
    /// evenly between the graphemes they cover.
    var graphemeAdvances: [Double] = []

    init(fontSystem: any FontSystem, analyzer: any TextAnalyzer, wordCache: ShapedWordCache?, text: StyledText) {
        self.fontSystem = fontSystem
        self.analyzer = analyzer
        self.wordCache = wordCache
        self.text = text
        self.utf16 = text.utf16
        self.primaryFaceIndexByStyle = Array(repeating: -1, count: text.styles.count)
    }

    /// Takes buffers left by an earlier pass, if the pool has some; only passes that shape need them (the stand-in
    /// for an absent token never does).
    private mutating func adoptScratch() {
        if let scratch = TypesettingScratch.take() {
            flags = scratch.flags
            levels = scratch.levels
            paragraphs = scratch.paragraphs
            items = scratch.items
            glyphs = scratch.glyphs
            shapingScratch = scratch.shapingScratch
            levelScratch = scratch.levelScratch
            wordEndScratch = scratch.wordEndScratch
            graphemeAdvances = scratch.graphemeAdvances
            clusterTotalScratch = scratch.clusterTotals
            clusterStartScratch = scratch.clusterStarts
            fallbackMemoKeys = scratch.fallbackMemoKeys
            fallbackMemoFaces = scratch.fallbackMemoFaces
        }
        if fallbackMemoKeys.count != Self.fallbackMemoSize {
            fallbackMemoKeys = [UInt32](repeating: 0, count: Self.fallbackMemoSize)
            fallbackMemoFaces = [Int32](repeating: 0, count: Self.fallbackMemoSize)
        }
    }

    /// Analysis, itemization and shaping of the whole text.
    mutating func shapeText() throws(LayoutError) {
        adoptScratch()
        let units = utf16
        try units.withUnsafeBufferPointer { (buffer) throws(LayoutError) in
            analyzeBoundaries(buffer)
            splitParagraphs()
            analyzeBidi(buffer)
            try itemize(buffer)
            shapeItems(buffer)
        }
        computeGraphemeAdvances()
    }

    // MARK: Analysis

    private mutating func analyzeBoundaries(_ buffer: UnsafeBufferPointer<UInt16>) {
        analyzer.analyzeBoundaries(of: buffer, into: &flags)
        // A misbehaving analyzer must not make the typesetter read out of bounds.
        let count = buffer.count + 1
        if flags.count < count { flags.append(contentsOf: repeatElement([], count: count - flags.count)) }
        if flags.count > count { flags.removeLast(flags.count - count) }
        flags[0].insert(.graphemeBoundary)
        flags[count - 1].insert(.graphemeBoundary)
        flags[0].remove([.lineBreakOpportunity, .mandatoryBreak])
    }

    private mutating func splitParagraphs() {
        paragraphs.removeAll(keepingCapacity: true)
        let count = utf16.count
        guard count > 0 else { return }
        var start = 0
        var offset = 1
        while offset <= count {
            if flags[offset].contains(.mandatoryBreak) || offset == count {
                var contentEnd = offset
                if offset < count || Self.isLineBreakUnit(utf16[offset - 1]) {
                    if contentEnd > start, Self.isLineBreakUnit(utf16[contentEnd - 1]) { contentEnd -= 1 }
                    if contentEnd > start, utf16[contentEnd] == 0x0A, utf16[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                }
                paragraphs.append(
                    Paragraph(
                        start: start, contentEnd: contentEnd, end: offset, style: text.paragraphStyle(at: start)
                    ))
                start = offset
            }
            offset += 1
        }
        // A text ending in a line break has an empty last line, as in every text system.
        if let last = paragraphs.last, last.contentEnd < last.end {
            paragraphs.append(
                Paragraph(
                    start: count, contentEnd: count, end: count, style: text.paragraphStyle(at: count)
                ))
        }
    }

    private mutating func analyzeBidi(_ buffer: UnsafeBufferPointer<UInt16>) {
        levels.removeAll(keepingCapacity: true)
        levels.append(contentsOf: repeatElement(0, count: buffer.count))
        for index in paragraphs.indices {
            let paragraph = paragraphs[index]
            let range = paragraph.start..<paragraph.contentEnd
            let base = analyzer.bidiLevels(
                of: buffer, paragraph: range, baseDirection: paragraph.style.baseWritingDirection, into: &levelScratch
            )
            let level = base & 1
            paragraphs[index].level = level
            if levelScratch.count == range.count {
                for offset in range { levels[offset] = levelScratch[offset - range.lowerBound] }
            } else {
                for offset in range { levels[offset] = level }
            }
            for offset in paragraph.contentEnd..<paragraph.end { levels[offset] = level }
        }
    }

    // MARK: Itemization

    /// The face index of `face` in ``faces``, adding it on first sight.
    mutating func index(of face: any FontFace) -> Int {
        // A label uses a handful of faces: a linear search beats hashing.
        if let index = faces.firstIndex(where: { $0 === face }) { return index }
        faces.append(face)
        return faces.count - 1
    }

    /// The face index of a style's primary face.
    mutating func primaryFaceIndex(style: Int) throws(LayoutError) -> Int {
        let known = primaryFaceIndexByStyle[style]
        if known >= 0 { return known }
        let face: any FontFace
        do {
            face = try fontSystem.face(for: text.styles[style].fontDescriptor)
        } catch {
            throw .font(error)
        }
        let index = index(of: face)
        primaryFaceIndexByStyle[style] = index
        return index
    }

    private mutating func itemize(_ buffer: UnsafeBufferPointer<UInt16>) throws(LayoutError) {
        items.removeAll(keepingCapacity: true)
        var runCursor = 0
        let runs = text.runs
        for paragraphIndex in paragraphs.indices {
            let paragraph = paragraphs[paragraphIndex]
            paragraphs[paragraphIndex].firstItem = items.count
            var offset = paragraph.start
            var previousClusterIsEmoji = false
            while offset < paragraph.contentEnd {
                var clusterEnd = offset + 1
                while clusterEnd < paragraph.contentEnd, !flags[clusterEnd].contains(.graphemeBoundary) {
                    clusterEnd += 1
                }
                while runCursor + 1 < runs.count, runs[runCursor + 1].start <= offset { runCursor += 1 }
                let style = runs.isEmpty ? 0 : runs[runCursor].styleIndex
                let level = levels[offset]
                let isEmoji = flags[offset].contains(.emojiPresentation)
                let face: Int
                if let spaceFace = faceContinuingRun(
                    through: offset..<clusterEnd, style: style, level: level,
                    after: previousClusterIsEmoji ? nil : items.last,
                    paragraphFirstItem: paragraphs[paragraphIndex].firstItem
                ) {
                    face = spaceFace
                } else {
                    face = try faceIndex(cluster: offset..<clusterEnd, style: style, emoji: isEmoji, buffer: buffer)
                }
                previousClusterIsEmoji = isEmoji
                if let last = items.last, items.count > paragraphs[paragraphIndex].firstItem,
                    last.faceIndex == face, last.styleIndex == style, last.level == level, last.end == offset
                {
                    items[items.count - 1].end = clusterEnd
                } else {
                    items.append(Item(start: offset, end: clusterEnd, faceIndex: face, styleIndex: style, level: level))
                }
                offset = clusterEnd
            }
            paragraphs[paragraphIndex].endItem = items.count
        }
    }

    private mutating func faceIndex(
        cluster: Range<Int>, style: Int, emoji: Bool, buffer: UnsafeBufferPointer<UInt16>
    ) throws(LayoutError) -> Int {
        // A one-unit cluster (a letter, a kana, an ideograph) asks once per pass: the face depends only on the style
        // and the character, and text repeats its characters. Checked first, so a repeated character needs neither a
        // coverage test nor a fallback lookup.
        var memoSlot = -1
        var memoKey: UInt32 = 0
        if cluster.count == 1, style < 0x7FFF {
            let unit = buffer[cluster.lowerBound]
            memoKey = (UInt32(style) + 1) << 17 | (emoji ? 1 << 16 : 0) | UInt32(unit)
            memoSlot = Int((UInt32(unit) &* 0x9E37) >> 4) & (Self.fallbackMemoSize - 1)
            if fallbackMemoKeys[memoSlot] == memoKey { return Int(fallbackMemoFaces[memoSlot]) }
        }
        let primary = try primaryFaceIndex(style: style)
        var chosen = primary
        if emoji || !Self.face(faces[primary], covers: cluster, in: buffer),
            let fallback = fontSystem.fallbackFace(
                for: UnsafeBufferPointer(rebasing: buffer[cluster]), descriptor: text.styles[style].fontDescriptor,
                emojiPresentation: emoji
            )
        {
            chosen = index(of: fallback)
        }
        if memoSlot >= 0 {
            fallbackMemoKeys[memoSlot] = memoKey
            fallbackMemoFaces[memoSlot] = Int32(chosen)
        }
        return chosen
    }

    /// Slots of the per-pass face memo (a direct-mapped table: a collision just works the answer out again).
    static let fallbackMemoSize = 64

    /// The face of the item before a cluster that is one space character, when the space can join that item: same
    /// style and bidi level, right after it, not after an emoji, and drawn by the item's face.
    ///
    /// A space between two Japanese words is then the CJK font's space (3.36 px at 15 px in Noto Sans CJK, not DejaVu
    /// Sans' 4.77 px), so spacing follows the text it sits in — as in Pango, which gives space separators the font of
    /// the run they continue rather than looking them up anew.
    ///
    /// `mutating` only so that calling it from `itemize` borrows `self` instead of copying the whole pass.
    private mutating func faceContinuingRun(
        through cluster: Range<Int>, style: Int, level: UInt8, after previous: Item?, paragraphFirstItem: Int
    ) -> Int? {
        guard cluster.count == 1, Self.isSpaceSeparator(utf16[cluster.lowerBound]), let previous,
            items.count > paragraphFirstItem, previous.end == cluster.lowerBound, previous.styleIndex == style,
            previous.level == level, let scalar = Unicode.Scalar(utf16[cluster.lowerBound]),
            faces[previous.faceIndex].covers(scalar)
        else { return nil }
        return previous.faceIndex
    }

    /// Space separators (general category Zs) apart from the Ogham space mark, which has a visible glyph.
    static func isSpaceSeparator(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0xA0 || (0x2000...0x200A).contains(unit) || unit == 0x202F || unit == 0x205F
            || unit == 0x3000
    }

    /// Whether `face` draws every scalar of the cluster that needs a glyph of its own.
    private static func face(
        _ face: any FontFace, covers cluster: Range<Int>, in buffer: UnsafeBufferPointer<UInt16>
    ) -> Bool {
        var offset = cluster.lowerBound
        while offset < cluster.upperBound {
            let unit = buffer[offset]
            var value = UInt32(unit)
            offset += 1
            if unit & 0xFC00 == 0xD800, offset < cluster.upperBound, buffer[offset] & 0xFC00 == 0xDC00 {
                value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(buffer[offset]) - 0xDC00)
                offset += 1
            }
            if isIgnorableForCoverage(value) { continue }
            guard let scalar = Unicode.Scalar(value) else { return false }
            if !face.covers(scalar) { return false }
        }
        return true
    }

    /// Joiners, variation selectors, tags and controls, which need no glyph of their own.
    static func isIgnorableForCoverage(_ value: UInt32) -> Bool {
        value < 0x20 || value == 0x200C || value == 0x200D || (0xFE00...0xFE0F).contains(value)
            || (0xE0000...0xE0FFF).contains(value) || (0x200E...0x200F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    // MARK: Shaping

    private mutating func shapeItems(_ buffer: UnsafeBufferPointer<UInt16>) {
        glyphs.removeAll()
        var knownMetrics: [(face: Int, size: Double, metrics: FontMetrics)] = []
        for index in items.indices {
            let item = items[index]
            let style = text.styles[item.styleIndex]
            let face = faces[item.faceIndex]
            shapingScratch.removeAll()
            let options = ShapingOptions(
                size: style.fontSize, rightToLeft: item.level & 1 == 1, kerning: true, ligatures: style.kern == 0
            )
            items[index].glyphStart = glyphs.count
            if let wordCache, style.kern == 0 {
                // Cached words go straight into the item's glyphs: they were checked when they were stored.
                shapeWords(of: item.start..<item.end, face: face, options: options, cache: wordCache, buffer: buffer)
            } else {
                face.shape(buffer, range: item.start..<item.end, options: options, into: &shapingScratch)
                appendShaped(kern: Float(style.kern), range: item.start..<item.end)
            }
            items[index].glyphEnd = glyphs.count
            replaceControlGlyphs(in: items[index].glyphStart..<items[index].glyphEnd, face: face, size: style.fontSize)
            if let known = knownMetrics.first(where: { $0.face == item.faceIndex && $0.size == style.fontSize }) {
                items[index].metrics = known.metrics
            } else {
                let metrics = face.metrics(size: style.fontSize)
                knownMetrics.append((item.faceIndex, style.fontSize, metrics))
                items[index].metrics = metrics
            }
        }
    }

    /// Shapes `range` word by word — a word runs up to and including the spaces after it — through the cache, and
    /// appends the glyphs to ``glyphs`` in visual order (words from last to first when right to left).
    private mutating func shapeWords(
        of range: Range<Int>, face: any FontFace, options: ShapingOptions, cache: ShapedWordCache,
        buffer: UnsafeBufferPointer<UInt16>
    ) {
        var wordEnds = wordEndScratch
        wordEnds.removeAll(keepingCapacity: true)
        var offset = range.lowerBound
        while offset < range.upperBound {
            if buffer[offset] == 0x20, offset + 1 < range.upperBound, buffer[offset + 1] != 0x20 {
                wordEnds.append(offset + 1)
            }
            offset += 1
        }
        wordEnds.append(range.upperBound)
        let count = wordEnds.count
        for step in 0..<count {
            let wordIndex = options.rightToLeft ? count - 1 - step : step
            let end = wordEnds[wordIndex]
            let start = wordIndex == 0 ? range.lowerBound : wordEnds[wordIndex - 1]
            let word = UnsafeBufferPointer(rebasing: buffer[start..<end])
            guard word.count <= ShapedWordCache.maximumWordLength else {
                shapingScratch.removeAll()
                face.shape(buffer, range: start..<end, options: options, into: &shapingScratch)
                appendShaped(kern: 0, range: start..<end)
                continue
            }
            let key = ShapedWordCache.key(face: face, options: options, units: word)
            if cache.appendGlyphs(for: key, units: word, clusterBase: Int32(start), into: &glyphs) {
                continue
            }
            shapingScratch.removeAll()
            face.shape(word, range: 0..<word.count, options: options, into: &shapingScratch)
            cache.store(
                key, face: face, units: word, glyphs: 0..<shapingScratch.count, of: shapingScratch,
                clusterBase: 0)
            appendShaped(kern: 0, range: 0..<word.count, clusterOffset: Int32(start))
        }
        wordEndScratch = wordEnds
    }

    /// A tab becomes blank space four spaces wide; other control characters (C0 and C1, line breaks aside, which
    /// never reach shaping) become blank and zero-width — never the font's missing-glyph box.
    private mutating func replaceControlGlyphs(in range: Range<Int>, face: any FontFace, size: Double) {
        var spaceAdvance: Float? = nil
        for glyph in range {
            let unit = utf16[Int(glyphs.clusters[glyph])]
            guard unit < 0x20 || (0x7F...0x9F).contains(unit) else { continue }
            glyphs.glyphIDs[glyph] = ShapedGlyphBuffer.invisibleGlyph
            if unit == 0x09 {
                if spaceAdvance == nil { spaceAdvance = Self.spaceAdvance(of: face, size: size) }
                glyphs.advances[glyph] = 4 * (spaceAdvance ?? Float(size / 4))
            } else {
                glyphs.advances[glyph] = 0
            }
        }
    }

    private static func spaceAdvance(of face: any FontFace, size: Double) -> Float {
        var buffer = ShapedGlyphBuffer()
        [UInt16(0x20)].withUnsafeBufferPointer {
            face.shape($0, range: 0..<1, options: ShapingOptions(size: size), into: &buffer)
        }
        return buffer.advances.first ?? Float(size / 4)
    }

    /// Copies the scratch glyphs into ``glyphs``, dropping any whose cluster lies outside the item (a misbehaving
    /// shaper) and adding `kern` after each cluster.
    private mutating func appendShaped(kern: Float, range: Range<Int>, clusterOffset: Int32 = 0) {
        let count = shapingScratch.count
        let lower = Int32(range.lowerBound)
        let upper = Int32(range.upperBound)
        let allInside = shapingScratch.clusters.allSatisfy { $0 >= lower && $0 < upper }
        if kern == 0, allInside {
            glyphs.append(contentsOf: shapingScratch, range: 0..<count, clusterOffset: clusterOffset)
            return
        }
        var index = 0
        while index < count {
            let cluster = shapingScratch.clusters[index]
            if cluster >= lower, cluster < upper {
                var advance = shapingScratch.advances[index]
                if kern != 0, index + 1 == count || shapingScratch.clusters[index + 1] != cluster {
                    advance += kern
                }
                glyphs.append(
                    glyph: shapingScratch.glyphIDs[index], cluster: cluster &+ clusterOffset, advance: advance,
                    xOffset: shapingScratch.xOffsets[index], yOffset: shapingScratch.yOffsets[index]
                )
            }
            index += 1
        }
    }

    /// Spreads glyph advances over grapheme clusters: a shaping cluster's advance goes to the graphemes it covers,
    /// evenly (a ligature of "ffi" gives each letter a third).
    private mutating func computeGraphemeAdvances() {
        let count = utf16.count
        graphemeAdvances.removeAll(keepingCapacity: true)
        graphemeAdvances.append(contentsOf: repeatElement(0, count: count))
        var clusterTotals = clusterTotalScratch
        var isClusterStart = clusterStartScratch
        clusterTotals.removeAll(keepingCapacity: true)
        clusterTotals.append(contentsOf: repeatElement(0, count: count))
        isClusterStart.removeAll(keepingCapacity: true)
        isClusterStart.append(contentsOf: repeatElement(false, count: count))
        defer {
            clusterTotalScratch = clusterTotals
            clusterStartScratch = isClusterStart
        }
        for item in items {
            for glyph in item.glyphStart..<item.glyphEnd {
                let cluster = Int(glyphs.clusters[glyph])
                clusterTotals[cluster] += Double(glyphs.advances[glyph])
                isClusterStart[cluster] = true
            }
            var offset = item.start
            while offset < item.end {
                var next = offset + 1
                while next < item.end, !isClusterStart[next] { next += 1 }
                let total = clusterTotals[offset]
                var graphemes = 0
                for position in offset..<next where flags[position].contains(.graphemeBoundary) { graphemes += 1 }
                if graphemes == 0 {
                    var owner = offset
                    while owner > item.start, !flags[owner].contains(.graphemeBoundary) { owner -= 1 }
                    graphemeAdvances[owner] += total
                } else {
                    let share = total / Double(graphemes)
                    for position in offset..<next where flags[position].contains(.graphemeBoundary) {
                        graphemeAdvances[position] += share
                    }
                }
                offset = next
            }
        }
    }

    // MARK: Character classes

    /// Code units that end a line by themselves.
    static func isLineBreakUnit(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0B || unit == 0x0C || unit == 0x0D || unit == 0x85 || unit == 0x2028
            || unit == 0x2029
    }

    /// The items of `items` that overlap `range`: items are sorted and contiguous, so the first is found by binary
    /// search and the rest follow it — a long paragraph's lines never scan its items from the start.
    func items(overlapping range: Range<Int>, in items: Range<Int>) -> Range<Int> {
        var low = items.lowerBound
        var high = items.upperBound
        while low < high {
            let middle = (low + high) / 2
            if self.items[middle].end <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < items.upperBound, self.items[end].start < range.upperBound { end += 1 }
        return low..<end
    }

    /// Spaces that hang past the end of a line and stretch when justifying.
    static func isHangingSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x3000 || unit == 0x1680
            || (0x2000...0x200A).contains(unit)
                && unit != 0x2007
            || unit == 0x205F
    }

    /// The end of the grapheme cluster starting at `offset`, not beyond `limit`.
    func graphemeEnd(after offset: Int, limit: Int) -> Int {
        var end = offset + 1
        while end < limit, !flags[end].contains(.graphemeBoundary) { end += 1 }
        return min(end, limit)
    }

    /// The start of the grapheme cluster ending at `offset`, not before `limit`.
    func graphemeStart(before offset: Int, limit: Int) -> Int {
        var start = offset - 1
        while start > limit, !flags[start].contains(.graphemeBoundary) { start -= 1 }
        return max(start, limit)
    }

    /// The summed advance of the graphemes in `range`.
    func advance(of range: Range<Int>) -> Double {
        var total = 0.0
        for offset in range { total += graphemeAdvances[offset] }
        return total
    }

    /// `range` without its trailing hanging spaces and line breaks.
    func trimmingTrailingSpaces(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, Self.isHangingSpace(utf16[end - 1]) || Self.isLineBreakUnit(utf16[end - 1]) {
            end -= 1
        }
        return range.lowerBound..<end
    }
}

extension TypesettingPass {
    /// Hands the pass's buffers back for the next layout on any thread. Call it when the pass is no longer needed;
    /// buffers still shared with something else are simply dropped.
    consuming func recycle() {
        TypesettingScratch.give(
            TypesettingScratch(
                flags: flags, levels: levels, paragraphs: paragraphs, items: items, glyphs: glyphs,
                shapingScratch: shapingScratch, levelScratch: levelScratch, wordEndScratch: wordEndScratch,
                graphemeAdvances: graphemeAdvances, clusterTotals: clusterTotalScratch,
                clusterStarts: clusterStartScratch,
                fallbackMemoKeys: fallbackMemoKeys, fallbackMemoFaces: fallbackMemoFaces
            ))
    }

    /// A pass over no text with the same backends: the stand-in for an absent truncation token.
    func emptyCopy() -> TypesettingPass {
        let style =
            text.styles.first
            ?? ResolvedTextStyle(
                fontDescriptor: FontDescriptor(family: ""), fontSize: 1, foregroundColor: .black, backgroundColor: nil,
                underline: nil, strikethrough: nil, kern: 0, linkIndex: nil
            )
        return TypesettingPass(
            fontSystem: fontSystem, analyzer: analyzer, wordCache: nil,
            text: StyledText(string: "", resolvedStyle: style, paragraphStyle: text.baseParagraphStyle)
        )
    }

    /// The number of grapheme clusters starting in `range`.
    func graphemeCount(in range: Range<Int>) -> Int {
        var count = 0
        for offset in range where flags[offset].contains(.graphemeBoundary) { count += 1 }
        return count
    }

    /// The number of hanging spaces (justification opportunities) starting a grapheme in `range`.
    func hangingSpaceCount(in range: Range<Int>) -> Int {
        var count = 0
        for offset in range where flags[offset].contains(.graphemeBoundary) && Self.isHangingSpace(utf16[offset]) {
            count += 1
        }
        return count
    }
}
