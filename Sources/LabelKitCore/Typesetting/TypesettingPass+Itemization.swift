import Foundation

// Itemization: runs of one face, style and bidi level, with font fallback per grapheme cluster.

extension TypesettingPass {
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

    mutating func itemize(_ buffer: UnsafeBufferPointer<UInt16>) throws(LayoutError) {
        buffers.items.removeAll(keepingCapacity: true)
        var runCursor = 0
        let runs = text.runs
        for paragraphIndex in buffers.paragraphs.indices {
            let paragraph = buffers.paragraphs[paragraphIndex]
            buffers.paragraphs[paragraphIndex].firstItem = buffers.items.count
            var offset = paragraph.start
            var previousClusterIsEmoji = false
            while offset < paragraph.contentEnd {
                var clusterEnd = offset + 1
                while clusterEnd < paragraph.contentEnd, !buffers.flags[clusterEnd].contains(.graphemeBoundary) {
                    clusterEnd += 1
                }
                while runCursor + 1 < runs.count, runs[runCursor + 1].start <= offset { runCursor += 1 }
                let style = runs.isEmpty ? 0 : runs[runCursor].styleIndex
                let level = buffers.levels[offset]
                let isEmoji = buffers.flags[offset].contains(.emojiPresentation)
                let face: Int
                if let spaceFace = faceContinuingRun(
                    through: offset..<clusterEnd, style: style, level: level,
                    after: previousClusterIsEmoji ? nil : buffers.items.last,
                    paragraphFirstItem: buffers.paragraphs[paragraphIndex].firstItem
                ) {
                    face = spaceFace
                } else {
                    face = try faceIndex(cluster: offset..<clusterEnd, style: style, emoji: isEmoji, buffer: buffer)
                }
                previousClusterIsEmoji = isEmoji
                if let last = buffers.items.last, buffers.items.count > buffers.paragraphs[paragraphIndex].firstItem,
                    last.faceIndex == face, last.styleIndex == style, last.level == level, last.end == offset
                {
                    buffers.items[buffers.items.count - 1].end = clusterEnd
                } else {
                    buffers.items.append(
                        Item(start: offset, end: clusterEnd, faceIndex: face, styleIndex: style, level: level))
                }
                offset = clusterEnd
            }
            buffers.paragraphs[paragraphIndex].endItem = buffers.items.count
        }
    }

    mutating func faceIndex(
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
            memoSlot = Int((UInt32(unit) &* 0x9E37) >> 4) & (TypesettingBuffers.fallbackMemoSize - 1)
            if buffers.fallbackMemoKeys[memoSlot] == memoKey { return Int(buffers.fallbackMemoFaces[memoSlot]) }
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
            buffers.fallbackMemoKeys[memoSlot] = memoKey
            buffers.fallbackMemoFaces[memoSlot] = Int32(chosen)
        }
        return chosen
    }

    /// The face of the item before a cluster that is one space character, when the space can join that item: same
    /// style and bidi level, right after it, not after an emoji, and drawn by the item's face.
    ///
    /// A space between two Japanese words is then the CJK font's space (3.36 px at 15 px in Noto Sans CJK, not DejaVu
    /// Sans' 4.77 px), so spacing follows the text it sits in — as in Pango, which gives space separators the font of
    /// the run they continue rather than looking them up anew.
    ///
    /// `mutating` only so that calling it from `itemize` borrows `self` instead of copying the whole pass.
    mutating func faceContinuingRun(
        through cluster: Range<Int>, style: Int, level: UInt8, after previous: Item?, paragraphFirstItem: Int
    ) -> Int? {
        guard cluster.count == 1, Self.isSpaceSeparator(utf16[cluster.lowerBound]), let previous,
            buffers.items.count > paragraphFirstItem, previous.end == cluster.lowerBound, previous.styleIndex == style,
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
    static func face(
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
}
