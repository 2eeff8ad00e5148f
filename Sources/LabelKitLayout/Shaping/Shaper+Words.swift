import LabelKitText

// Shaping through the shaped-word cache: an item word by word, a long word segment by segment, a word behind the
// letter whose script it takes; and a measurement's words written as advances without glyphs.

extension Shaper {
    /// What a measurement does instead of ``shapeWords(of:face:options:cache:buffer:)``: each cached word's
    /// cluster totals go straight into ``ShapedGlyphs/graphemeAdvances``, spread over the word's graphemes as
    /// ``writeGraphemeAdvances(textLength:flags:items:measured:into:)`` would spread its glyphs
    /// (``spreadClusterTotals(_:count:everyUnitHasTotal:at:flags:advances:)``), and no glyph is kept. When a piece
    /// of the item is not in the cache with its totals (a miss, a segment shaped in place, a word that does not
    /// start a grapheme), the item's advances are cleared and it is shaped into glyphs as a layout shapes it — so
    /// the advances are always those of the glyphs.
    mutating func measureWords(
        of range: Range<Int>, face: any FontFace, options: ShapingOptions, cache: WordCacheLookup,
        buffer: UnsafeBufferPointer<UInt16>
    ) {
        measuringItem = true
        itemNeedsGlyphs = false
        shapeWords(of: range, face: face, options: options, cache: cache, buffer: buffer)
        measuringItem = false
        guard itemNeedsGlyphs else { return }
        output.graphemeAdvances.withUnsafeMutableBufferPointer { advances in
            for offset in range { advances[offset] = 0 }
        }
        shapeWords(of: range, face: face, options: options, cache: cache, buffer: buffer)
    }

    /// Shapes `range` word by word — a word runs up to and including the spaces after it — through the cache, and
    /// appends the glyphs to ``ShapedGlyphs/glyphs`` in visual order (words from last to first when right to
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
        // shaper while it is used, so that filling it never copies it.
        var wordEnds: [Int] = []
        swap(&wordEnds, &self.wordEnds)
        defer { swap(&wordEnds, &self.wordEnds) }
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
            flags[offset + 1].contains(.graphemeBoundary)
        {
            return offset + 1
        }
        if unit >= 0x0E01, unit < 0x1800, offset > range.lowerBound,
            Self.isDictionaryScriptLetter(unit), Self.isDictionaryScriptLetter(buffer[offset - 1]),
            flags[offset].contains(.lineBreakOpportunity)
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
        if measuringItem, itemNeedsGlyphs { return }   // the item is shaped again into glyphs
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
        // comes after (the word then ends with its space). The list is moved out of the shaper while it is used.
        var anchored: [UInt16] = []
        swap(&anchored, &self.anchoredWord)
        defer { swap(&anchored, &self.anchoredWord) }
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
        swap(&segmentEnds, &self.segmentEnds)
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
            } else if measuringItem {
                itemNeedsGlyphs = true   // shaped in place: the item is shaped again into glyphs
                break
            } else {
                scratch.removeAll()
                face.shape(buffer, range: segment, options: options, into: &scratch)
                appendShaped(kern: 0, range: segment)
            }
        }
        swap(&segmentEnds, &self.segmentEnds)
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
        if measuringItem {
            if let entry = cache.cache.entry(for: key, units: units) {
                if !writeAdvances(of: entry, at: start + kept.lowerBound, kept: kept) { itemNeedsGlyphs = true }
                return
            }
            itemNeedsGlyphs = true   // stored below; the item is shaped again into glyphs, from the cache
        } else if cache.cache.appendGlyphs(
            for: key, units: units, clusterBase: Int32(start), into: &output.glyphs)
        {
            return
        }
        scratch.removeAll()
        face.shape(units, range: 0..<units.count, options: options, into: &scratch)
        // The kept glyphs are cached when they lie together (the anchor's glyphs before or after them).
        let records = scratch.records
        let lower = Int32(kept.lowerBound)
        let upper = Int32(kept.upperBound)
        let first = records.firstIndex { $0.cluster >= lower && $0.cluster < upper } ?? records.count
        var last = first
        while last < records.count, records[last].cluster >= lower, records[last].cluster < upper { last += 1 }
        let together = !records[last...].contains { $0.cluster >= lower && $0.cluster < upper }
        if together {
            cache.cache.store(
                key, face: face, units: units, kept: kept, rightToLeft: options.rightToLeft, glyphs: first..<last,
                of: scratch, clusterBase: 0)
        }
        if measuringItem { return }
        appendShaped(kern: 0, range: kept, clusterOffset: Int32(start))
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

}
