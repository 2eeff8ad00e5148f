extension TextLayout {
    /// The lines of a layout, top to bottom: a cheap view over its storage (``TextLayout/lines``).
    public struct Lines: RandomAccessCollection, Sendable {
        let layout: TextLayout

        /// The first line's index: 0.
        public var startIndex: Int { 0 }
        /// One past the last line's index: the number of lines.
        public var endIndex: Int { layout.lineData.count }

        /// The line at `position` (0 is the top line).
        public subscript(position: Int) -> LayoutLine { LayoutLine(layout: layout, index: position) }
    }

    /// Glyph runs of a layout or of one of its lines, in order: a cheap view over the layout's storage.
    public struct Runs: RandomAccessCollection, Sendable {
        let layout: TextLayout
        /// The runs' positions in the layout's run storage.
        let storage: Range<Int>

        /// The first run's index: 0.
        public var startIndex: Int { 0 }
        /// One past the last run's index: the number of runs.
        public var endIndex: Int { storage.count }

        /// The run at `position` (0 is the first, leftmost on its line).
        public subscript(position: Int) -> GlyphRun {
            precondition(position >= 0 && position < storage.count, "run index out of range")
            return GlyphRun(layout: layout, index: storage.lowerBound + position)
        }
    }

    /// The glyphs of a run, left to right, positioned in the label's coordinates: a cheap view over the layout's
    /// storage (``GlyphRun/glyphs``).
    public struct Glyphs: RandomAccessCollection, Sendable {
        let layout: TextLayout
        /// The glyphs' positions in the layout's glyph storage.
        let storage: Range<Int>
        /// The y coordinate of the run's baseline.
        let baseline: Double
        /// The x coordinate where the run ends: the pen position after its last glyph.
        let end: Double

        /// The first glyph's index: 0.
        public var startIndex: Int { 0 }
        /// One past the last glyph's index: the number of glyphs.
        public var endIndex: Int { storage.count }

        /// The glyph at `position` (0 is the leftmost).
        public subscript(position: Int) -> PositionedGlyph {
            precondition(position >= 0 && position < storage.count, "glyph index out of range")
            let index = storage.lowerBound + position
            let glyph = layout.glyphData[index]
            let offset = layout.glyphOffset(at: index)
            let next = index + 1 < storage.upperBound ? Double(layout.glyphData[index + 1].pen) : end
            return PositionedGlyph(
                glyphID: glyph.id, x: Double(glyph.pen + offset.x), y: baseline + Double(offset.y),
                advance: next - Double(glyph.pen), clusterOffset: Int(glyph.cluster))
        }
    }

    /// Grapheme cluster boxes of a line or a run, left to right: a cheap view over the layout's storage
    /// (``LayoutLine/clusters``, ``GlyphRun/clusters``).
    public struct Clusters: RandomAccessCollection, Sendable {
        let layout: TextLayout
        /// The boxes' positions in the layout's cluster storage.
        let storage: Range<Int>

        /// The first box's index: 0.
        public var startIndex: Int { 0 }
        /// One past the last box's index: the number of boxes.
        public var endIndex: Int { storage.count }

        /// The box at `position` (0 is the leftmost).
        public subscript(position: Int) -> LayoutCluster {
            precondition(position >= 0 && position < storage.count, "cluster index out of range")
            return LayoutCluster(layout.clusterBoxes[storage.lowerBound + position])
        }
    }
}
