import LabelKitText

// The faces of clusters: the shortcut that extends an item without asking, the memos' keys, and the general path.

extension Itemizer {
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

    /// The end of the clusters from `start` (before `end`) that itemization would put in an item of `face`, style
    /// `style` and level `level` right after a cluster that is not emoji in that item, as far as it can tell without
    /// asking: each cluster at that level, not emoji and ending by `end`, and either one code unit — printable ASCII
    /// in a style whose primary face, `face`, covers it; a space `face` covers (a space continues the item before
    /// it); or a character that needs a glyph and whose face this text's fallback memo, or with `readsKeptFaces` the
    /// kept fallback memo, already holds as `face` — or, with `readsKeptFaces`, several code units (a letter and its
    /// marks) that start with a character that needs a glyph and whose face the kept memo of clusters holds as
    /// `face`: in each case the face ``faceIndex(cluster:style:emoji:buffer:of:fontSystem:faces:)`` would answer from
    /// them. The first cluster it cannot tell about ends the run, and the general path takes it.
    ///
    /// A function of its own, called once per run it extends: inlined into the cluster loop that calls it, it cost a
    /// latin label about 700 more instructions (callgrind).
    @inline(never)
    func continuation(
        of face: Int, from start: Int, before end: Int, style: Int, level: UInt8, buffer: UnsafeBufferPointer<UInt16>,
        flags: UnsafeBufferPointer<TextBoundaryFlags>, levels: UnsafeBufferPointer<UInt8>, faces: [any FontFace],
        readsKeptFaces: Bool
    ) -> Int {
        guard style < 0x3FF else { return start }
        let styleBit: UInt64 = style < 64 ? 1 << UInt64(style) : 0
        let asciiIsPrimary = asciiCoveredStyles & styleBit != 0 && primaryFaceIndexByStyle[style] == face
        let asciiAndSpaceArePrimary = asciiIsPrimary && asciiAndSpaceCoveredStyles & styleBit != 0
        var coversSpace: Bool? = asciiAndSpaceArePrimary ? true : nil
        var faceIdentity: ObjectIdentifier?
        let memoKeys = fallbackMemo.keys
        let memoFaces = fallbackMemo.faces
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
            // Not asked in this text: the kept memo may know it from an earlier label (kana and ideographs vary more
            // than one label repeats them). Its answer is `face` exactly when it keeps the face of this item.
            guard readsKeptFaces else { break }
            if faceIdentity == nil { faceIdentity = ObjectIdentifier(faces[face]) }
            let keptKey = Self.keptFallbackKey(of: scalar, emoji: false)
            let keptSlot = Self.keptFallbackSlot(of: scalar)
            guard let kept = keptAnswers.scalarFaces.identity(for: keptKey, in: keptSlot), kept == faceIdentity else {
                break
            }
            offset += 1
        }
        return offset
    }

    /// The end of the cluster of several code units at `start` when it ends by `end` and the kept memo of clusters
    /// holds `face` for it, as ``faceIndex(cluster:style:emoji:buffer:of:fontSystem:faces:)`` reads that memo for a cluster that is not
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
            keptAnswers.clusterFaces.identity(for: packed, in: packed.slot(size: KeptFallbackAnswers.clusterSlots))
                == face
        else { return nil }
        return clusterEnd
    }

    /// The key of a cluster of one scalar in the kept fallback memo (``KeptFallbackAnswers/scalarFaces``); never 0,
    /// the empty slot's key.
    @inline(__always) static func keptFallbackKey(of scalar: UInt32, emoji: Bool) -> UInt32 {
        (scalar << 1 | (emoji ? 1 : 0)) + 1
    }

    /// The slot of a scalar in the kept fallback memo (``KeptFallbackAnswers/scalarFaces``).
    @inline(__always) static func keptFallbackSlot(of scalar: UInt32) -> Int {
        Int((scalar &* 0x9E37_79B1) >> 21) & (KeptFallbackAnswers.scalarSlots - 1)
    }

    /// The key of a cluster of one scalar in the per-text fallback memo (``PassFallbackMemo``), for a style below
    /// 0x3FF.
    @inline(__always) static func fallbackMemoKey(style: Int, emoji: Bool, scalar: UInt32) -> UInt32 {
        (UInt32(style) + 1) << 22 | (emoji ? 1 << 21 : 0) | scalar
    }

    /// The slot of a scalar in the per-text fallback memo.
    @inline(__always) static func fallbackMemoSlot(of scalar: UInt32) -> Int {
        Int((scalar &* 0x9E37) >> 4) & (PassFallbackMemo.size - 1)
    }

    /// The face index of the cluster `cluster` of style `style`: the style's primary face when it draws the cluster,
    /// else the font system's fallback — from the memos when they know it.
    mutating func faceIndex(
        cluster: Range<Int>, style: Int, emoji: Bool, buffer: UnsafeBufferPointer<UInt16>, of text: StyledText,
        fontSystem: any FontSystem, faces: inout [any FontFace]
    ) throws(LayoutError) -> Int {
        // A cluster of one scalar (a letter, a kana, an ideograph, an emoji without modifiers) asks once per text:
        // the face depends only on the style and the scalar, and text repeats its characters. Checked first, so a
        // repeated character needs neither a coverage test nor a fallback lookup.
        var memoSlot = -1
        var memoKey: UInt32 = 0
        let scalar = Self.onlyScalar(of: cluster, in: buffer)
        if let scalar, style < 0x3FF {
            memoKey = Self.fallbackMemoKey(style: style, emoji: emoji, scalar: scalar)
            memoSlot = Self.fallbackMemoSlot(of: scalar)
            if fallbackMemo.keys[memoSlot] == memoKey { return Int(fallbackMemo.faces[memoSlot]) }
        }
        var keptSlot = -1
        var keptKey: UInt32 = 0
        if let scalar, memoSlot >= 0, usesKeptFallbackMemo(style: style, of: text, fontSystem: fontSystem) {
            keptKey = Self.keptFallbackKey(of: scalar, emoji: emoji)
            keptSlot = Self.keptFallbackSlot(of: scalar)
            if let identity = keptAnswers.scalarFaces.identity(for: keptKey, in: keptSlot) {
                // The primary face first, as when the answer is worked out, so that faces keep their order.
                _ = try primaryFaceIndex(style: style, of: text, fontSystem: fontSystem, faces: &faces)
                if let chosen = keptAnswers.scalarFaces.index(of: identity, in: keptSlot, among: &faces) {
                    fallbackMemo.remember(chosen, for: memoKey, in: memoSlot)
                    return chosen
                }
            }
        }
        var clusterSlot = -1
        var clusterKey = PackedCluster()
        if scalar == nil, let packed = PackedCluster(cluster, in: buffer, emoji: emoji),
            usesKeptFallbackMemo(style: style, of: text, fontSystem: fontSystem)
        {
            clusterKey = packed
            clusterSlot = packed.slot(size: KeptFallbackAnswers.clusterSlots)
            if let identity = keptAnswers.clusterFaces.identity(for: packed, in: clusterSlot) {
                _ = try primaryFaceIndex(style: style, of: text, fontSystem: fontSystem, faces: &faces)
                if let chosen = keptAnswers.clusterFaces.index(of: identity, in: clusterSlot, among: &faces) {
                    return chosen
                }
            }
        }
        let primary = try primaryFaceIndex(style: style, of: text, fontSystem: fontSystem, faces: &faces)
        var chosen = primary
        if emoji || !Self.face(faces[primary], covers: cluster, in: buffer),
            let fallback = fontSystem.fallbackFace(
                for: UnsafeBufferPointer(rebasing: buffer[cluster]), descriptor: text.styles[style].fontDescriptor,
                emojiPresentation: emoji
            )
        {
            chosen = Self.index(of: fallback, in: &faces)
        }
        if memoSlot >= 0 { fallbackMemo.remember(chosen, for: memoKey, in: memoSlot) }
        if clusterSlot >= 0 { keptAnswers.clusterFaces.keep(faces[chosen], for: clusterKey, in: clusterSlot) }
        if keptSlot >= 0 { keptAnswers.scalarFaces.keep(faces[chosen], for: keptKey, in: keptSlot) }
        return chosen
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
    /// `mutating` only so that calling it from `itemize` borrows `self` instead of copying the itemizer.
    @inline(never)
    mutating func faceContinuingRun(
        through cluster: Range<Int>, isSpace: Bool, style: Int, level: UInt8, open previous: OpenItem,
        faces: [any FontFace], buffer: UnsafeBufferPointer<UInt16>
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
