import Foundation
import LabelKitText

// Itemization: runs of one face, style and bidi level, with font fallback per grapheme cluster.

extension TypesettingPass {
    /// The face index of `face` in ``faces``, adding it on first sight.
    mutating func index(of face: any FontFace) -> Int {
        // A label uses a handful of faces: a linear search beats hashing.
        if let index = faces.firstIndex(where: { $0 === face }) { return index }
        faces.append(face)
        return faces.count - 1
    }

    /// The scalar of a cluster of one scalar: one code unit (a lone surrogate included) or a surrogate pair.
    @inline(__always) static func onlyScalar(of cluster: Range<Int>, in buffer: UnsafeBufferPointer<UInt16>) -> UInt32?
    {
        let first = buffer[cluster.lowerBound]
        if cluster.count == 1 { return UInt32(first) }
        guard cluster.count == 2, UnicodeCodeUnits.isLeadSurrogate(first) else { return nil }
        let second = buffer[cluster.lowerBound + 1]
        guard UnicodeCodeUnits.isTrailSurrogate(second) else { return nil }
        return UnicodeCodeUnits.scalarValue(lead: first, trail: second)
    }

    /// The face index of a style's primary face.
    mutating func primaryFaceIndex(style: Int) throws(LayoutError) -> Int {
        let known = buffers.primaryFaceIndexByStyle[style]
        if known >= 0 { return known }
        let face: any FontFace
        // The kept memos' descriptor keeps its primary face too, for as long as they are kept.
        let keeps = usesKeptFallbackMemo(style: style)
        if keeps, let kept = buffers.keptPrimaryFace {
            face = kept
        } else {
            do {
                face = try fontSystem.face(for: text.styles[style].fontDescriptor)
            } catch {
                throw .font(error)
            }
            if keeps { buffers.keptPrimaryFace = face }
        }
        let index = index(of: face)
        buffers.primaryFaceIndexByStyle[style] = index
        if style < 64, face.coversPrintableASCII {
            asciiCoveredStyles |= 1 << UInt64(style)
            if face.covers(" ") { asciiAndSpaceCoveredStyles |= 1 << UInt64(style) }
        }
        return index
    }

    mutating func itemize(_ buffer: UnsafeBufferPointer<UInt16>) throws(LayoutError) {
        buffers.items.removeAll(keepingCapacity: true)
        // Read-only here: local constants, so the per-cluster loop reads them without reaching through the buffers,
        // their bounds checked once here rather than at every code unit.
        let flags = buffers.flags
        let levels = buffers.levels
        precondition(flags.count > buffer.count && levels.count >= buffer.count)
        try flags.withUnsafeBufferPointer { (flags) throws(LayoutError) in
            try levels.withUnsafeBufferPointer { (levels) throws(LayoutError) in
                try itemize(buffer, flags: flags, levels: levels)
            }
        }
    }

    /// ``itemize(_:)`` over `flags` and `levels`, which hold at least one flag and one level per code unit.
    private mutating func itemize(
        _ buffer: UnsafeBufferPointer<UInt16>, flags: UnsafeBufferPointer<TextBoundaryFlags>,
        levels: UnsafeBufferPointer<UInt8>
    ) throws(LayoutError) {
        var runCursor = 0
        let runs = text.runs
        let hasAttachments = !text.attachments.isEmpty
        // The item the clusters extend, in locals: appended when another item starts, rather than written back into
        // the items array (a uniqueness check and a bounds check) at every cluster.
        var open = OpenItem()
        // Whether the kept fallback memo answers for the style last asked about (asked once per style change).
        var keptVerdictStyle = -1
        var keptVerdict = false
        for paragraphIndex in buffers.paragraphs.indices {
            let paragraph = buffers.paragraphs[paragraphIndex]
            let firstItem = buffers.items.count
            buffers.paragraphs[paragraphIndex].firstItem = firstItem
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
                if hasAttachments, buffer[offset] == 0xFFFC, text.styles[style].attachment != nil {
                    // An attachment is an item of its own, in its style's font (for the line's metrics), never shaped.
                    var item = Item(
                        start: offset, end: clusterEnd, faceIndex: try primaryFaceIndex(style: style),
                        styleIndex: style,
                        level: level)
                    item.isAttachment = true
                    open.close(into: &buffers.items)
                    buffers.items.append(item)
                    previousClusterIsEmoji = false
                    offset = clusterEnd
                    continue
                }
                let isEmoji = flags[offset].contains(.emojiPresentation)
                let face: Int
                // Most clusters start with a character that needs a glyph of its own and is no space: one
                // comparison or two tell, and only the rest may continue the run before them.
                let first = buffer[offset]
                let isPrintableASCII =
                    clusterEnd - offset == 1 && first &- 0x21 < 0x5E && !isEmoji && style < 64
                    && asciiCoveredStyles & (1 << UInt64(style)) != 0
                if isPrintableASCII {
                    // Printable ASCII in a style whose primary face covers it all: that face, as asking would answer.
                    face = buffers.primaryFaceIndexByStyle[style]
                } else {
                    let isSpace = clusterEnd - offset == 1 && CharacterClass.isSpaceSeparator(first)
                    let mayNeedNoGlyph =
                        first != 0x09
                        && (CharacterClass.needsNoGlyph(UInt32(first)) || UnicodeCodeUnits.isLeadSurrogate(first))
                    if isSpace || mayNeedNoGlyph, !previousClusterIsEmoji,
                        let continued = faceContinuingRun(
                            through: offset..<clusterEnd, isSpace: isSpace, style: style, level: level, open: open,
                            buffer: buffer)
                    {
                        face = continued
                    } else {
                        face = try faceIndex(
                            cluster: offset..<clusterEnd, style: style, emoji: isEmoji, buffer: buffer)
                    }
                }
                previousClusterIsEmoji = isEmoji
                if open.isOpen, open.faceIndex == face, open.styleIndex == style, open.level == level,
                    open.end == offset
                {
                    open.end = clusterEnd
                } else {
                    open.close(into: &buffers.items)
                    open = OpenItem(start: offset, end: clusterEnd, faceIndex: face, styleIndex: style, level: level)
                }
                let start = offset
                offset = clusterEnd
                if !isEmoji {
                    // The clusters that follow in the same style run and at the same level, while each is one whose
                    // face is already known to be this item's, join the item without the questions above.
                    let styleEnd = runCursor + 1 < runs.count ? runs[runCursor + 1].start : Int.max
                    if style != keptVerdictStyle {
                        keptVerdictStyle = style
                        keptVerdict = style < 0x3FF && usesKeptFallbackMemo(style: style)
                    }
                    offset = continuation(
                        of: face, from: offset, before: min(styleEnd, paragraph.contentEnd), style: style,
                        level: level, buffer: buffer, flags: flags, levels: levels, readsKeptFaces: keptVerdict)
                    open.end = offset
                }
            }
            open.close(into: &buffers.items)
            buffers.paragraphs[paragraphIndex].endItem = buffers.items.count
        }
    }

    /// The end of the clusters from `start` (before `end`) that itemization would put in an item of `face`, style
    /// `style` and level `level` right after a cluster that is not emoji in that item, as far as it can tell without
    /// asking: each cluster at that level, not emoji and ending by `end`, and either one code unit — printable ASCII
    /// in a style whose primary face, `face`, covers it; a space `face` covers (a space continues the item before
    /// it); or a character that needs a glyph and whose face this pass's fallback memo, or with `readsKeptFaces` the
    /// kept fallback memo, already holds as `face` — or, with `readsKeptFaces`, several code units (a letter and its
    /// marks) that start with a character that needs a glyph and whose face the kept memo of clusters holds as
    /// `face`: in each case the face ``faceIndex(cluster:style:emoji:buffer:)`` would answer from them. The first
    /// cluster it cannot tell about ends the run, and the general path takes it.
    @inline(__always)
    func continuation(
        of face: Int, from start: Int, before end: Int, style: Int, level: UInt8, buffer: UnsafeBufferPointer<UInt16>,
        flags: UnsafeBufferPointer<TextBoundaryFlags>, levels: UnsafeBufferPointer<UInt8>, readsKeptFaces: Bool
    ) -> Int {
        guard style < 0x3FF else { return start }
        let styleBit: UInt64 = style < 64 ? 1 << UInt64(style) : 0
        let asciiIsPrimary = asciiCoveredStyles & styleBit != 0 && buffers.primaryFaceIndexByStyle[style] == face
        let asciiAndSpaceArePrimary = asciiIsPrimary && asciiAndSpaceCoveredStyles & styleBit != 0
        var coversSpace: Bool? = asciiAndSpaceArePrimary ? true : nil
        var faceIdentity: ObjectIdentifier?
        let memoKeys = buffers.fallbackMemoKeys
        let memoFaces = buffers.fallbackMemoFaces
        var offset = start
        while offset < end {
            guard levels[offset] == level, !flags[offset].contains(.emojiPresentation) else { break }
            if !flags[offset + 1].contains(.graphemeBoundary) {
                // A cluster of several code units: a letter and its marks (Arabic, Hebrew, Indic, Thai, Khmer,
                // decomposed Vietnamese). Its face is the kept cluster memo's, as the general path reads it.
                guard readsKeptFaces else { break }
                let identity = faceIdentity ?? ObjectIdentifier(faces[face])
                faceIdentity = identity
                guard
                    let clusterEnd = keptClusterEnd(
                        from: offset, before: end, face: identity, flags: flags, buffer: buffer)
                else { break }
                offset = clusterEnd
                continue
            }
            let unit = buffer[offset]
            if unit &- 0x20 < 0x5F, asciiAndSpaceArePrimary {   // the common case, told first
                offset += 1
                continue
            }
            if unit &- 0x21 < 0x5E, asciiCoveredStyles & styleBit != 0 {
                guard asciiIsPrimary else { break }
                offset += 1
                continue
            }
            if unit == 0x20 {
                if coversSpace == nil { coversSpace = faces[face].covers(" ") }
                guard coversSpace == true else { break }
                offset += 1
                continue
            }
            let scalar = UInt32(unit)
            // An object replacement character may be an attachment, an item of its own.
            guard !UnicodeCodeUnits.isSurrogate(unit), unit != 0xFFFC, !CharacterClass.isSpaceSeparator(unit),
                !CharacterClass.needsNoGlyph(scalar)
            else { break }
            let slot = Self.fallbackMemoSlot(of: scalar)
            if memoKeys[slot] == Self.fallbackMemoKey(style: style, emoji: false, scalar: scalar) {
                guard Int(memoFaces[slot]) == face else { break }
                offset += 1
                continue
            }
            // Not asked in this pass: the kept memo may know it from an earlier label (kana and ideographs vary more
            // than one label repeats them). Its answer is `face` exactly when it keeps the face of this item.
            guard readsKeptFaces else { break }
            if faceIdentity == nil { faceIdentity = ObjectIdentifier(faces[face]) }
            let keptKey = Self.keptFallbackKey(of: scalar, emoji: false)
            let keptSlot = Self.keptFallbackSlot(of: scalar)
            guard let kept = buffers.keptScalarFaces.identity(for: keptKey, in: keptSlot), kept == faceIdentity else {
                break
            }
            offset += 1
        }
        return offset
    }

    /// The end of the cluster of several code units at `start` when it ends by `end` and the kept memo of clusters
    /// holds `face` for it, as ``faceIndex(cluster:style:emoji:buffer:)`` reads that memo for a cluster that is not
    /// emoji and starts with a character that needs a glyph (no surrogate: a pair is one scalar, asked as such; no
    /// attachment); nil otherwise.
    func keptClusterEnd(
        from start: Int, before end: Int, face: ObjectIdentifier, flags: UnsafeBufferPointer<TextBoundaryFlags>,
        buffer: UnsafeBufferPointer<UInt16>
    ) -> Int? {
        let first = buffer[start]
        guard !UnicodeCodeUnits.isSurrogate(first), first != 0xFFFC, first != 0x09,
            !CharacterClass.needsNoGlyph(UInt32(first))
        else { return nil }
        var clusterEnd = start + 1
        while clusterEnd < end, !flags[clusterEnd].contains(.graphemeBoundary) { clusterEnd += 1 }
        guard flags[clusterEnd].contains(.graphemeBoundary),
            let packed = PackedCluster(start..<clusterEnd, in: buffer, emoji: false),
            buffers.keptClusterFaces.identity(for: packed, in: packed.slot(size: TypesettingBuffers.keptClusterSize))
                == face
        else { return nil }
        return clusterEnd
    }

    /// The key of a cluster of one scalar in the kept fallback memo (``TypesettingBuffers/keptScalarFaces``); never 0,
    /// the empty slot's key.
    @inline(__always) static func keptFallbackKey(of scalar: UInt32, emoji: Bool) -> UInt32 {
        (scalar << 1 | (emoji ? 1 : 0)) + 1
    }

    /// The slot of a scalar in the kept fallback memo (``TypesettingBuffers/keptScalarFaces``).
    @inline(__always) static func keptFallbackSlot(of scalar: UInt32) -> Int {
        Int((scalar &* 0x9E37_79B1) >> 21) & (TypesettingBuffers.keptFallbackSize - 1)
    }

    /// The key of a cluster of one scalar in the per-pass fallback memo (``TypesettingBuffers/fallbackMemoKeys``), for
    /// a style below 0x3FF.
    @inline(__always) static func fallbackMemoKey(style: Int, emoji: Bool, scalar: UInt32) -> UInt32 {
        (UInt32(style) + 1) << 22 | (emoji ? 1 << 21 : 0) | scalar
    }

    /// The slot of a scalar in the per-pass fallback memo.
    @inline(__always) static func fallbackMemoSlot(of scalar: UInt32) -> Int {
        Int((scalar &* 0x9E37) >> 4) & (TypesettingBuffers.fallbackMemoSize - 1)
    }

    mutating func faceIndex(
        cluster: Range<Int>, style: Int, emoji: Bool, buffer: UnsafeBufferPointer<UInt16>
    ) throws(LayoutError) -> Int {
        // A cluster of one scalar (a letter, a kana, an ideograph, an emoji without modifiers) asks once per pass:
        // the face depends only on the style and the scalar, and text repeats its characters. Checked first, so a
        // repeated character needs neither a coverage test nor a fallback lookup.
        var memoSlot = -1
        var memoKey: UInt32 = 0
        let scalar = Self.onlyScalar(of: cluster, in: buffer)
        if let scalar, style < 0x3FF {
            memoKey = Self.fallbackMemoKey(style: style, emoji: emoji, scalar: scalar)
            memoSlot = Self.fallbackMemoSlot(of: scalar)
            if buffers.fallbackMemoKeys[memoSlot] == memoKey { return Int(buffers.fallbackMemoFaces[memoSlot]) }
        }
        var keptSlot = -1
        var keptKey: UInt32 = 0
        if let scalar, memoSlot >= 0, usesKeptFallbackMemo(style: style) {
            keptKey = Self.keptFallbackKey(of: scalar, emoji: emoji)
            keptSlot = Self.keptFallbackSlot(of: scalar)
            if let identity = buffers.keptScalarFaces.identity(for: keptKey, in: keptSlot) {
                // The primary face first, as when the answer is worked out, so that faces keep their order.
                _ = try primaryFaceIndex(style: style)
                if let chosen = buffers.keptScalarFaces.index(of: identity, in: keptSlot, among: &faces) {
                    buffers.fallbackMemoKeys[memoSlot] = memoKey
                    buffers.fallbackMemoUsed = true
                    buffers.fallbackMemoFaces[memoSlot] = Int32(chosen)
                    return chosen
                }
            }
        }
        var clusterSlot = -1
        var clusterKey = PackedCluster()
        if scalar == nil, let packed = PackedCluster(cluster, in: buffer, emoji: emoji),
            usesKeptFallbackMemo(style: style)
        {
            clusterKey = packed
            clusterSlot = packed.slot(size: TypesettingBuffers.keptClusterSize)
            if let identity = buffers.keptClusterFaces.identity(for: packed, in: clusterSlot) {
                _ = try primaryFaceIndex(style: style)
                if let chosen = buffers.keptClusterFaces.index(of: identity, in: clusterSlot, among: &faces) {
                    return chosen
                }
            }
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
            buffers.fallbackMemoUsed = true
            buffers.fallbackMemoFaces[memoSlot] = Int32(chosen)
        }
        if clusterSlot >= 0 { buffers.keptClusterFaces.keep(faces[chosen], for: clusterKey, in: clusterSlot) }
        if keptSlot >= 0 { buffers.keptScalarFaces.keep(faces[chosen], for: keptKey, in: keptSlot) }
        return chosen
    }

    /// Whether a style's one-unit clusters may take their faces from the kept fallback memo (see
    /// ``TypesettingBuffers/keptScalarFaces``): decided once per style and pass. The memo belongs to one font system at
    /// one generation of its answers and to one descriptor; the first style to ask when they differ from the memo's
    /// empties it and takes it. A font system that tells no generation has its answers kept within one layout only.
    mutating func usesKeptFallbackMemo(style: Int) -> Bool {
        if buffers.keptFallbackVerdicts.count != text.styles.count {
            buffers.keptFallbackVerdicts.removeAll(keepingCapacity: true)
            buffers.keptFallbackVerdicts.append(contentsOf: repeatElement(-1, count: text.styles.count))
        }
        let known = buffers.keptFallbackVerdicts[style]
        if known >= 0 { return known == 1 }
        guard let generation = fontSystem.generation else {
            buffers.keptFallbackVerdicts[style] = 0
            return false
        }
        let descriptor = text.styles[style].fontDescriptor
        let sameAnswers =
            buffers.keptFallbackFontSystem === fontSystem && buffers.keptFallbackGeneration == generation
        if !sameAnswers || buffers.keptFallbackDescriptor == nil {
            buffers.keptScalarFaces.removeAll()
            buffers.keptClusterFaces.removeAll()
            buffers.keptFallbackFontSystem = fontSystem
            buffers.keptFallbackGeneration = generation
            buffers.keptFallbackDescriptor = descriptor
            buffers.keptPrimaryFace = nil
        }
        let usable = buffers.keptFallbackDescriptor == descriptor
        buffers.keptFallbackVerdicts[style] = usable ? 1 : 0
        return usable
    }

    /// The item of shaped text that ``itemize(_:)`` is extending cluster by cluster, if any (`isOpen`): an attachment's
    /// item or a paragraph's start closes it.
    struct OpenItem {
        var isOpen = false
        var start = 0
        var end = 0
        var faceIndex = 0
        var styleIndex = 0
        var level: UInt8 = 0

        init() {}

        init(start: Int, end: Int, faceIndex: Int, styleIndex: Int, level: UInt8) {
            (isOpen, self.start, self.end, self.faceIndex, self.styleIndex, self.level) =
                (true, start, end, faceIndex, styleIndex, level)
        }

        /// Appends the item, if open, to `items` and closes it.
        mutating func close(into items: inout [Item]) {
            guard isOpen else { return }
            items.append(Item(start: start, end: end, faceIndex: faceIndex, styleIndex: styleIndex, level: level))
            isOpen = false
        }
    }

    /// The face of the item before a cluster that can join it — a cluster of one space character (`isSpace`), or one
    /// that needs no glyph at all (a bidi mark, a zero-width space, a joiner; `itemize` leaves out tabs, whose width is
    /// the face's, and clusters after an emoji) — when it can take that item's face: same style, right after it in
    /// the same paragraph, and, for a space, the same bidi level and drawn by the item's face. (A mark at another bidi
    /// level still starts an item of its own, in the face of the text before it.)
    ///
    /// A space between two Japanese words is then the CJK font's space (3.36 px at 15 px in Noto Sans CJK, not DejaVu
    /// Sans' 4.77 px), so spacing follows the text it sits in, and a left-to-right mark inside Japanese text does not
    /// split its run — as in Pango, which gives space separators, controls and format characters the font of the run
    /// they continue rather than looking them up anew.
    ///
    /// `mutating` only so that calling it from `itemize` borrows `self` instead of copying the whole pass.
    @inline(never)
    mutating func faceContinuingRun(
        through cluster: Range<Int>, isSpace: Bool, style: Int, level: UInt8, open previous: OpenItem,
        buffer: UnsafeBufferPointer<UInt16>
    ) -> Int? {
        guard previous.isOpen, previous.end == cluster.lowerBound, previous.styleIndex == style else { return nil }
        if isSpace {
            guard previous.level == level, let scalar = Unicode.Scalar(buffer[cluster.lowerBound]),
                faces[previous.faceIndex].covers(scalar)
            else { return nil }
            return previous.faceIndex
        }
        return Self.needsNoGlyph(cluster, in: buffer) ? previous.faceIndex : nil
    }

    /// Whether every scalar of the cluster needs no glyph (see ``CharacterClass/needsNoGlyph(_:)``).
    static func needsNoGlyph(_ cluster: Range<Int>, in buffer: UnsafeBufferPointer<UInt16>) -> Bool {
        var offset = cluster.lowerBound
        while offset < cluster.upperBound {
            let (value, length) = UnicodeCodeUnits.decode(at: offset, in: buffer, limit: cluster.upperBound)
            if !CharacterClass.needsNoGlyph(value) { return false }
            offset += length
        }
        return true
    }

    /// Whether `face` draws every scalar of the cluster that needs a glyph (a lone surrogate never is drawn).
    static func face(
        _ face: any FontFace, covers cluster: Range<Int>, in buffer: UnsafeBufferPointer<UInt16>
    ) -> Bool {
        var offset = cluster.lowerBound
        while offset < cluster.upperBound {
            let (value, length) = UnicodeCodeUnits.decode(at: offset, in: buffer, limit: cluster.upperBound)
            offset += length
            if CharacterClass.needsNoGlyph(value) { continue }
            guard let scalar = Unicode.Scalar(value) else { return false }
            if !face.covers(scalar) { return false }
        }
        return true
    }
}
