import LabelKitText

/// The orientation stage, for vertical text only: after itemization it splits items where their grapheme clusters
/// stand differently in a column — upright, turned sideways or combined across the column — and turns the inline
/// boxes to stand upright; after shaping it sets every shaped item in its column. Horizontal text never meets it.
///
/// Reads the text's styles, its analysis and the items' faces; writes the items (split, their ``Item/orientation``
/// set), the analysis' flags (no line ends inside a combined cell) and the inline boxes as the lines hold them
/// (turned). Owns the memo of which faces have a vertical form of which character.
struct ColumnOrienter: Sendable {
    /// Whether a face (by index, in the high half) has a vertical form of a `Tr` character (the low half).
    private var verticalForms: [UInt64: Bool] = [:]

    /// Forgets what belongs to one text (the faces' indices), keeping the capacity.
    mutating func removeAll() {
        if !verticalForms.isEmpty { verticalForms.removeAll(keepingCapacity: true) }
    }

    /// Splits the items of vertical text in `orientation` where the orientation of their grapheme clusters changes
    /// and gives each item its orientation; upright and combined items read top to bottom whatever their bidi level
    /// (CSS: upright text is left to right). Inline boxes stand upright, turned so that their height runs along the
    /// column.
    mutating func orient(
        _ buffer: UnsafeBufferPointer<UInt16>, of text: StyledText, in orientation: TextOrientation,
        analysis: inout TextAnalysis, itemized: inout ItemizedText, inlineBoxes: inout [InlineBox]
    ) {
        let flags = analysis.flags
        var oriented: [Item] = []
        oriented.reserveCapacity(itemized.items.count)
        for paragraphIndex in analysis.paragraphs.indices {
            let paragraph = analysis.paragraphs[paragraphIndex]
            let firstItem = oriented.count
            // The end of the last run of digits combined upright (`.digits(n)`).
            var combinedDigitsEnd = -1
            for itemIndex in itemized.paragraphItems[paragraphIndex] {
                let item = itemized.items[itemIndex]
                if item.isInlineBox {
                    var upright = item
                    upright.orientation = .upright
                    oriented.append(upright)
                    continue
                }
                var pieceStart = item.start
                var pieceOrientation: GlyphOrientation? = nil
                var offset = item.start
                while offset < item.end {
                    var clusterEnd = offset + 1
                    while clusterEnd < item.end, !flags[clusterEnd].contains(.graphemeBoundary) { clusterEnd += 1 }
                    let standing = orientationOfCluster(
                        at: offset, style: text.styles[item.styleIndex].combineUpright,
                        face: item.faceIndex, faces: itemized.faces, in: orientation, buffer: buffer,
                        paragraphEnd: paragraph.contentEnd, combinedDigitsEnd: &combinedDigitsEnd)
                    if let current = pieceOrientation, current != standing {
                        oriented.append(Self.piece(of: item, pieceStart..<offset, standing: current))
                        pieceStart = offset
                    }
                    pieceOrientation = standing
                    offset = clusterEnd
                }
                oriented.append(Self.piece(of: item, pieceStart..<item.end, standing: pieceOrientation ?? .sideways))
            }
            itemized.paragraphItems[paragraphIndex] = firstItem..<oriented.count
        }
        itemized.items = oriented
        // A combined run is one cell of its column: no line ends inside it.
        for item in oriented where item.orientation == .combinedUpright && item.end - item.start > 1 {
            for offset in (item.start + 1)..<item.end {
                analysis.flags[offset].remove([.lineBreakOpportunity, .betweenLetters])
            }
        }
        // Upright in the column: a box's height runs along it and its width across it, centred on the column.
        for index in inlineBoxes.indices {
            let box = inlineBoxes[index]
            (inlineBoxes[index].width, inlineBoxes[index].height) = (box.height, box.width)
            inlineBoxes[index].alignment = .center
        }
    }

    private static func piece(of item: Item, _ range: Range<Int>, standing orientation: GlyphOrientation) -> Item {
        var piece = item
        (piece.start, piece.end, piece.orientation) = (range.lowerBound, range.upperBound, orientation)
        if orientation != .sideways { piece.level = item.level & ~1 }
        // Words set upright in a column are not hyphenated.
        if orientation.standsUpright { piece.drawsNoHyphen = true }
        return piece
    }

    /// How the cluster at `offset` stands in a vertical column: combined upright when its style asks for it, else by
    /// its first character's Vertical_Orientation (UAX #50) in mixed orientation — a `Tr` character upright only
    /// where its face has a vertical form of it, sideways otherwise — and upright in upright orientation.
    private mutating func orientationOfCluster(
        at offset: Int, style combine: CombineUpright, face: Int, faces: [any FontFace],
        in orientation: TextOrientation, buffer: UnsafeBufferPointer<UInt16>, paragraphEnd: Int,
        combinedDigitsEnd: inout Int
    ) -> GlyphOrientation {
        switch combine {
        case .none: break
        case .all: return .combinedUpright
        case .digits(let limit):
            if offset < combinedDigitsEnd { return .combinedUpright }
            let isDigit = { (unit: UInt16) in unit >= 0x30 && unit <= 0x39 }
            if isDigit(buffer[offset]), offset == 0 || !isDigit(buffer[offset - 1]) {
                var end = offset
                while end < paragraphEnd, isDigit(buffer[end]) { end += 1 }
                if end - offset <= limit {
                    combinedDigitsEnd = end
                    return .combinedUpright
                }
            }
        }
        guard orientation == .mixed else { return .upright }
        let value = UnicodeCodeUnits.decode(at: offset, in: buffer, limit: buffer.count).value
        switch VerticalOrientation.of(value) {
        case .upright, .transformedUpright: return .upright
        case .sideways: return .sideways
        case .transformedSideways:
            guard let scalar = Unicode.Scalar(value) else { return .sideways }
            let key = UInt64(face) << 32 | UInt64(value)
            if let known = verticalForms[key] { return known ? .upright : .sideways }
            let hasForm = faces[face].hasVerticalForm(of: scalar)
            verticalForms[key] = hasForm
            return hasForm ? .upright : .sideways
        }
    }

    /// Sets every shaped item of vertical text in its column, whose centre line is the line's baseline: every item's
    /// ascent and descent become half their sum, so that the column is as wide as a horizontal line is tall, centred;
    /// a sideways item's glyphs move down (towards the column's left side) to centre their em box on the line; a
    /// combined item is fitted into one em along the column, compressed when wider, and centred across it.
    static func setInColumns(_ items: inout [Item], glyphs: inout ShapedGlyphBuffer, styles: [ResolvedTextStyle]) {
        for index in items.indices {
            setInColumn(&items[index], glyphs: &glyphs, size: styles[items[index].styleIndex].fontSize)
        }
    }

    private static func setInColumn(_ item: inout Item, glyphs buffer: inout ShapedGlyphBuffer, size: Double) {
        let metrics = item.metrics
        let half = (metrics.ascent + metrics.descent) / 2
        var centred = metrics
        (centred.ascent, centred.descent) = (half, half)
        item.metrics = centred
        let glyphs = item.glyphStart..<item.glyphEnd
        switch item.orientation {
        case .sideways:
            let shift = Float((metrics.ascent - metrics.descent) / 2)
            item.glyphShift = shift
            for glyph in glyphs { buffer.records[glyph].yOffset -= shift }
        case .combinedUpright:
            guard !glyphs.isEmpty else { return }
            let em = Float(size)
            var width: Float = 0
            for glyph in glyphs { width += buffer.records[glyph].advance }
            let scale: Float = width > em ? em / width : 1
            item.combinedScale = scale
            // The text's baseline across the cell, from its start: the em box centred in the cell.
            let baselineDown = em / 2 + Float((metrics.ascent - metrics.descent) / 2)
            var horizontalPen: Float = 0
            var columnPen: Float = 0
            for glyph in glyphs {
                let advance = buffer.records[glyph].advance
                // Down the column, the cell is shared in proportion to the glyphs' widths (for hits and carets).
                let share = width > 0 ? em * advance / width : em / Float(glyphs.count)
                let x = horizontalPen + buffer.records[glyph].xOffset
                let lineX = baselineDown - buffer.records[glyph].yOffset
                let lineY = scale * width / 2 - scale * x
                buffer.records[glyph].xOffset = lineX - columnPen
                buffer.records[glyph].yOffset = -lineY
                buffer.records[glyph].advance = share
                horizontalPen += advance
                columnPen += share
            }
        case .horizontal, .upright:
            break
        }
    }
}

extension FontFace {
    /// Whether the face has a vertical form of `scalar`: whether shaping it upright in a vertical column (its `vert`
    /// and `vrt2` features) gives another glyph than shaping it horizontally. A character whose Vertical_Orientation
    /// is `Tr` (「, ー, 《) stands upright only in such a form, and is turned like Latin without one (UAX #50).
    public func hasVerticalForm(of scalar: Unicode.Scalar) -> Bool {
        let units = Array(String(scalar).utf16)
        var horizontal = ShapedGlyphBuffer()
        var vertical = ShapedGlyphBuffer()
        units.withUnsafeBufferPointer { buffer in
            shape(buffer, range: 0..<buffer.count, options: ShapingOptions(size: 16), into: &horizontal)
            shape(buffer, range: 0..<buffer.count, options: ShapingOptions(size: 16, vertical: true), into: &vertical)
        }
        return !vertical.glyphIDs.isEmpty && horizontal.glyphIDs != vertical.glyphIDs
    }
}
