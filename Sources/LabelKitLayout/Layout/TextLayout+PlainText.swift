extension TextLayout {
    /// The text of a UTF-16 `range` as people copy and hear it: the source text (all of it when `range` is nil, even
    /// what truncation hides), clamped to the text and widened to whole characters, with every inline box replaced
    /// by its ``InlineBox/copyText`` — an attachment by its ``/LabelKitText/TextAttachment/altText``, never U+FFFC —
    /// and each list item's marker (`"• "`, `"1. "`) before the item's first character, as TextKit copies them.
    ///
    /// Copying (``/LabelKitInteraction/Pasteboard``, ``/LabelKitInteraction/CopyMenu``) and accessibility labels read
    /// the text through it.
    ///
    /// ```swift
    /// // "Ana ✓" where ✓ is an attachment with altText "verified"
    /// layout.plainText()          // "Ana verified"
    /// layout.plainText(in: 0..<3) // "Ana"
    /// ```
    public func plainText(in range: Range<Int>? = nil) -> String {
        let count = utf16Count
        let lower = min(max(range?.lowerBound ?? 0, 0), count)
        let upper = min(max(range?.upperBound ?? count, lower), count)
        if lower == 0, upper == count, sourceInlineBoxes.isEmpty { return string }
        // Widening to whole characters keeps a surrogate pair or a cluster from being cut into invalid text.
        let utf16View = string.utf16
        let start = utf16View.index(utf16View.startIndex, offsetBy: lower)
        let end = utf16View.index(utf16View.startIndex, offsetBy: upper)
        let from = string.indices.last(where: { $0 <= start }) ?? string.startIndex
        let to = string.indices.first(where: { $0 >= end }) ?? string.endIndex
        guard !sourceInlineBoxes.isEmpty else { return String(string[from..<to]) }
        let fromOffset = from.utf16Offset(in: string)
        let toOffset = to.utf16Offset(in: string)
        var result = ""
        var copied = fromOffset
        let first = sourceInlineBoxes.partitioningIndex { $0.textRange.lowerBound >= fromOffset }
        for box in sourceInlineBoxes[first...] {
            // A list marker stands before its item: copied when the range starts at or before the item.
            guard box.textRange.lowerBound < toOffset else { break }
            result += substring(copied..<box.textRange.lowerBound)
            result += box.copyText
            copied = box.standsBeforeText ? box.textRange.lowerBound : box.textRange.upperBound
        }
        result += substring(copied..<toOffset)
        return result
    }

    /// The source text between two UTF-16 offsets that fall on scalar boundaries.
    private func substring(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let utf16 = string.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let end = utf16.index(start, offsetBy: range.count)
        return String(string[start..<end])
    }
}
