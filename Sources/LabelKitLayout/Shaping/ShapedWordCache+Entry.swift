import LabelKitText

extension ShapedWordCache {
    /// A shaped word in one allocation, the object's own: its glyphs' records (``ShapedGlyphBuffer/Record``, five
    /// 32-bit words each), then its code units, one 32-bit word each, then — when it has them — the cluster totals of
    /// its kept units, one `Double` (two words) each. A class, so that a lookup retains one object; tail-allocated, so
    /// that reading it retains nothing more and follows no second pointer (five arrays had cost five retains and
    /// releases per word, a tenth of a Japanese label's instructions).
    final class Entry: ManagedBuffer<EntryHeader, UInt32> {

        /// A new entry for `units` and the glyphs `range` of `buffer`, with clusters made relative to `clusterBase`;
        /// `kept` is the word's part of `units` (all of them, unless an anchor letter was shaped with it).
        static func make(
            key: Key, face: any FontFace, units: UnsafeBufferPointer<UInt16>, kept: Range<Int>, rightToLeft: Bool,
            glyphs range: Range<Int>, of buffer: ShapedGlyphBuffer, clusterBase: Int32
        ) -> Entry {
            let count = range.count
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: max(kept.count, 1)) { scratch in
                var totalsCount = 0
                var everyUnitHasTotal = false
                if let totals = scratch.baseAddress,
                    buffer.records.withUnsafeBufferPointer({ records in
                        clusterTotals(
                            of: UnsafeBufferPointer(rebasing: records[range]), clusterBase: clusterBase, kept: kept,
                            rightToLeft: rightToLeft, into: totals)
                    })
                {
                    totalsCount = kept.count
                    everyUnitHasTotal = !UnsafeBufferPointer(start: totals, count: totalsCount).contains { $0.isNaN }
                }
                let header = EntryHeader(
                    face: face, key: key, glyphCount: count, unitCount: units.count, totalsStart: kept.lowerBound,
                    totalsCount: totalsCount, everyUnitHasTotal: everyUnitHasTotal)
                let entry = unsafeDowncast(
                    Entry.create(minimumCapacity: 5 * count + units.count + 2 * totalsCount) { _ in header },
                    to: Entry.self)
                entry.fill(units: units, glyphs: range, of: buffer, clusterBase: clusterBase)
                if totalsCount > 0, let totals = scratch.baseAddress {
                    entry.withUnsafeMutablePointerToElements { elements in
                        UnsafeMutableRawPointer(elements + 5 * count + units.count).copyMemory(
                            from: totals, byteCount: 8 * totalsCount)
                    }
                }
                return entry
            }
        }

        /// The advance of each shaping cluster of the kept units `kept` of `glyphs` (whose clusters, less
        /// `clusterBase`, are offsets in the word's units), summed in the order in which
        /// ``Shaper/writeGraphemeAdvances(textLength:flags:items:measured:into:)`` walks them, at the cluster's first unit in `totals`, and NaN
        /// at every other unit; false, with `totals` unusable, unless that walk would meet the kept word's first unit
        /// first and then clusters that only rise inside it — what lets a measurement spread the totals over a
        /// label's graphemes exactly as the glyphs would have been
        /// (``Shaper/spreadClusterTotals(_:count:everyUnitHasTotal:at:flags:advances:)``).
        static func clusterTotals(
            of glyphs: UnsafeBufferPointer<ShapedGlyphBuffer.Record>, clusterBase: Int32, kept: Range<Int>,
            rightToLeft: Bool, into totals: UnsafeMutablePointer<Double>
        ) -> Bool {
            guard !glyphs.isEmpty, !kept.isEmpty else { return false }
            for index in 0..<kept.count { (totals + index).initialize(to: .nan) }
            let step = rightToLeft ? -1 : 1
            var glyph = rightToLeft ? glyphs.count - 1 : 0
            let stop = rightToLeft ? -1 : glyphs.count
            var previous: Int? = nil
            while glyph != stop {
                let cluster = Int(glyphs[glyph].cluster &- clusterBase)
                // The first cluster is the word's first unit; the others rise inside the word.
                if let previous {
                    guard cluster > previous, cluster < kept.upperBound else { return false }
                } else {
                    guard cluster == kept.lowerBound else { return false }
                }
                var total = 0.0
                repeat {
                    total += Double(glyphs[glyph].advance)
                    glyph += step
                } while glyph != stop && Int(glyphs[glyph].cluster &- clusterBase) == cluster
                guard !total.isNaN else { return false }
                totals[cluster - kept.lowerBound] = total
                previous = cluster
            }
            return true
        }

        /// Copies the glyphs `range` of `buffer` (clusters made relative to `clusterBase`) and `units` in.
        private func fill(
            units: UnsafeBufferPointer<UInt16>, glyphs range: Range<Int>, of buffer: ShapedGlyphBuffer,
            clusterBase: Int32
        ) {
            let count = range.count
            withUnsafeMutablePointerToElements { elements in
                // The records' bytes, five words each (a record is five 32-bit fields: checked once, in a test).
                buffer.records.withUnsafeBufferPointer { source in
                    elements.withMemoryRebound(to: ShapedGlyphBuffer.Record.self, capacity: count) { records in
                        for index in 0..<count {
                            var record = source[range.lowerBound + index]
                            record.cluster &-= clusterBase
                            (records + index).initialize(to: record)
                        }
                    }
                }
                for index in 0..<units.count { (elements + 5 * count + index).initialize(to: UInt32(units[index])) }
            }
        }

        /// Calls `body` with the cluster totals of the kept units `kept` (unaligned `Double`s, one per unit) and
        /// whether every unit has one, or returns false when the entry holds none for them.
        @inline(__always) func withClusterTotals(
            kept: Range<Int>, _ body: (UnsafeRawPointer, Bool) -> Void
        ) -> Bool {
            withUnsafeMutablePointers { header, elements in
                let count = header.pointee.totalsCount
                guard count > 0, count == kept.count, header.pointee.totalsStart == kept.lowerBound else {
                    return false
                }
                body(
                    UnsafeRawPointer(elements + 5 * header.pointee.glyphCount + header.pointee.unitCount),
                    header.pointee.everyUnitHasTotal)
                return true
            }
        }

        /// The word's key.
        var key: Key {
            // Through the pointer: reading `header` itself is a dynamically checked access.
            withUnsafeMutablePointerToHeader { $0.pointee.key }
        }

        /// Whether the word's key has the hash of `key`'s word and its every other field (the word's units aside).
        @inline(__always) func matches(_ key: Key) -> Bool {
            withUnsafeMutablePointerToHeader { header in
                let stored = header.pointee.key
                return stored.hash == key.hash && stored.length == key.length && stored.face == key.face
                    && stored.size == key.size && stored.options == key.options && stored.variant == key.variant
            }
        }

        /// The clock's mark (``EntryHeader/asked``); only under the cache's lock.
        var asked: Bool {
            get { withUnsafeMutablePointerToHeader { $0.pointee.asked } }
            set { withUnsafeMutablePointerToHeader { $0.pointee.asked = newValue } }
        }

        /// Whether the word's code units are `units`.
        func hasUnits(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
            // Through the pointers: reading `header` itself is a dynamically checked access.
            withUnsafeMutablePointers { header, elements in
                guard units.count == header.pointee.unitCount else { return false }
                let stored = elements + 5 * header.pointee.glyphCount
                for index in 0..<units.count where stored[index] != UInt32(units[index]) { return false }
                return true
            }
        }

        /// Appends the word's glyphs to `buffer` with clusters offset by `clusterBase`.
        func appendGlyphs(to buffer: inout ShapedGlyphBuffer, clusterBase: Int32) {
            withUnsafeMutablePointers { header, elements in
                let count = header.pointee.glyphCount
                elements.withMemoryRebound(to: ShapedGlyphBuffer.Record.self, capacity: count) {
                    buffer.append(records: $0, count: count, clusterOffset: clusterBase)
                }
            }
        }
    }
}
