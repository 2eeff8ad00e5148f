import Foundation

// Shaping: glyphs of every item (through the shaped-word cache), and advances per grapheme cluster.

extension TypesettingPass {
    mutating func shapeItems(_ buffer: UnsafeBufferPointer<UInt16>) {
        buffers.glyphs.removeAll()
        var knownMetrics: [(face: Int, size: Double, metrics: FontMetrics)] = []
        for index in buffers.items.indices {
            let item = buffers.items[index]
            // The style's fields are read in place: copying the whole style per item costs more than shaping a
            // cached word.
            let styleIndex = item.styleIndex
            let fontSize = text.styles[styleIndex].fontSize
            let face = faces[item.faceIndex]
            buffers.shapingScratch.removeAll()
            let spacing = text.styles[styleIndex].clusterSpacing
            let options = ShapingOptions(
                size: fontSize, rightToLeft: item.level & 1 == 1, kerning: true, ligatures: spacing == 0,
                features: text.styles[styleIndex].fontFeatures
            )
            buffers.items[index].glyphStart = buffers.glyphs.count
            buffers.items[index].baselineShift = text.styles[styleIndex].baselineOffset
            if item.isAttachment, let attachment = text.styles[styleIndex].attachment {
                // One blank glyph as wide as the box: the attachment's advance, never drawn.
                buffers.glyphs.append(
                    glyph: ShapedGlyphBuffer.invisibleGlyph, cluster: Int32(item.start),
                    advance: Float(attachment.width))
            } else if let wordCache, spacing == 0 {
                // Cached words go straight into the item's glyphs: they were checked when they were stored.
                shapeWords(of: item.start..<item.end, face: face, options: options, cache: wordCache, buffer: buffer)
            } else {
                face.shape(buffer, range: item.start..<item.end, options: options, into: &buffers.shapingScratch)
                appendShaped(kern: Float(spacing), range: item.start..<item.end)
            }
            buffers.items[index].glyphEnd = buffers.glyphs.count
            replaceControlGlyphs(
                in: buffers.items[index].glyphStart..<buffers.items[index].glyphEnd, face: face, size: fontSize)
            if let known = knownMetrics.first(where: { $0.face == item.faceIndex && $0.size == fontSize }) {
                buffers.items[index].metrics = known.metrics
            } else {
                let metrics = face.metrics(size: fontSize)
                knownMetrics.append((item.faceIndex, fontSize, metrics))
                buffers.items[index].metrics = metrics
            }
        }
    }

    /// Shapes `range` word by word — a word runs up to and including the spaces after it — through the cache, and
    /// appends the glyphs to ``TypesettingBuffers/glyphs`` in visual order (words from last to first when right to left).
    ///
    /// HarfBuzz shapes a word in the script it finds in it. A word that starts with a letter of its own script
    /// (``CharacterClass/isScriptLetter(_:)``) gets the same script alone as inside its item; a word that starts with
    /// a digit, punctuation or a symbol takes, inside the item, the script of the nearest letter before it (or after
    /// it, at the item's start). Such a word is shaped and cached behind that letter — its *anchor* — so that digits
    /// between Latin words in Noto Sans CJK JP keep the `latn` glyphs they get when the item is shaped whole.
    mutating func shapeWords(
        of range: Range<Int>, face: any FontFace, options: ShapingOptions, cache: ShapedWordCache,
        buffer: UnsafeBufferPointer<UInt16>
    ) {
        // The lists are moved out of the buffers while they are used, so that filling them never copies them.
        var wordEnds: [Int] = []
        swap(&wordEnds, &buffers.wordEnds)
        var anchored: [UInt16] = []
        swap(&anchored, &buffers.anchoredWord)
        defer {
            swap(&wordEnds, &buffers.wordEnds)
            swap(&anchored, &buffers.anchoredWord)
        }
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
            let anchor =
                Self.startsWithScriptLetter(buffer, at: start, limit: end)
                ? nil : Self.scriptAnchor(of: start..<end, in: range, buffer: buffer)
            guard word.count <= ShapedWordCache.maximumWordLength else {
                // Too long to cache: shaped in place, from its anchor on, keeping only its own glyphs.
                let shaped = anchor.map { min($0.lowerBound, start)..<max($0.upperBound, end) } ?? start..<end
                buffers.shapingScratch.removeAll()
                face.shape(buffer, range: shaped, options: options, into: &buffers.shapingScratch)
                appendShaped(kern: 0, range: start..<end)
                continue
            }
            guard let anchor else {
                shapeCachedWord(word, start: start, face: face, options: options, cache: cache)
                continue
            }
            // The anchor letter, a space and the word when the anchor comes before it; the word and the letter
            // when it comes after (the word then ends with its space).
            anchored.removeAll(keepingCapacity: true)
            let wordOffset: Int
            if anchor.lowerBound < start {
                anchored.append(contentsOf: buffer[anchor])
                anchored.append(0x20)
                wordOffset = anchored.count
                anchored.append(contentsOf: word)
            } else {
                wordOffset = 0
                anchored.append(contentsOf: word)
                anchored.append(contentsOf: buffer[anchor])
            }
            anchored.withUnsafeBufferPointer { units in
                shapeCachedWord(
                    units, start: start - wordOffset, keeping: wordOffset..<(wordOffset + word.count), face: face,
                    options: options, cache: cache)
            }
        }
    }

    /// Appends the glyphs of `units[keeping]` — by default all of `units` — from the cache, or shapes all of `units`
    /// and caches those glyphs; clusters land at `start` plus their offset in `units`.
    private mutating func shapeCachedWord(
        _ units: UnsafeBufferPointer<UInt16>, start: Int, keeping kept: Range<Int>? = nil, face: any FontFace,
        options: ShapingOptions, cache: ShapedWordCache
    ) {
        let kept = kept ?? 0..<units.count
        let key = ShapedWordCache.key(face: face, options: options, units: units)
        if cache.appendGlyphs(for: key, units: units, clusterBase: Int32(start), into: &buffers.glyphs) { return }
        buffers.shapingScratch.removeAll()
        face.shape(units, range: 0..<units.count, options: options, into: &buffers.shapingScratch)
        // The kept glyphs are cached when they lie together (the anchor's glyphs before or after them).
        let clusters = buffers.shapingScratch.clusters
        let lower = Int32(kept.lowerBound)
        let upper = Int32(kept.upperBound)
        let first = clusters.firstIndex { $0 >= lower && $0 < upper } ?? clusters.count
        var last = first
        while last < clusters.count, clusters[last] >= lower, clusters[last] < upper { last += 1 }
        let together = !clusters[last...].contains { $0 >= lower && $0 < upper }
        if together {
            cache.store(key, face: face, units: units, glyphs: first..<last, of: buffers.shapingScratch, clusterBase: 0)
        }
        appendShaped(kern: 0, range: kept, clusterOffset: Int32(start))
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

    /// A tab becomes blank space four spaces wide; other control characters (C0 and C1, line breaks aside, which
    /// never reach shaping) become blank and zero-width — never the font's missing-glyph box.
    mutating func replaceControlGlyphs(in range: Range<Int>, face: any FontFace, size: Double) {
        var spaceAdvance: Float? = nil
        for glyph in range {
            let unit = utf16[Int(buffers.glyphs.clusters[glyph])]
            guard CharacterClass.isControl(unit) else { continue }
            buffers.glyphs.glyphIDs[glyph] = ShapedGlyphBuffer.invisibleGlyph
            if unit == 0x09 {
                if spaceAdvance == nil { spaceAdvance = Self.spaceAdvance(of: face, size: size) }
                buffers.glyphs.advances[glyph] = 4 * (spaceAdvance ?? Float(size / 4))
            } else {
                buffers.glyphs.advances[glyph] = 0
            }
        }
    }

    static func spaceAdvance(of face: any FontFace, size: Double) -> Float {
        var buffer = ShapedGlyphBuffer()
        [UInt16(0x20)].withUnsafeBufferPointer {
            face.shape($0, range: 0..<1, options: ShapingOptions(size: size), into: &buffer)
        }
        return buffer.advances.first ?? Float(size / 4)
    }

    /// Copies the scratch glyphs into ``TypesettingBuffers/glyphs``, dropping any whose cluster lies outside the item
    /// (a misbehaving shaper), and adding `kern` for every grapheme cluster a shaping cluster covers to the
    /// cluster's last glyph (tracking: the space after each grapheme, which the grapheme's box then includes).
    mutating func appendShaped(kern: Float, range: Range<Int>, clusterOffset: Int32 = 0) {
        let count = buffers.shapingScratch.count
        let lower = Int32(range.lowerBound)
        let upper = Int32(range.upperBound)
        let allInside = buffers.shapingScratch.clusters.allSatisfy { $0 >= lower && $0 < upper }
        if kern == 0, allInside {
            buffers.glyphs.append(contentsOf: buffers.shapingScratch, range: 0..<count, clusterOffset: clusterOffset)
            return
        }
        var index = 0
        while index < count {
            let cluster = buffers.shapingScratch.clusters[index]
            if cluster >= lower, cluster < upper {
                var advance = buffers.shapingScratch.advances[index]
                if kern != 0, index + 1 == count || buffers.shapingScratch.clusters[index + 1] != cluster {
                    advance +=
                        kern * Float(graphemesInShapingCluster(at: index, range: range, clusterOffset: clusterOffset))
                }
                buffers.glyphs.append(
                    glyph: buffers.shapingScratch.glyphIDs[index], cluster: cluster &+ clusterOffset, advance: advance,
                    xOffset: buffers.shapingScratch.xOffsets[index], yOffset: buffers.shapingScratch.yOffsets[index]
                )
            }
            index += 1
        }
    }

    /// The number of grapheme clusters starting in the shaping cluster of scratch glyph `index`: from its cluster
    /// to the next cluster in logical order (the next glyph's cluster left to right, the previous glyph's right to
    /// left — HarfBuzz keeps clusters monotonic), or the end of `range`.
    func graphemesInShapingCluster(at index: Int, range: Range<Int>, clusterOffset: Int32) -> Int {
        let clusters = buffers.shapingScratch.clusters
        let cluster = clusters[index]
        var end = Int32(range.upperBound)
        var probe = index
        while probe >= 0, probe < clusters.count, clusters[probe] == cluster {
            probe += clusters.count > 1 && isDescending(clusters) ? -1 : 1
        }
        if probe >= 0, probe < clusters.count, clusters[probe] > cluster { end = min(end, clusters[probe]) }
        let start = Int(cluster &+ clusterOffset)
        let stop = Int(end &+ clusterOffset)
        guard start >= 0, start < stop, stop <= utf16.count else { return 1 }
        return graphemeCount(in: start..<stop)
    }

    private func isDescending(_ clusters: [Int32]) -> Bool {
        clusters[0] > clusters[clusters.count - 1]
    }

    /// Spreads glyph advances over grapheme clusters: a shaping cluster's advance goes to the graphemes it covers,
    /// evenly (a ligature of "ffi" gives each letter a third).
    mutating func computeGraphemeAdvances() {
        let count = utf16.count
        buffers.graphemeAdvances.removeAll(keepingCapacity: true)
        buffers.graphemeAdvances.append(contentsOf: repeatElement(0, count: count))
        // Moved out of the buffers while they are used, so that filling them never copies them.
        var clusterTotals: [Double] = []
        var isClusterStart: [Bool] = []
        swap(&clusterTotals, &buffers.clusterTotals)
        swap(&isClusterStart, &buffers.clusterStarts)
        clusterTotals.removeAll(keepingCapacity: true)
        clusterTotals.append(contentsOf: repeatElement(0, count: count))
        isClusterStart.removeAll(keepingCapacity: true)
        isClusterStart.append(contentsOf: repeatElement(false, count: count))
        defer {
            swap(&clusterTotals, &buffers.clusterTotals)
            swap(&isClusterStart, &buffers.clusterStarts)
        }
        for item in buffers.items {
            for glyph in item.glyphStart..<item.glyphEnd {
                let cluster = Int(buffers.glyphs.clusters[glyph])
                clusterTotals[cluster] += Double(buffers.glyphs.advances[glyph])
                isClusterStart[cluster] = true
            }
            var offset = item.start
            while offset < item.end {
                var next = offset + 1
                while next < item.end, !isClusterStart[next] { next += 1 }
                let total = clusterTotals[offset]
                var graphemes = 0
                for position in offset..<next where buffers.flags[position].contains(.graphemeBoundary) {
                    graphemes += 1
                }
                if graphemes == 0 {
                    var owner = offset
                    while owner > item.start, !buffers.flags[owner].contains(.graphemeBoundary) { owner -= 1 }
                    buffers.graphemeAdvances[owner] += total
                } else {
                    let share = total / Double(graphemes)
                    for position in offset..<next where buffers.flags[position].contains(.graphemeBoundary) {
                        buffers.graphemeAdvances[position] += share
                    }
                }
                offset = next
            }
        }
    }
}
