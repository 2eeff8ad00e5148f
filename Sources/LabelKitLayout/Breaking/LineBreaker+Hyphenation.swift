import LabelKitText

extension LineBreaker {
    /// The end of a line that overflows at `overflow`, in a paragraph that may hyphenate: the latest of the word's
    /// hyphenation points (its soft hyphens and, with automatic hyphenation, its dictionary's points) where the line
    /// fits with its hyphen, else the last opportunity (with a hyphen if it follows a soft hyphen), else the
    /// overflowing cluster.
    func hyphenatedLineBreak(
        from lineStart: Int, lastOpportunity: Int, overflow: Int, paragraphEnd: Int, width maximumWidth: Double,
        rules: LineScanRules, of text: ShapedParagraphs
    ) -> LineBreak {
        let utf16 = text.utf16
        let hasOpportunity = lastOpportunity > lineStart
        let wordStart = hasOpportunity ? lastOpportunity : lineStart
        var candidates: [Int] = []
        // Soft hyphens in the overflowing word: ICU makes the offset after each an opportunity, but the word's last
        // opportunity before the overflow is `lastOpportunity` itself, so only those after it are new.
        var offset = wordStart + 1
        while offset <= overflow {
            if utf16[offset - 1] == CharacterClass.softHyphen, text.analysis.flags[offset].contains(.graphemeBoundary) {
                candidates.append(offset)
            }
            offset += 1
        }
        if rules.hyphenatesWords {
            let filled =
                hasOpportunity
                ? lineAdvance(of: text.trimmingTrailingSpaces(lineStart..<lastOpportunity), rules: rules, of: text) : 0
            if !hasOpportunity || filled < rules.hyphenationFactor * maximumWidth {
                // The whole word, even where an earlier line broke it, so that its digits or soft hyphens count.
                let word =
                    Self.wordBoundary(
                        before: wordStart, rules: rules, of: text)..<Self.wordBoundary(
                        after: overflow, limit: paragraphEnd, rules: rules, of: text)
                for point in dictionaryPoints(in: word, of: text) where point > wordStart && point <= overflow {
                    candidates.append(point)
                }
            }
        }
        candidates.sort()
        for point in candidates.reversed() {
            guard let hyphen = Self.hyphen(before: point, of: text) else { continue }
            if lineAdvance(of: lineStart..<point, rules: rules, of: text) + hyphen.advance <= maximumWidth {
                return LineBreak(offset: point, hyphen: hyphen)
            }
        }
        guard hasOpportunity else { return LineBreak(offset: overflow) }
        if utf16[lastOpportunity - 1] == CharacterClass.softHyphen {
            return LineBreak(offset: lastOpportunity, hyphen: Self.hyphen(before: lastOpportunity, of: text))
        }
        return LineBreak(offset: lastOpportunity)
    }

    /// The first word boundary after `offset`, or `limit`: an opportunity that does not follow a soft hyphen (a soft
    /// hyphen is inside its word).
    private static func wordBoundary(after offset: Int, limit: Int, rules: LineScanRules, of text: ShapedParagraphs)
        -> Int
    {
        var next = offset + 1
        while next < limit, !isWordBoundary(next, rules: rules, of: text) { next += 1 }
        return min(next, limit)
    }

    /// The last word boundary at or before `offset`, or 0.
    private static func wordBoundary(before offset: Int, rules: LineScanRules, of text: ShapedParagraphs) -> Int {
        var previous = offset
        while previous > 0, !isWordBoundary(previous, rules: rules, of: text) { previous -= 1 }
        return previous
    }

    private static func isWordBoundary(_ offset: Int, rules: LineScanRules, of text: ShapedParagraphs) -> Bool {
        rules.isOpportunity(text.analysis.flags[offset]) && text.utf16[offset - 1] != CharacterClass.softHyphen
            || CharacterClass.isLineBreak(text.utf16[offset - 1])
    }

    /// The dictionary's hyphenation points inside the word `range` (between two opportunities), as offsets in the
    /// text: none for a word that is a link or an attachment, set right to left, holding a digit, a soft hyphen (its
    /// own hyphens then take priority, as in CSS) or another non-letter between its letters, or of fewer than five
    /// letters. Punctuation around the word is left out.
    private func dictionaryPoints(in range: Range<Int>, of shaped: ShapedParagraphs) -> [Int] {
        guard let hyphenator, !range.isEmpty else { return [] }
        let utf16 = shaped.utf16
        let text = shaped.text
        // A mention, hashtag or cashtag, even one no detector made a link: # @ $ ＃ ＠ anywhere in the word.
        for offset in range where [0x23, 0x24, 0x40, 0xFF03, 0xFF20].contains(utf16[offset]) { return [] }
        // The letters: the word without the punctuation and spaces around it.
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, !Self.isWordLetter(scalarAt: start, in: utf16) { start += 1 }
        while end > start, !Self.isWordLetter(scalarAt: Self.scalarStart(before: end, in: utf16), in: utf16) {
            end = Self.scalarStart(before: end, in: utf16)
        }
        guard end - start >= 5 else { return [] }
        var letters = 0
        var offset = start
        while offset < end {
            guard Self.isWordLetter(scalarAt: offset, in: utf16) || Self.isMark(scalarAt: offset, in: utf16) else {
                return []
            }
            if Self.isWordLetter(scalarAt: offset, in: utf16) { letters += 1 }
            offset += UnicodeCodeUnits.isLeadSurrogate(utf16[offset]) && offset + 1 < end ? 2 : 1
        }
        guard letters >= 5 else { return [] }
        let styleIndex = text.styleIndex(at: start)
        let style = text.styles[styleIndex]
        guard style.attachment == nil else { return [] }
        for index in text.runs.indices where text.runs[index].start < end && text.runs[index].end > start {
            if text.styles[text.runs[index].styleIndex].linkIndex != nil { return [] }
        }
        let levelIndex = start
        if levelIndex < shaped.analysis.levels.count, shaped.analysis.levels[levelIndex] & 1 == 1 { return [] }
        guard let language = style.language ?? Self.defaultHyphenationLanguage else { return [] }
        let points = utf16[start..<end].withUnsafeBufferPointer {
            hyphenator.hyphenationPoints(in: $0, language: language)
        }
        return points.map { start + $0 }.filter {
            $0 > start && $0 < end && shaped.analysis.flags[$0].contains(.graphemeBoundary)
        }
    }

    /// The language words without one are hyphenated in: English, as UIKit's default locale.
    static let defaultHyphenationLanguage = try? LanguageTag("en-US")

    /// The hyphen drawn after the character before `offset`: U+2010 in the face and style of that character's item,
    /// or the hyphen-minus where the face has no U+2010; nil when neither has a glyph.
    static func hyphen(before offset: Int, of text: ShapedParagraphs) -> LineHyphen? {
        let items = text.itemized.items
        let itemIndex = text.itemized.items(overlapping: (offset - 1)..<offset, in: 0..<items.count).lowerBound
        // Left to right only: a hyphen at the visual start of a right-to-left run is not drawn. Nor after an item
        // that draws none (an inline box; upright text in a column, where words are not hyphenated).
        guard itemIndex < items.count, !items[itemIndex].drawsNoHyphen, items[itemIndex].level & 1 == 0 else {
            return nil
        }
        let item = items[itemIndex]
        let face = text.itemized.faces[item.faceIndex]
        let style = text.text.styles[item.styleIndex]
        let options = ShapingOptions(size: style.fontSize, language: style.language)
        for unit in [UInt16(0x2010), 0x2D] {
            var glyphs = ShapedGlyphBuffer()
            [unit].withUnsafeBufferPointer { face.shape($0, range: 0..<1, options: options, into: &glyphs) }
            if glyphs.count == 1, let record = glyphs.records.first, record.glyphID != 0 {
                return LineHyphen(glyph: record.glyphID, advance: Double(record.advance), itemIndex: itemIndex)
            }
        }
        return nil
    }

    private static func scalarStart(before offset: Int, in units: [UInt16]) -> Int {
        offset >= 2 && UnicodeCodeUnits.isTrailSurrogate(units[offset - 1])
            && UnicodeCodeUnits.isLeadSurrogate(units[offset - 2]) ? offset - 2 : offset - 1
    }

    private static func scalar(at offset: Int, in units: [UInt16]) -> Unicode.Scalar? {
        let unit = units[offset]
        if UnicodeCodeUnits.isLeadSurrogate(unit), offset + 1 < units.count,
            UnicodeCodeUnits.isTrailSurrogate(units[offset + 1])
        {
            let value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(units[offset + 1] - 0xDC00)
            return Unicode.Scalar(value)
        }
        return Unicode.Scalar(UInt32(unit))
    }

    private static func isWordLetter(scalarAt offset: Int, in units: [UInt16]) -> Bool {
        guard let scalar = scalar(at: offset, in: units) else { return false }
        return scalar.properties.isAlphabetic && scalar.properties.numericType == nil
    }

    private static func isMark(scalarAt offset: Int, in units: [UInt16]) -> Bool {
        guard let scalar = scalar(at: offset, in: units) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
