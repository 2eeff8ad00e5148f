import LabelKitText

/// The second stage: cuts every paragraph into items — runs of one face, style and bidi level — choosing a face for
/// each grapheme cluster (the style's own, or the font system's fallback), and makes each inline box an item of its
/// own.
///
/// Reads the text, its ``TextAnalysis`` (grapheme boundaries, emoji presentation, levels, paragraphs) and the font
/// system; writes an ``ItemizedText``. Owns the memos of the faces it chose: one for the text at hand
/// (``PassFallbackMemo``), and ``KeptFallbackAnswers`` that outlive it.
struct Itemizer: Sendable {
    /// The index in the text's faces of each style's primary face, -1 until it is looked up.
    var primaryFaceIndexByStyle: [Int] = []
    /// Bit `s` is set once style `s`'s primary face is known to cover printable ASCII (styles 0 to 63).
    var asciiCoveredStyles: UInt64 = 0
    /// Bit `s` is set once style `s`'s primary face is known to cover printable ASCII and the space (styles 0 to 63):
    /// itemization then takes a run of them in one step.
    var asciiAndSpaceCoveredStyles: UInt64 = 0
    /// The faces chosen within the text at hand.
    var fallbackMemo: PassFallbackMemo
    /// The faces chosen in earlier texts.
    var keptAnswers: KeptFallbackAnswers
    /// Per style of the text at hand: whether its fallback answers may go through the kept memos (1), may not (0),
    /// or not yet known (-1).
    var keptFallbackVerdicts: [Int8] = []

    /// An itemizer whose memos have their standard sizes.
    init() {
        fallbackMemo = PassFallbackMemo()
        keptAnswers = KeptFallbackAnswers()
    }

    /// Empties what belongs to one text, keeping the capacity and the kept answers.
    mutating func removeAll() {
        if !primaryFaceIndexByStyle.isEmpty { primaryFaceIndexByStyle.removeAll(keepingCapacity: true) }
        asciiCoveredStyles = 0
        asciiAndSpaceCoveredStyles = 0
        fallbackMemo.removeAll()
        if !keptFallbackVerdicts.isEmpty { keptFallbackVerdicts.removeAll(keepingCapacity: true) }
    }

    /// Itemizes `units`, the code units of `text`, into `itemized`, with the faces of `fontSystem`.
    // A stage's entry point is never inlined: profiles (Benchmarks/stage-costs.sh) attribute by stage.
    @inline(never)
    mutating func itemize(
        _ units: UnsafeBufferPointer<UInt16>, of text: StyledText, analysis: TextAnalysis, fontSystem: any FontSystem,
        into itemized: inout ItemizedText
    ) throws(LayoutError) {
        itemized.items.removeAll(keepingCapacity: true)
        itemized.paragraphItems.removeAll(keepingCapacity: true)
        primaryFaceIndexByStyle.append(contentsOf: repeatElement(-1, count: text.styles.count))
        // Read-only here: the per-cluster loop reads them through pointers, their bounds checked once here rather
        // than at every code unit.
        precondition(analysis.flags.count > units.count && analysis.levels.count >= units.count)
        try analysis.flags.withUnsafeBufferPointer { (flags) throws(LayoutError) in
            try analysis.levels.withUnsafeBufferPointer { (levels) throws(LayoutError) in
                try itemize(
                    units, of: text, paragraphs: analysis.paragraphs, flags: flags, levels: levels,
                    fontSystem: fontSystem, items: &itemized.items, faces: &itemized.faces,
                    paragraphItems: &itemized.paragraphItems)
            }
        }
    }

    /// ``itemize(_:of:analysis:fontSystem:into:)`` over `flags` and `levels`, which hold at least one flag and one level
    /// per code unit, writing the items, faces and paragraphs' items (each its own argument: read through a struct,
    /// the faces were retained and released around every call that reads them).
    private mutating func itemize(
        _ buffer: UnsafeBufferPointer<UInt16>, of text: StyledText, paragraphs: [Paragraph],
        flags: UnsafeBufferPointer<TextBoundaryFlags>, levels: UnsafeBufferPointer<UInt8>, fontSystem: any FontSystem,
        items: inout [Item], faces: inout [any FontFace], paragraphItems: inout [Range<Int>]
    ) throws(LayoutError) {
        var runCursor = 0
        let runs = text.runs
        let boxes = text.inlineBoxes
        var boxCursor = 0
        // The item the clusters extend, in locals: appended when another item starts, rather than written back into
        // the items array (a uniqueness check and a bounds check) at every cluster.
        var open = OpenItem()
        // Whether the kept fallback memo answers for the style last asked about (asked once per style change).
        var keptVerdictStyle = -1
        var keptVerdict = false
        for paragraph in paragraphs {
            let firstItem = items.count
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
                if boxCursor < boxes.count, buffer[offset] == 0xFFFC {
                    while boxCursor < boxes.count, boxes[boxCursor].textRange.lowerBound < offset { boxCursor += 1 }
                    if boxCursor < boxes.count, boxes[boxCursor].textRange.lowerBound == offset {
                        // An inline box is an item of its own, in its style's font (for the line's metrics), never
                        // shaped.
                        var item = Item(
                            start: offset, end: clusterEnd,
                            faceIndex: try primaryFaceIndex(
                                style: style, of: text, fontSystem: fontSystem, faces: &faces),
                            styleIndex: style, level: level)
                        item.inlineBox = Int32(boxCursor)
                        item.drawsNoHyphen = true
                        open.close(into: &items)
                        items.append(item)
                        previousClusterIsEmoji = false
                        offset = clusterEnd
                        continue
                    }
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
                    face = primaryFaceIndexByStyle[style]
                } else {
                    let isSpace = clusterEnd - offset == 1 && CharacterClass.isSpaceSeparator(first)
                    let mayNeedNoGlyph =
                        first != 0x09
                        && (CharacterClass.needsNoGlyph(UInt32(first)) || UnicodeCodeUnits.isLeadSurrogate(first))
                    if isSpace || mayNeedNoGlyph, !previousClusterIsEmoji,
                        let continued = faceContinuingRun(
                            through: offset..<clusterEnd, isSpace: isSpace, style: style, level: level, open: open,
                            faces: faces, buffer: buffer)
                    {
                        face = continued
                    } else {
                        face = try faceIndex(
                            cluster: offset..<clusterEnd, style: style, emoji: isEmoji, buffer: buffer, of: text,
                            fontSystem: fontSystem, faces: &faces)
                    }
                }
                previousClusterIsEmoji = isEmoji
                if open.isOpen, open.faceIndex == face, open.styleIndex == style, open.level == level,
                    open.end == offset
                {
                    open.end = clusterEnd
                } else {
                    open.close(into: &items)
                    open = OpenItem(start: offset, end: clusterEnd, faceIndex: face, styleIndex: style, level: level)
                }
                offset = clusterEnd
                if !isEmoji {
                    // The clusters that follow in the same style run and at the same level, while each is one whose
                    // face is already known to be this item's, join the item without the questions above.
                    let styleEnd = runCursor + 1 < runs.count ? runs[runCursor + 1].start : Int.max
                    if style != keptVerdictStyle {
                        keptVerdictStyle = style
                        keptVerdict =
                            style < 0x3FF && usesKeptFallbackMemo(style: style, of: text, fontSystem: fontSystem)
                    }
                    offset = continuation(
                        of: face, from: offset, before: min(styleEnd, paragraph.contentEnd), style: style,
                        level: level, buffer: buffer, flags: flags, levels: levels, faces: faces,
                        readsKeptFaces: keptVerdict)
                    open.end = offset
                }
            }
            open.close(into: &items)
            paragraphItems.append(firstItem..<items.count)
        }
    }

    /// The face index of `face` in `faces`, adding it on first sight.
    static func index(of face: any FontFace, in faces: inout [any FontFace]) -> Int {
        // A label uses a handful of faces: a linear search beats hashing.
        if let index = faces.firstIndex(where: { $0 === face }) { return index }
        faces.append(face)
        return faces.count - 1
    }

    /// The face index of a style's primary face.
    mutating func primaryFaceIndex(
        style: Int, of text: StyledText, fontSystem: any FontSystem, faces: inout [any FontFace]
    ) throws(LayoutError) -> Int {
        let known = primaryFaceIndexByStyle[style]
        if known >= 0 { return known }
        let face: any FontFace
        // The kept memos' descriptor keeps its primary face too, for as long as they are kept.
        let keeps = usesKeptFallbackMemo(style: style, of: text, fontSystem: fontSystem)
        if keeps, let kept = keptAnswers.primaryFace {
            face = kept
        } else {
            do {
                face = try fontSystem.face(for: text.styles[style].fontDescriptor)
            } catch {
                throw .font(error)
            }
            if keeps { keptAnswers.primaryFace = face }
        }
        let index = Self.index(of: face, in: &faces)
        primaryFaceIndexByStyle[style] = index
        if style < 64, face.coversPrintableASCII {
            asciiCoveredStyles |= 1 << UInt64(style)
            if face.covers(" ") { asciiAndSpaceCoveredStyles |= 1 << UInt64(style) }
        }
        return index
    }

    /// Whether a style's one-unit clusters may take their faces from the kept fallback memo (see
    /// ``KeptFallbackAnswers``): decided once per style and text. The memo belongs to one font system at one
    /// generation of its answers and to one descriptor; the first style to ask when they differ from the memo's
    /// empties it and takes it. A font system that tells no generation has its answers kept within one layout only.
    mutating func usesKeptFallbackMemo(style: Int, of text: StyledText, fontSystem: any FontSystem) -> Bool {
        if keptFallbackVerdicts.count != text.styles.count {
            keptFallbackVerdicts.removeAll(keepingCapacity: true)
            keptFallbackVerdicts.append(contentsOf: repeatElement(-1, count: text.styles.count))
        }
        let known = keptFallbackVerdicts[style]
        if known >= 0 { return known == 1 }
        guard let generation = fontSystem.generation else {
            keptFallbackVerdicts[style] = 0
            return false
        }
        let descriptor = text.styles[style].fontDescriptor
        let sameAnswers = keptAnswers.fontSystem === fontSystem && keptAnswers.generation == generation
        if !sameAnswers || keptAnswers.descriptor == nil {
            keptAnswers.forget(keepingFor: fontSystem, generation: generation, descriptor: descriptor)
        }
        let usable = keptAnswers.descriptor == descriptor
        keptFallbackVerdicts[style] = usable ? 1 : 0
        return usable
    }

    /// The item of shaped text that itemization is extending cluster by cluster, if any (`isOpen`): an inline box's
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
}
