import Foundation
import LabelKitText

// Shaping: glyphs of every item (through the shaped-word cache), and advances per grapheme cluster.

extension TypesettingPass {
    mutating func shapeItems(_ buffer: UnsafeBufferPointer<UInt16>) {
        buffers.glyphs.removeAll()
        // The metrics of each face at each size, found once per pass: a label has few of them.
        var knownMetrics: [(face: Int, size: Double, metrics: FontMetrics)] = []
        swap(&knownMetrics, &buffers.knownMetrics)
        knownMetrics.removeAll(keepingCapacity: true)
        defer { swap(&knownMetrics, &buffers.knownMetrics) }
        // Items alternate between few styles, directions and orientations: the options of the last combination are
        // kept, rather than made (and their features and language retained and released) for every item.
        var options = ShapingOptions(size: 0)
        var optionsKey = -1
        // The word cache with its number for the options' features and language, made with the options.
        var words: WordCacheLookup?
        // A measurement writes cached words' advances straight into the grapheme advances (no glyphs).
        let writesAdvances = writesAdvancesDirectly && wordCache != nil
        if writesAdvances {
            buffers.graphemeAdvances.removeAll(keepingCapacity: true)
            buffers.graphemeAdvances.append(contentsOf: repeatElement(0, count: utf16.count))
        }
        for index in buffers.items.indices {
            let item = buffers.items[index]
            // The style's fields are read in place: copying the whole style per item costs more than shaping a
            // cached word.
            let styleIndex = item.styleIndex
            let fontSize = text.styles[styleIndex].fontSize
            let face = faces[item.faceIndex]
            let spacing = text.styles[styleIndex].clusterSpacing
            let key = styleIndex << 3 | (item.level & 1 == 1 ? 1 : 0) | (item.orientation == .upright ? 2 : 0)
            if key != optionsKey {
                optionsKey = key
                options = ShapingOptions(
                    size: fontSize, rightToLeft: item.level & 1 == 1, kerning: true, ligatures: spacing == 0,
                    features: text.styles[styleIndex].fontFeatures,
                    language: text.styles[styleIndex].fontDescriptor.language, vertical: item.orientation == .upright
                )
                words = wordCache.map { WordCacheLookup(cache: $0, variant: $0.variant(of: options)) }
            }
            buffers.items[index].glyphStart = buffers.glyphs.count
            buffers.items[index].baselineShift = text.styles[styleIndex].baselineOffset
            if item.isAttachment, let attachment = text.styles[styleIndex].attachment {
                // One blank glyph as wide as the box: the attachment's advance, never drawn.
                buffers.glyphs.append(
                    glyph: ShapedGlyphBuffer.invisibleGlyph, cluster: Int32(item.start),
                    advance: Float(verticalOrientation == nil ? attachment.width : attachment.height))
            } else if let words, spacing == 0 {
                // Cached words go straight into the item's glyphs (or a measurement's advances): they were checked
                // when they were stored.
                if writesAdvances, !Self.containsControl(utf16, in: item.start..<item.end) {
                    shapeWordsIntoAdvances(
                        of: item.start..<item.end, face: face, options: options, cache: words, buffer: buffer)
                } else {
                    shapeWords(of: item.start..<item.end, face: face, options: options, cache: words, buffer: buffer)
                }
            } else {
                buffers.shapingScratch.removeAll()
                face.shape(buffer, range: item.start..<item.end, options: options, into: &buffers.shapingScratch)
                appendShaped(kern: Float(spacing), range: item.start..<item.end)
            }
            buffers.items[index].glyphEnd = buffers.glyphs.count
            // Most items hold no control character: one pass over their code units, rather than a look at every
            // glyph's.
            if Self.containsControl(utf16, in: item.start..<item.end) {
                replaceControlGlyphs(
                    in: buffers.items[index].glyphStart..<buffers.items[index].glyphEnd, face: face, size: fontSize)
            }
            if let known = knownMetrics.first(where: { $0.face == item.faceIndex && $0.size == fontSize }) {
                buffers.items[index].metrics = known.metrics
            } else {
                let metrics = face.metrics(size: fontSize)
                knownMetrics.append((item.faceIndex, fontSize, metrics))
                buffers.items[index].metrics = metrics
            }
        }
        if verticalOrientation != nil {
            for index in buffers.items.indices {
                setInColumn(itemAt: index, size: text.styles[buffers.items[index].styleIndex].fontSize)
            }
        }
    }

    /// Shapes `range` word by word — a word runs up to and including the spaces after it — through the cache, and
    /// appends the glyphs to ``TypesettingBuffers/glyphs`` in visual order (words from last to first when right to
    /// left). In Thai, Lao, Khmer and Myanmar, which put no spaces between words, a word also ends where the
    /// analyzer's dictionary found a line-break opportunity between two letters: a word there is a run of whole
    /// syllables, which these scripts' shapers treat one at a time, so it shapes alone as inside its phrase, and the
    /// same words come back label after label where whole phrases rarely do.
    ///
    /// HarfBuzz shapes a word in the script it finds in it. A word that starts with a letter of its own script
    /// (``CharacterClass/isScriptLetter(_:)``) gets the same script alone as inside its item; a word that starts with
    /// a digit, punctuation or a symbol takes, inside the item, the script of the nearest letter before it (or after
    /// it, at the item's start). Such a word is shaped and cached behind that letter — its *anchor* — so that digits
    /// between Latin words in Noto Sans CJK JP keep the `latn` glyphs they get when the item is shaped whole.
    /// Sets a shaped item of vertical text in its column, whose centre line is the line's baseline: every item's
    /// ascent and descent become half their sum, so that the column is as wide as a horizontal line is tall, centred;
    /// a sideways item's glyphs move down (towards the column's left side) to centre their em box on the line; a
    /// combined item is fitted into one em along the column, compressed when wider, and centred across it.
    mutating func setInColumn(itemAt index: Int, size: Double) {
        let item = buffers.items[index]
        guard let metrics = item.metrics else { return }
        let half = (metrics.ascent + metrics.descent) / 2
        var centred = metrics
        (centred.ascent, centred.descent) = (half, half)
        buffers.items[index].metrics = centred
        let glyphs = item.glyphStart..<item.glyphEnd
        switch item.orientation {
        case .sideways:
            let shift = Float((metrics.ascent - metrics.descent) / 2)
            for glyph in glyphs { buffers.glyphs.records[glyph].yOffset -= shift }
        case .combinedUpright:
            guard !glyphs.isEmpty else { return }
            let em = Float(size)
            var width: Float = 0
            for glyph in glyphs { width += buffers.glyphs.records[glyph].advance }
            let scale: Float = width > em ? em / width : 1
            buffers.items[index].combinedScale = scale
            // The text's baseline across the cell, from its start: the em box centred in the cell.
            let baselineDown = em / 2 + Float((metrics.ascent - metrics.descent) / 2)
            var horizontalPen: Float = 0
            var columnPen: Float = 0
            for glyph in glyphs {
                let advance = buffers.glyphs.records[glyph].advance
                // Down the column, the cell is shared in proportion to the glyphs' widths (for hits and carets).
                let share = width > 0 ? em * advance / width : em / Float(glyphs.count)
                let x = horizontalPen + buffers.glyphs.records[glyph].xOffset
                let lineX = baselineDown - buffers.glyphs.records[glyph].yOffset
                let lineY = scale * width / 2 - scale * x
                buffers.glyphs.records[glyph].xOffset = lineX - columnPen
                buffers.glyphs.records[glyph].yOffset = -lineY
                buffers.glyphs.records[glyph].advance = share
                horizontalPen += advance
                columnPen += share
            }
        case .horizontal, .upright:
            break
        }
    }

    /// What a measurement does instead of ``shapeWords(of:face:options:cache:buffer:)``: each cached word's
    /// cluster totals go straight into ``TypesettingBuffers/graphemeAdvances``, spread over the word's graphemes as
    /// ``computeGraphemeAdvances()`` would spread its glyphs
    /// (``spreadClusterTotals(_:count:everyUnitHasTotal:at:flags:advances:)``), and no glyph is kept. When a piece
    /// of the item is not in the cache with its totals (a miss, a segment shaped in place, a word that does not
    /// start a grapheme), the item's advances are cleared and it is shaped into glyphs as a layout shapes it — so
    /// the advances are always those of the glyphs.
    mutating func shapeWordsIntoAdvances(
        of range: Range<Int>, face: any FontFace, options: ShapingOptions, cache: WordCacheLookup,
        buffer: UnsafeBufferPointer<UInt16>
    ) {
        isWritingAdvances = true
        advancesFailed = false
        shapeWords(of: range, face: face, options: options, cache: cache, buffer: buffer)
        isWritingAdvances = false
        guard advancesFailed else { return }
        buffers.graphemeAdvances.withUnsafeMutableBufferPointer { advances in
            for offset in range { advances[offset] = 0 }
        }
        shapeWords(of: range, face: face, options: options, cache: cache, buffer: buffer)
    }

    mutating func shapeWords(
        of range: Range<Int>, face: any FontFace, options: ShapingOptions, cache: WordCacheLookup,
        buffer: UnsafeBufferPointer<UInt16>
    ) {
        guard options.rightToLeft else {
            // Left to right, each word is shaped as soon as its end is found: no list of word ends.
            var start = range.lowerBound
            var offset = range.lowerBound
            while offset < range.upperBound {
                if let end = wordEnd(at: offset, in: range, buffer: buffer) {
                    shapeWord(start..<end, in: range, face: face, options: options, cache: cache, buffer: buffer)
                    start = end
                }
                offset += 1
            }
            shapeWord(
                start..<range.upperBound, in: range, face: face, options: options, cache: cache, buffer: buffer)
            return
        }
        // Right to left, the words go from last to first: their ends are listed first. The list is moved out of the
        // buffers while it is used, so that filling it never copies it.
        var wordEnds: [Int] = []
        swap(&wordEnds, &buffers.wordEnds)
        defer { swap(&wordEnds, &buffers.wordEnds) }
        wordEnds.removeAll(keepingCapacity: true)
        for offset in range {
            if let end = wordEnd(at: offset, in: range, buffer: buffer) { wordEnds.append(end) }
        }
        wordEnds.append(range.upperBound)
        for wordIndex in wordEnds.indices.reversed() {
            let start = wordIndex == 0 ? range.lowerBound : wordEnds[wordIndex - 1]
            shapeWord(
                start..<wordEnds[wordIndex], in: range, face: face, options: options, cache: cache, buffer: buffer)
        }
    }

    /// The end of a word that the code unit at `offset` tells (``shapeWords(of:face:options:cache:buffer:)``): after a
    /// space followed by a grapheme that is no space, or before a dictionary script's letter at an opportunity the
    /// analyzer found between two such letters; nil where no word ends. Never `range`'s bounds.
    @inline(__always)
    func wordEnd(at offset: Int, in range: Range<Int>, buffer: UnsafeBufferPointer<UInt16>) -> Int? {
        let unit = buffer[offset]
        // A word starts after a space, never inside a grapheme: a combining mark after a space belongs to it.
        if unit == 0x20, offset + 1 < range.upperBound, buffer[offset + 1] != 0x20,
            buffers.flags[offset + 1].contains(.graphemeBoundary)
        {
            return offset + 1
        }
        if unit >= 0x0E01, unit < 0x1800, offset > range.lowerBound,
            Self.isDictionaryScriptLetter(unit), Self.isDictionaryScriptLetter(buffer[offset - 1]),
            buffers.flags[offset].contains(.lineBreakOpportunity)
        {
            return offset
        }
        return nil
    }

    /// Appends the glyphs of the word `word` of the item `range`: through the cache, behind its script's anchor
    /// letter when it starts with none of its own, or segment by segment when it is too long for the cache.
    mutating func shapeWord(
        _ word: Range<Int>, in range: Range<Int>, face: any FontFace, options: ShapingOptions,
        cache: WordCacheLookup, buffer: UnsafeBufferPointer<UInt16>
    ) {
        if isWritingAdvances, advancesFailed { return }   // the item is shaped again into glyphs
        let (start, end) = (word.lowerBound, word.upperBound)
        guard end - start <= ShapedWordCache.maximumWordLength else {
            shapeLongWord(word, face: face, options: options, cache: cache, buffer: buffer)
            return
        }
        guard !Self.startsWithScriptLetter(buffer, at: start, limit: end),
            let anchor = Self.scriptAnchor(of: word, in: range, buffer: buffer)
        else {
            shapeThroughCache(word, face: face, options: options, cache: cache, buffer: buffer)
            return
        }
        // The anchor letter, a space and the word when the anchor comes before it; the word and the letter when it
        // comes after (the word then ends with its space). The list is moved out of the buffers while it is used.
        var anchored: [UInt16] = []
        swap(&anchored, &buffers.anchoredWord)
        defer { swap(&anchored, &buffers.anchoredWord) }
        anchored.removeAll(keepingCapacity: true)
        let wordOffset: Int
        if anchor.lowerBound < start {
            anchored.append(contentsOf: buffer[anchor])
            anchored.append(0x20)
            wordOffset = anchored.count
            anchored.append(contentsOf: buffer[word])
        } else {
            wordOffset = 0
            anchored.append(contentsOf: buffer[word])
            anchored.append(contentsOf: buffer[anchor])
        }
        anchored.withUnsafeBufferPointer { units in
            shapeThroughCache(
                units, start: start - wordOffset, keeping: wordOffset..<(wordOffset + end - start), face: face,
                options: options, cache: cache)
        }
    }

    /// Shapes a word too long for the cache (Japanese or Chinese text, which has no spaces) segment by segment, as
    /// the face cuts it (one segment per script: "ダウンロード", "今日", "は"), and takes every segment that reads no
    /// context from the cache: the same words come back in label after label there too. Other segments are shaped
    /// in place, with the whole text as context — exactly what shaping the whole word does.
    mutating func shapeLongWord(
        _ word: Range<Int>, face: any FontFace, options: ShapingOptions, cache: WordCacheLookup,
        buffer: UnsafeBufferPointer<UInt16>
    ) {
        var segmentEnds: [Int] = []
        swap(&segmentEnds, &buffers.segmentEnds)
        segmentEnds.removeAll(keepingCapacity: true)
        var end = word.lowerBound
        while end < word.upperBound {
            let next = face.shapingSegmentEnd(in: buffer, from: end, limit: word.upperBound)
            // A face that answers out of its range shapes the rest as one segment.
            end = next > end && next <= word.upperBound ? next : word.upperBound
            segmentEnds.append(end)
        }
        let count = segmentEnds.count
        for step in 0..<count {
            let index = options.rightToLeft ? count - 1 - step : step
            let segment = (index == 0 ? word.lowerBound : segmentEnds[index - 1])..<segmentEnds[index]
            if segment.count <= ShapedWordCache.maximumSegmentLength, Self.shapesAlone(segment, in: buffer) {
                shapeThroughCache(segment, face: face, options: options, cache: cache, buffer: buffer)
            } else if isWritingAdvances {
                advancesFailed = true   // shaped in place: the item is shaped again into glyphs
                break
            } else {
                buffers.shapingScratch.removeAll()
                face.shape(buffer, range: segment, options: options, into: &buffers.shapingScratch)
                appendShaped(kern: 0, range: segment)
            }
        }
        swap(&segmentEnds, &buffers.segmentEnds)
    }

    /// Appends the glyphs of `piece` (a word, or a segment of a long word) from the cache, shaping it on its own and
    /// storing it on a miss.
    mutating func shapeThroughCache(
        _ piece: Range<Int>, face: any FontFace, options: ShapingOptions, cache: WordCacheLookup,
        buffer: UnsafeBufferPointer<UInt16>
    ) {
        shapeThroughCache(
            UnsafeBufferPointer(rebasing: buffer[piece]), start: piece.lowerBound, keeping: 0..<piece.count,
            face: face, options: options, cache: cache)
    }

    /// Whether a segment of a long word shapes the same on its own as inside its text: every code unit is in a
    /// block whose shaping reads no context around the segment (Latin to Cyrillic; CJK punctuation, kana and
    /// ideographs; fullwidth and halfwidth forms) — no joining script (Arabic, Syriac, Mongolian…), no Indic
    /// cluster, no surrogate — and it does not start with a combining mark, which HarfBuzz would give a dotted
    /// circle at the start of a text of its own.
    static func shapesAlone(_ segment: Range<Int>, in buffer: UnsafeBufferPointer<UInt16>) -> Bool {
        guard !segment.isEmpty else { return false }
        let first = buffer[segment.lowerBound]
        if (0x300..<0x370).contains(first) || (0x483..<0x48A).contains(first) || (0x302A..<0x3030).contains(first)
            || (0x3099..<0x309B).contains(first) || (0xFE00..<0xFE10).contains(first)
            || (0xFE20..<0xFE30).contains(first)
        {
            return false
        }
        for offset in segment {
            let unit = buffer[offset]
            let readsNoContext =
                (0x20..<0x590).contains(unit) || (0x2E80..<0xA000).contains(unit) || (0xF900..<0xFB00).contains(unit)
                || (0xFE30..<0xFE50).contains(unit) || (0xFF00..<0xFFF0).contains(unit)
            if !readsNoContext { return false }
        }
        return true
    }

    /// Appends the glyphs of `units[kept]` (a word, or a word with its anchor letter) from the cache, or shapes all
    /// of `units` and caches the kept glyphs when they lie together; clusters land at `start` plus their offset.
    private mutating func shapeThroughCache(
        _ units: UnsafeBufferPointer<UInt16>, start: Int, keeping kept: Range<Int>, face: any FontFace,
        options: ShapingOptions, cache: WordCacheLookup
    ) {
        let key = ShapedWordCache.key(face: face, options: options, variant: cache.variant, units: units)
        if isWritingAdvances {
            if let entry = cache.cache.entry(for: key, units: units) {
                if !writeAdvances(of: entry, at: start + kept.lowerBound, kept: kept) { advancesFailed = true }
                return
            }
            advancesFailed = true   // stored below; the item is shaped again into glyphs, from the cache
        } else if cache.cache.appendGlyphs(
            for: key, units: units, clusterBase: Int32(start), into: &buffers.glyphs)
        {
            return
        }
        buffers.shapingScratch.removeAll()
        face.shape(units, range: 0..<units.count, options: options, into: &buffers.shapingScratch)
        // The kept glyphs are cached when they lie together (the anchor's glyphs before or after them).
        let records = buffers.shapingScratch.records
        let lower = Int32(kept.lowerBound)
        let upper = Int32(kept.upperBound)
        let first = records.firstIndex { $0.cluster >= lower && $0.cluster < upper } ?? records.count
        var last = first
        while last < records.count, records[last].cluster >= lower, records[last].cluster < upper { last += 1 }
        let together = !records[last...].contains { $0.cluster >= lower && $0.cluster < upper }
        if together {
            cache.cache.store(
                key, face: face, units: units, kept: kept, rightToLeft: options.rightToLeft, glyphs: first..<last,
                of: buffers.shapingScratch, clusterBase: 0)
        }
        if isWritingAdvances { return }
        appendShaped(kern: 0, range: kept, clusterOffset: Int32(start))
    }

    /// Spreads `entry`'s cluster totals of its kept units `kept` over the graphemes at `start`; false when the entry
    /// has none or the word does not start a grapheme there (its advances would then depend on the text before it).
    private mutating func writeAdvances(of entry: ShapedWordCache.Entry, at start: Int, kept: Range<Int>) -> Bool {
        buffers.flags.withUnsafeBufferPointer { flags in
            guard start >= 0, start + kept.count < flags.count, flags[start].contains(.graphemeBoundary) else {
                return false
            }
            return buffers.graphemeAdvances.withUnsafeMutableBufferPointer { advances in
                entry.withClusterTotals(kept: kept) { totals, everyUnitHasTotal in
                    Self.spreadClusterTotals(
                        totals, count: kept.count, everyUnitHasTotal: everyUnitHasTotal, at: start, flags: flags,
                        advances: advances)
                }
            }
        }
    }

    /// Writes a word's advances from its cluster totals
    /// (``ShapedWordCache/Entry/clusterTotals(of:clusterBase:kept:rightToLeft:into:)``: a total at each cluster's
    /// first unit, NaN at the others) to the `count` units at `start`: the same sums, in the same order, as
    /// ``spreadInClusterOrder(_:glyphRecords:flags:advances:)`` makes of the word's glyphs — for a word that starts
    /// a grapheme, whose clusters all start inside it.
    @inline(__always) static func spreadClusterTotals(
        _ totals: UnsafeRawPointer, count: Int, everyUnitHasTotal: Bool, at start: Int,
        flags: UnsafeBufferPointer<TextBoundaryFlags>, advances: UnsafeMutableBufferPointer<Double>
    ) {
        precondition(start >= 0 && start + count <= min(advances.count, flags.count))
        var pointer = totals
        var position = start
        let end = start + count
        if everyUnitHasTotal {
            // Clusters of one unit each: a unit that starts a grapheme takes its total, another adds it to the
            // grapheme it lies in.
            while position < end {
                let total = pointer.loadUnaligned(as: Double.self)
                if flags[position].contains(.graphemeBoundary) {
                    advances[position] += total
                } else {
                    share(total, of: position..<(position + 1), ownerFloor: start, flags: flags, advances: advances)
                }
                pointer += 8
                position += 1
            }
            return
        }
        while position < end {
            let total = pointer.loadUnaligned(as: Double.self)
            var next = position + 1
            pointer += 8
            while next < end, pointer.loadUnaligned(as: Double.self).isNaN {
                next += 1
                pointer += 8
            }
            if next == position + 1, flags[position].contains(.graphemeBoundary) {
                advances[position] += total   // one grapheme: the share is the total
            } else {
                share(total, of: position..<next, ownerFloor: start, flags: flags, advances: advances)
            }
            position = next
        }
    }

    /// The word cache and its number for the features and language of the shaping options it is passed beside
    /// (``ShapedWordCache/variant(of:)``): made together with the options, and passed with them down the word path,
    /// so that a key never pairs one item's options with another's number.
    struct WordCacheLookup {
        let cache: ShapedWordCache
        let variant: UInt64
    }

    /// Whether `unit` is a letter, mark or digit of a script whose words ICU finds with a dictionary (Thai, Lao,
    /// Myanmar, Khmer): the analyzer's line-break opportunities between two of them are word boundaries.
    @inline(__always) static func isDictionaryScriptLetter(_ unit: UInt16) -> Bool {
        (0x0E01...0x0E5B).contains(unit) || (0x0E81...0x0EDF).contains(unit) || (0x1000...0x109F).contains(unit)
            || (0x1780...0x17F9).contains(unit)
    }

    /// Whether the scalar at `offset` is a letter with a script of its own.
    @inline(__always) static func startsWithScriptLetter(
        _ buffer: UnsafeBufferPointer<UInt16>, at offset: Int, limit: Int
    ) -> Bool {
        CharacterClass.isScriptLetter(UnicodeCodeUnits.decode(at: offset, in: buffer, limit: limit).value)
    }

    /// The code units of the letter whose script `word` takes inside `item` when the item is shaped whole: the
    /// nearest letter of a script before the word, else the first one after it; nil when the item has none.
    static func scriptAnchor(
        of word: Range<Int>, in item: Range<Int>, buffer: UnsafeBufferPointer<UInt16>
    ) -> Range<Int>? {
        var offset = word.lowerBound
        while offset > item.lowerBound {
            offset -= 1
            var start = offset
            if UnicodeCodeUnits.isTrailSurrogate(buffer[offset]), offset > item.lowerBound,
                UnicodeCodeUnits.isLeadSurrogate(buffer[offset - 1])
            {
                start = offset - 1
            }
            let (value, length) = UnicodeCodeUnits.decode(at: start, in: buffer, limit: item.upperBound)
            if CharacterClass.isScriptLetter(value) { return start..<(start + length) }
            offset = start
        }
        offset = word.upperBound
        while offset < item.upperBound {
            let (value, length) = UnicodeCodeUnits.decode(at: offset, in: buffer, limit: item.upperBound)
            if CharacterClass.isScriptLetter(value) { return offset..<(offset + length) }
            offset += length
        }
        return nil
    }

    /// Whether `units[range]` holds a control character (``CharacterClass/isControl(_:)``).
    static func containsControl(_ units: [UInt16], in range: Range<Int>) -> Bool {
        units.withUnsafeBufferPointer { buffer in
            guard range.lowerBound >= 0, range.upperBound <= buffer.count else { return true }
            for offset in range where CharacterClass.isControl(buffer[offset]) { return true }
            return false
        }
    }

    /// A tab becomes blank space four spaces wide; other control characters (C0 and C1, line breaks aside, which
    /// never reach shaping) become blank and zero-width — never the font's missing-glyph box.
    mutating func replaceControlGlyphs(in range: Range<Int>, face: any FontFace, size: Double) {
        var spaceAdvance: Float? = nil
        for glyph in range {
            let unit = utf16[Int(buffers.glyphs.records[glyph].cluster)]
            guard CharacterClass.isControl(unit) else { continue }
            buffers.glyphs.records[glyph].glyphID = ShapedGlyphBuffer.invisibleGlyph
            if unit == 0x09 {
                if spaceAdvance == nil { spaceAdvance = Self.spaceAdvance(of: face, size: size) }
                buffers.glyphs.records[glyph].advance = 4 * (spaceAdvance ?? Float(size / 4))
            } else {
                buffers.glyphs.records[glyph].advance = 0
            }
        }
    }

    static func spaceAdvance(of face: any FontFace, size: Double) -> Float {
        var buffer = ShapedGlyphBuffer()
        [UInt16(0x20)].withUnsafeBufferPointer {
            face.shape($0, range: 0..<1, options: ShapingOptions(size: size), into: &buffer)
        }
        return buffer.records.first?.advance ?? Float(size / 4)
    }

    /// Copies the scratch glyphs into ``TypesettingBuffers/glyphs``, dropping any whose cluster lies outside the item
    /// (a misbehaving shaper), and adding `kern` for every grapheme cluster a shaping cluster covers to the
    /// cluster's last glyph (tracking: the space after each grapheme, which the grapheme's box then includes).
    mutating func appendShaped(kern: Float, range: Range<Int>, clusterOffset: Int32 = 0) {
        let count = buffers.shapingScratch.count
        let lower = Int32(range.lowerBound)
        let upper = Int32(range.upperBound)
        let allInside = buffers.shapingScratch.records.allSatisfy { $0.cluster >= lower && $0.cluster < upper }
        if kern == 0, allInside {
            buffers.glyphs.append(contentsOf: buffers.shapingScratch, range: 0..<count, clusterOffset: clusterOffset)
            return
        }
        var index = 0
        // The advance of the cluster's glyphs before this one: negative kerning closes a cluster up to zero width at
        // most, so that the pen never steps back and each cluster keeps a box of its own for hits and selection.
        var clusterAdvance: Float = 0
        let scratch = buffers.shapingScratch.records
        while index < count {
            let cluster = scratch[index].cluster
            if index > 0, scratch[index - 1].cluster != cluster { clusterAdvance = 0 }
            if cluster >= lower, cluster < upper {
                var advance = scratch[index].advance
                if kern != 0, index + 1 == count || scratch[index + 1].cluster != cluster {
                    let added =
                        kern * Float(graphemesInShapingCluster(at: index, range: range, clusterOffset: clusterOffset))
                    advance = max(advance + added, min(advance, -clusterAdvance))
                }
                clusterAdvance += advance
                buffers.glyphs.append(
                    glyph: scratch[index].glyphID, cluster: cluster &+ clusterOffset, advance: advance,
                    xOffset: scratch[index].xOffset, yOffset: scratch[index].yOffset)
            }
            index += 1
        }
    }

    /// The number of grapheme clusters starting in the shaping cluster of scratch glyph `index`: from its cluster
    /// to the next cluster in logical order (the next glyph's cluster left to right, the previous glyph's right to
    /// left — HarfBuzz keeps clusters monotonic), or the end of `range`.
    func graphemesInShapingCluster(at index: Int, range: Range<Int>, clusterOffset: Int32) -> Int {
        let records = buffers.shapingScratch.records
        let cluster = records[index].cluster
        var end = Int32(range.upperBound)
        var probe = index
        let descending = records.count > 1 && records[0].cluster > records[records.count - 1].cluster
        while probe >= 0, probe < records.count, records[probe].cluster == cluster {
            probe += descending ? -1 : 1
        }
        if probe >= 0, probe < records.count, records[probe].cluster > cluster {
            end = min(end, records[probe].cluster)
        }
        let start = Int(cluster &+ clusterOffset)
        let stop = Int(end &+ clusterOffset)
        guard start >= 0, start < stop, stop <= utf16.count else { return 1 }
        return graphemeCount(in: start..<stop)
    }

    /// ``spreadAdvances(glyphs:units:ownerFloor:glyphRecords:flags:advances:totals:starts:)`` for an
    /// item whose glyphs' clusters lie inside it and never go back (HarfBuzz's order: rising left to right, falling
    /// right to left), in one walk over its glyphs in the order of their clusters: the same sums, added in the same
    /// order. Returns false, having written some of the item's advances, when a cluster goes back or lies outside.
    @inline(__always) static func spreadInClusterOrder(
        _ item: Item, glyphRecords: UnsafeBufferPointer<ShapedGlyphBuffer.Record>,
        flags: UnsafeBufferPointer<TextBoundaryFlags>, advances: UnsafeMutableBufferPointer<Double>
    ) -> Bool {
        guard item.glyphStart < item.glyphEnd else { return true }
        // Right to left, the walk goes from the last glyph back, so that clusters rise as they do left to right.
        let step = item.level & 1 == 1 ? -1 : 1
        var glyph = step == 1 ? item.glyphStart : item.glyphEnd - 1
        let stop = step == 1 ? item.glyphEnd : item.glyphStart - 1
        var cluster = Int(glyphRecords[glyph].cluster)
        guard cluster >= item.start, cluster < item.end else { return false }
        while glyph != stop {
            // The glyphs of one cluster, and where the next cluster starts.
            var total = 0.0
            repeat {
                total += Double(glyphRecords[glyph].advance)
                glyph += step
            } while glyph != stop && Int(glyphRecords[glyph].cluster) == cluster
            var next = item.end
            if glyph != stop {
                next = Int(glyphRecords[glyph].cluster)
                guard next > cluster, next < item.end else { return false }
            }
            if next == cluster + 1, flags[cluster].contains(.graphemeBoundary) {
                advances[cluster] += total   // one grapheme: the share is the total
            } else {
                share(total, of: cluster..<next, ownerFloor: item.start, flags: flags, advances: advances)
            }
            cluster = next
        }
        return true
    }

    /// Gives each grapheme of `units` its share of the advances of `glyphs` (the part of an item they cover): a
    /// shaping cluster's advance goes to the graphemes it covers, evenly (a ligature of "ffi" gives each letter a
    /// third); a cluster that starts inside a grapheme adds to it (searching back no further than `ownerFloor`).
    @inline(__always) static func spreadAdvances(
        glyphs: Range<Int>, units: Range<Int>, ownerFloor: Int,
        glyphRecords: UnsafeBufferPointer<ShapedGlyphBuffer.Record>, flags: UnsafeBufferPointer<TextBoundaryFlags>,
        advances: UnsafeMutableBufferPointer<Double>, totals: UnsafeMutableBufferPointer<Double>,
        starts: UnsafeMutableBufferPointer<Bool>
    ) {
        let count = advances.count
        for glyph in glyphs {
            let cluster = Int(glyphRecords[glyph].cluster)
            guard cluster >= 0, cluster < count else { continue }
            totals[cluster] += Double(glyphRecords[glyph].advance)
            starts[cluster] = true
        }
        var offset = units.lowerBound
        while offset < units.upperBound {
            var next = offset + 1
            while next < units.upperBound, !starts[next] { next += 1 }
            share(totals[offset], of: offset..<next, ownerFloor: ownerFloor, flags: flags, advances: advances)
            offset = next
        }
    }

    /// Gives the graphemes that start in `cluster` equal shares of `total`; with none starting there, adds it all to
    /// the grapheme the cluster lies in (searching back no further than `ownerFloor`).
    @inline(__always) static func share(
        _ total: Double, of cluster: Range<Int>, ownerFloor: Int, flags: UnsafeBufferPointer<TextBoundaryFlags>,
        advances: UnsafeMutableBufferPointer<Double>
    ) {
        var graphemes = 0
        for position in cluster where flags[position].contains(.graphemeBoundary) { graphemes += 1 }
        if graphemes == 0 {
            var owner = cluster.lowerBound
            while owner > ownerFloor, !flags[owner].contains(.graphemeBoundary) { owner -= 1 }
            advances[owner] += total
        } else {
            let part = total / Double(graphemes)
            for position in cluster where flags[position].contains(.graphemeBoundary) { advances[position] += part }
        }
    }

    mutating func computeGraphemeAdvances() {
        let count = utf16.count
        // Moved out of the buffers while they are filled, so that filling them never copies them; the tables the
        // loops read are local constants, and every array is reached through one pointer per loop (no uniqueness or
        // exclusivity check per element: this ran a check per code unit and per glyph).
        var advances: [Double] = []
        var clusterTotals: [Double] = []
        var isClusterStart: [Bool] = []
        swap(&advances, &buffers.graphemeAdvances)
        swap(&clusterTotals, &buffers.clusterTotals)
        swap(&isClusterStart, &buffers.clusterStarts)
        defer {
            swap(&advances, &buffers.graphemeAdvances)
            swap(&clusterTotals, &buffers.clusterTotals)
            swap(&isClusterStart, &buffers.clusterStarts)
        }
        // A measurement's shaping wrote the advances of the items it kept no glyphs for (which the walk below
        // passes over) and cleared the rest.
        if !(writesAdvancesDirectly && wordCache != nil && advances.count == count) {
            advances.removeAll(keepingCapacity: true)
            advances.append(contentsOf: repeatElement(0, count: count))
        }
        let items = buffers.items
        // The glyphs and flags through pointers too: their bounds are checked once, below and per item, not per
        // glyph and code unit (a fifth of this walk's instructions).
        buffers.flags.withUnsafeBufferPointer { flags in
            buffers.glyphs.records.withUnsafeBufferPointer { glyphRecords in
                precondition(flags.count >= count)
                // The items whose clusters go back or lie outside them (none, mostly: the totals and starts are
                // then not filled at all).
                var unordered: [Int] = []
                advances.withUnsafeMutableBufferPointer { advances in
                    for (index, item) in items.enumerated() {
                        precondition(
                            item.start >= 0 && item.end <= count && item.glyphStart >= 0
                                && item.glyphEnd <= glyphRecords.count)
                        if !Self.spreadInClusterOrder(
                            item, glyphRecords: glyphRecords, flags: flags, advances: advances)
                        {
                            for offset in item.start..<item.end { advances[offset] = 0 }
                            unordered.append(index)
                        }
                    }
                }
                guard !unordered.isEmpty else { return }
                clusterTotals.removeAll(keepingCapacity: true)
                clusterTotals.append(contentsOf: repeatElement(0, count: count))
                isClusterStart.removeAll(keepingCapacity: true)
                isClusterStart.append(contentsOf: repeatElement(false, count: count))
                advances.withUnsafeMutableBufferPointer { advances in
                    clusterTotals.withUnsafeMutableBufferPointer { totals in
                        isClusterStart.withUnsafeMutableBufferPointer { starts in
                            for index in unordered {
                                let item = items[index]
                                Self.spreadAdvances(
                                    glyphs: item.glyphStart..<item.glyphEnd, units: item.start..<item.end,
                                    ownerFloor: item.start, glyphRecords: glyphRecords, flags: flags,
                                    advances: advances, totals: totals, starts: starts)
                            }
                        }
                    }
                }
            }
        }
    }
}
