import LabelKitText

// Glyphs into the output: shaped runs checked and copied (with tracking), and control characters made blank.

extension Shaper {
    /// A tab becomes blank space one default tab interval wide (eight spaces of its font), until line breaking gives
    /// it its width on its line (``ParagraphTabs``); other control characters (C0 and C1, line breaks aside, which
    /// never reach shaping) become blank and zero-width — never the font's missing-glyph box.
    mutating func replaceControlGlyphs(in range: Range<Int>, of utf16: [UInt16], face: any FontFace, size: Double) {
        var spaceAdvance: Float? = nil
        for glyph in range {
            let unit = utf16[Int(output.glyphs.records[glyph].cluster)]
            guard CharacterClass.isControl(unit) else { continue }
            output.glyphs.records[glyph].glyphID = ShapedGlyphBuffer.invisibleGlyph
            if unit == 0x09 {
                sawTab = true
                if spaceAdvance == nil { spaceAdvance = Self.spaceAdvance(of: face, size: size) }
                output.glyphs.records[glyph].advance = 8 * (spaceAdvance ?? Float(size / 4))
            } else {
                output.glyphs.records[glyph].advance = 0
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

    /// Copies the scratch glyphs into ``ShapedGlyphs/glyphs``, dropping any whose cluster lies outside the item
    /// (a misbehaving shaper), and adding `kern` for every grapheme cluster a shaping cluster covers to the
    /// cluster's last glyph (tracking: the space after each grapheme, which the grapheme's box then includes).
    mutating func appendShaped(kern: Float, range: Range<Int>, clusterOffset: Int32 = 0) {
        let count = scratch.count
        let lower = Int32(range.lowerBound)
        let upper = Int32(range.upperBound)
        let allInside = scratch.records.allSatisfy { $0.cluster >= lower && $0.cluster < upper }
        if kern == 0, allInside {
            output.glyphs.append(contentsOf: scratch, range: 0..<count, clusterOffset: clusterOffset)
            return
        }
        var index = 0
        // The advance of the cluster's glyphs before this one: negative kerning closes a cluster up to zero width at
        // most, so that the pen never steps back and each cluster keeps a box of its own for hits and selection.
        var clusterAdvance: Float = 0
        let scratch = scratch.records
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
                output.glyphs.append(
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
        let records = scratch.records
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
        guard start >= 0, start < stop, stop <= utf16Count else { return 1 }
        return graphemeCount(in: start..<stop)
    }

}
