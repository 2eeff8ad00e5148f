/// How ``TextLayout/plainText(in:ruby:)`` gives ruby annotations.
public enum RubyCopyStyle: Sendable, Hashable {
    /// The base text alone (the default), as people read it: `漢字`.
    case baseOnly
    /// Each annotation in parentheses after its base: `漢字(かんじ)`.
    case parenthesized
}

extension TextLayout {
    /// The text of a UTF-16 `range` as people copy and hear it: the source text (all of it when `range` is nil, even
    /// what truncation hides), clamped to the text and widened to whole characters, with every inline box replaced
    /// by its ``InlineBox/copyText`` — an attachment by its ``/LabelKitText/TextAttachment/altText``, never U+FFFC —
    /// and each list item's marker (`"• "`, `"1. "`) before the item's first character, as TextKit copies them.
    ///
    /// Copying (``/LabelKitInteraction/Pasteboard``, ``/LabelKitInteraction/CopyMenu``) and accessibility labels read
    /// the text through it.
    ///
    /// Ruby gives its base text alone, as people read it; with `ruby` ``RubyCopyStyle/parenthesized``, each annotation
    /// shown follows its base in parentheses (`漢字(かんじ)`), when the range holds the whole base.
    ///
    /// ```swift
    /// // "Ana ✓" where ✓ is an attachment with altText "verified"
    /// layout.plainText()          // "Ana verified"
    /// layout.plainText(in: 0..<3) // "Ana"
    /// ```
    public func plainText(in range: Range<Int>? = nil, ruby: RubyCopyStyle = .baseOnly) -> String {
        let count = utf16Count
        let lower = min(max(range?.lowerBound ?? 0, 0), count)
        let upper = min(max(range?.upperBound ?? count, lower), count)
        let annotated = ruby == .parenthesized && !rubyAreas.isEmpty
        if lower == 0, upper == count, sourceInlineBoxes.isEmpty, !annotated { return string }
        // Widening to whole characters keeps a surrogate pair or a cluster from being cut into invalid text.
        let utf16View = string.utf16
        let start = utf16View.index(utf16View.startIndex, offsetBy: lower)
        let end = utf16View.index(utf16View.startIndex, offsetBy: upper)
        let from = string.indices.last(where: { $0 <= start }) ?? string.startIndex
        let to = string.indices.first(where: { $0 >= end }) ?? string.endIndex
        guard !sourceInlineBoxes.isEmpty || annotated else { return String(string[from..<to]) }
        let fromOffset = from.utf16Offset(in: string)
        let toOffset = to.utf16Offset(in: string)
        // What replaces or joins the text, in text order: each inline box's copy text (over its range, or before it
        // for a list marker), then each annotation after its base.
        var pieces: [(range: Range<Int>, text: String)] = []
        let first = sourceInlineBoxes.partitioningIndex { $0.textRange.lowerBound >= fromOffset }
        for box in sourceInlineBoxes[first...] {
            // A list marker stands before its item: copied when the range starts at or before the item.
            guard box.textRange.lowerBound < toOffset else { break }
            let lower = box.textRange.lowerBound
            pieces.append((box.standsBeforeText ? lower..<lower : box.textRange, box.copyText))
        }
        if annotated {
            for placed in inlineBoxes where !placed.isInTruncationToken {
                guard case .ruby(let annotation) = placed.box.content else { continue }
                let base = placed.box.textRange
                guard base.lowerBound >= fromOffset, base.upperBound <= toOffset else { continue }
                pieces.append((base.upperBound..<base.upperBound, "(\(annotation))"))
            }
            // Stable: at one offset, an annotation (after the base before it) comes before what stands there.
            pieces = pieces.enumerated().sorted {
                ($0.element.range.lowerBound, $0.element.range.isEmpty ? 0 : 1, $0.offset)
                    < ($1.element.range.lowerBound, $1.element.range.isEmpty ? 0 : 1, $1.offset)
            }.map(\.element)
        }
        var result = ""
        var copied = fromOffset
        for piece in pieces where piece.range.lowerBound >= copied {
            result += substring(copied..<piece.range.lowerBound)
            result += piece.text
            copied = piece.range.upperBound
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
