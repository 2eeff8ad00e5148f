import LabelKitText

// The advance of every grapheme cluster, from the glyphs of its shaping cluster, or from a cached word's totals.

extension Shaper {
    /// Spreads `entry`'s cluster totals of its kept units `kept` over the graphemes at `start`; false when the entry
    /// has none or the word does not start a grapheme there (its advances would then depend on the text before it).
    mutating func writeAdvances(of entry: ShapedWordCache.Entry, at start: Int, kept: Range<Int>) -> Bool {
        flags.withUnsafeBufferPointer { flags in
            guard start >= 0, start + kept.count < flags.count, flags[start].contains(.graphemeBoundary) else {
                return false
            }
            return output.graphemeAdvances.withUnsafeMutableBufferPointer { advances in
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

    /// Writes the advance of every grapheme cluster of a text of `count` code units into `output`, from the glyphs
    /// of `items` (after every stage that moves glyphs); a measurement's cached words (`measured`: shaped by
    /// ``shape(_:of:lending:faces:inlineBoxes:wordCache:measuring:items:into:)`` with `measuring`) have theirs already.
    // A stage's entry point is never inlined: profiles (Benchmarks/stage-costs.sh) attribute by stage.
    @inline(never)
    mutating func writeGraphemeAdvances(
        textLength count: Int, flags: [TextBoundaryFlags], items: [Item], measured: Bool,
        into output: inout ShapedGlyphs
    ) {
        // Moved out of the output and the shaper while they are filled, so that filling them never copies them; the
        // tables the loops read are local constants, and every array is reached through one pointer per loop (no
        // uniqueness or exclusivity check per element: this ran a check per code unit and per glyph).
        var advances: [Double] = []
        var clusterTotals: [Double] = []
        var isClusterStart: [Bool] = []
        swap(&advances, &output.graphemeAdvances)
        swap(&clusterTotals, &self.clusterTotals)
        swap(&isClusterStart, &self.clusterStarts)
        defer {
            swap(&advances, &output.graphemeAdvances)
            swap(&clusterTotals, &self.clusterTotals)
            swap(&isClusterStart, &self.clusterStarts)
        }
        // A measurement's shaping wrote the advances of the items it kept no glyphs for (which the walk below
        // passes over) and cleared the rest.
        if !(measured && advances.count == count) {
            advances.removeAll(keepingCapacity: true)
            advances.append(contentsOf: repeatElement(0, count: count))
        }
        // The glyphs and flags through pointers too: their bounds are checked once, below and per item, not per
        // glyph and code unit (a fifth of this walk's instructions).
        flags.withUnsafeBufferPointer { flags in
            output.glyphs.records.withUnsafeBufferPointer { glyphRecords in
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
