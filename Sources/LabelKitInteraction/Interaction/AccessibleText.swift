import Foundation
import LabelKitLayout
import LabelKitText

/// The unit a screen reader reads by: AT-SPI's text granularities (`getStringAtOffset`).
public enum AccessibleTextGranularity: Sendable, Hashable, CaseIterable {
    /// One grapheme cluster (what a person calls a character: é, 👍🏽).
    case character
    /// The word at the offset, without the spaces or punctuation around it.
    case word
    /// The sentence at the offset, with the spaces after its terminator.
    case sentence
    /// The laid-out line at the offset.
    case line
    /// The paragraph at the offset, between hard line breaks.
    case paragraph
}

/// Where a piece of text starts and ends when a screen reader reads by boundaries: AT-SPI's boundary types
/// (`getTextAtOffset`). A piece runs from one boundary of the kind to the next.
public enum AccessibleTextBoundary: Sendable, Hashable, CaseIterable {
    /// Grapheme cluster boundaries.
    case character
    /// Word starts: a piece is a word and the spaces and punctuation after it.
    case wordStart
    /// Word ends: a piece is the spaces and punctuation before a word and the word.
    case wordEnd
    /// Sentence starts: a piece is a sentence and the spaces after it.
    case sentenceStart
    /// Sentence ends: a piece is the spaces before a sentence and the sentence.
    case sentenceEnd
    /// Line starts, from the layout's lines: a piece is a line with its trailing spaces and break.
    case lineStart
    /// Line ends, from the layout's lines.
    case lineEnd
}

/// One link of a label as a hypertext exposes it: its character range, its target and its place in the layout.
public struct AccessibleHyperlink: Sendable, Hashable {
    /// The index of the link in ``/LabelKitLayout/TextLayout/links``.
    public var layoutIndex: Int
    /// The link's characters (Unicode scalars) in ``AccessibleText/text``.
    public var characterRange: Range<Int>
    /// The link's UTF-16 range in the layout's text.
    public var utf16Range: Range<Int>
    /// Where the link goes.
    public var target: URL
    /// What the link reads.
    public var text: String
}

/// A run of characters that look alike, with the attributes a screen reader asks for, named as GTK names them.
///
/// The names are GTK's (`family-name`, `size`, `weight`, `style`, `fg-color`, `bg-color`, `underline`,
/// `strikethrough`, `language`), values as GTK writes them: size in points, weight 100…1000, style `normal` or
/// `italic`, colours as `r,g,b` in 0…65535, underline `none`, `single`, `double` or `error`, strikethrough `true` or
/// `false`.
public struct AccessibleAttributeRun: Sendable, Hashable {
    /// The run's characters in ``AccessibleText/text``.
    public var range: Range<Int>
    /// The attributes, by GTK's names.
    public var attributes: [String: String]
}

/// A label's text as a screen reader reads it: offsets in characters (Unicode scalars), as AT-SPI counts them, not in
/// UTF-16 code units, with boundaries, geometry, links and attribute runs all answered from the one drawn layout.
///
/// The text is the layout's source text with every inline box replaced by its spoken text — an attachment by its alt
/// text (the label's accessible name reads the same) — so a character of alt text maps to the attachment's one UTF-16
/// unit (U+FFFC) and the attachment's box. Truncated text is there in full; the truncation token is not part of the text. Every
/// conversion between character and UTF-16 offsets goes through ``characterOffset(forUTF16:)`` and
/// ``utf16Range(forCharacters:)``.
///
/// ```swift
/// let text = AccessibleText(layout: layout)      // "Read the terms 📜 now" with a link on "terms"
/// text.characterCount                            // 20: 📜 is one character (two UTF-16 units)
/// text.hyperlinks[0].characterRange              // 9..<14
/// text.range(at: 10, granularity: .word)         // 9..<14
/// text.characterOffset(at: tapPoint)             // the same character a tap there hits
/// ```
public struct AccessibleText: Sendable {
    /// The drawn layout.
    public let layout: TextLayout
    /// The text, attachments as their alt text.
    public let text: String
    /// The links in the text, in text order; a link hidden by truncation or in the truncation token is not here.
    public let hyperlinks: [AccessibleHyperlink]
    /// Per character of ``text``: the UTF-16 range of the source it comes from (an attachment's U+FFFC for alt text).
    private let sourceStarts: [Int]
    private let sourceEnds: [Int]
    /// The scalars of ``text``, for boundary rules.
    private let scalars: [Unicode.Scalar]

    /// Reads `layout`'s text.
    public init(layout: TextLayout) {
        self.layout = layout
        var scalars: [Unicode.Scalar] = []
        var starts: [Int] = []
        var ends: [Int] = []
        let boxes = layout.sourceInlineBoxes
        var nextBox = 0
        var offset = 0
        // The end of the text the last inline box stands for: its spoken text replaces all of it.
        var boxEnd = 0
        for scalar in layout.string.unicodeScalars {
            let width = scalar.utf16.count
            while nextBox < boxes.count, boxes[nextBox].textRange.lowerBound < offset { nextBox += 1 }
            if offset < boxEnd {
                // Inside a box's text: read as the box.
            } else if nextBox < boxes.count, boxes[nextBox].textRange.lowerBound == offset {
                let box = boxes[nextBox]
                boxEnd = box.textRange.upperBound
                for spokenScalar in box.spokenText.unicodeScalars {
                    scalars.append(spokenScalar)
                    starts.append(box.textRange.lowerBound)
                    ends.append(box.textRange.upperBound)
                }
            } else {
                scalars.append(scalar)
                starts.append(offset)
                ends.append(offset + width)
            }
            offset += width
        }
        self.scalars = scalars
        self.sourceStarts = starts
        self.sourceEnds = ends
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        self.text = String(view)
        var hyperlinks: [AccessibleHyperlink] = []
        let count = scalars.count
        for (index, link) in layout.links.enumerated() where !link.isInTruncationToken {
            guard !layout.rects(forLink: index).isEmpty else { continue }
            let range = Self.characterRange(forUTF16: link.range, starts: starts, ends: ends, count: count)
            hyperlinks.append(
                AccessibleHyperlink(
                    layoutIndex: index, characterRange: range, utf16Range: link.range, target: link.target,
                    text: layout.linkText(link)))
        }
        self.hyperlinks = hyperlinks
    }

    /// The number of characters (Unicode scalars) of ``text``.
    public var characterCount: Int { scalars.count }

    // MARK: Offsets

    /// The character offset of a UTF-16 offset of the layout's text: the character that starts there, or the one
    /// the offset falls inside (the lead of a surrogate pair); the first character of an attachment's alt text.
    public func characterOffset(forUTF16 offset: Int) -> Int {
        Self.characterOffset(forUTF16: offset, starts: sourceStarts, ends: sourceEnds)
    }

    /// The UTF-16 offset of the layout's text where character `offset` starts (clamped to the text).
    public func utf16Offset(forCharacter offset: Int) -> Int {
        guard offset < characterCount else { return layout.string.utf16.count }
        return sourceStarts[max(offset, 0)]
    }

    /// The UTF-16 range of the layout's text that characters `range` come from: a character of alt text brings
    /// the whole attachment.
    public func utf16Range(forCharacters range: Range<Int>) -> Range<Int> {
        let lower = min(max(range.lowerBound, 0), characterCount)
        let upper = min(max(range.upperBound, lower), characterCount)
        let start = utf16Offset(forCharacter: lower)
        guard upper > lower else { return start..<start }
        return start..<sourceEnds[upper - 1]
    }

    /// The characters of a UTF-16 range of the layout's text.
    public func characterRange(forUTF16 range: Range<Int>) -> Range<Int> {
        Self.characterRange(forUTF16: range, starts: sourceStarts, ends: sourceEnds, count: characterCount)
    }

    /// The text of characters `range` (clamped to the text).
    public func substring(_ range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), characterCount)
        let upper = min(max(range.upperBound, lower), characterCount)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[lower..<upper])
        return String(view)
    }

    private static func characterOffset(forUTF16 offset: Int, starts: [Int], ends: [Int]) -> Int {
        let index = starts.partitioningIndex { $0 >= offset }
        if index < starts.count, starts[index] == offset { return index }
        // Inside a surrogate pair: the character that holds the offset.
        if index > 0, offset < ends[index - 1] { return index - 1 }
        return index
    }

    private static func characterRange(forUTF16 range: Range<Int>, starts: [Int], ends: [Int], count: Int) -> Range<Int>
    {
        let lower = starts.partitioningIndex { $0 >= range.lowerBound }
        let upper = max(lower, ends.partitioningIndex { $0 > range.upperBound })
        return min(lower, count)..<min(upper, count)
    }

    // MARK: Boundaries

    /// The piece of text around character `offset` between two boundaries of `boundary` (AT-SPI's
    /// `getTextAtOffset`). At the end of the text, the last piece.
    ///
    /// ```swift
    /// // "Read the terms now."
    /// text.range(at: 10, boundary: .wordStart)   // 9..<15: "terms "
    /// text.range(at: 10, boundary: .wordEnd)     // 8..<14: " terms"
    /// ```
    public func range(at offset: Int, boundary: AccessibleTextBoundary) -> Range<Int> {
        Self.piece(at: offset, boundaries: boundaries(boundary), count: characterCount)
    }

    /// The unit of text at character `offset` (AT-SPI's `getStringAtOffset`): a grapheme cluster, a word, a sentence,
    /// a laid-out line or a paragraph. Between words, the word is the spaces or punctuation run there.
    public func range(at offset: Int, granularity: AccessibleTextGranularity) -> Range<Int> {
        switch granularity {
        case .character: return range(at: offset, boundary: .character)
        case .word:
            let segments = wordSegments()
            let clamped = min(max(offset, 0), max(characterCount - 1, 0))
            return segments.first(where: { $0.range.contains(clamped) })?.range ?? clamped..<clamped
        case .sentence: return range(at: offset, boundary: .sentenceStart)
        case .line: return range(at: offset, boundary: .lineStart)
        case .paragraph:
            return Self.piece(at: offset, boundaries: paragraphStarts(), count: characterCount)
        }
    }

    /// The offsets where pieces of `boundary` start, in order, 0 and the count included.
    public func boundaries(_ boundary: AccessibleTextBoundary) -> [Int] {
        var result: [Int]
        switch boundary {
        case .character:
            result = []
            var offset = 0
            for character in text {
                result.append(offset)
                offset += character.unicodeScalars.count
            }
        case .wordStart: result = wordSegments().filter(\.isWord).map(\.range.lowerBound)
        case .wordEnd: result = wordSegments().filter(\.isWord).map(\.range.upperBound)
        case .sentenceStart: result = sentenceBoundaries(atStarts: true)
        case .sentenceEnd: result = sentenceBoundaries(atStarts: false)
        case .lineStart:
            result = layout.lines.dropFirst().map { characterOffset(forUTF16: $0.textRange.lowerBound) }
        case .lineEnd:
            result = layout.lines.map { line in
                // A line's end before its break: the break belongs to the piece of the next line.
                var end = characterOffset(forUTF16: line.textRange.upperBound)
                while end > 0, end <= characterCount, Self.isLineBreak(scalars[end - 1]) { end -= 1 }
                return end
            }
        }
        return Array(Set(result + [0, characterCount])).sorted()
    }

    private static func piece(at offset: Int, boundaries: [Int], count: Int) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let clamped = min(max(offset, 0), count - 1)
        let next = boundaries.partitioningIndex { $0 > clamped }
        let start = next > 0 ? boundaries[next - 1] : 0
        let end = next < boundaries.count ? boundaries[next] : count
        return start..<end
    }

    /// The layout's word segments in characters.
    private func wordSegments() -> [(range: Range<Int>, isWord: Bool)] {
        layout.words().segments.map { (characterRange(forUTF16: $0.range), $0.isWord) }.filter { !$0.range.isEmpty }
    }

    private func paragraphStarts() -> [Int] {
        var result = [0, characterCount]
        for (index, scalar) in scalars.enumerated() where Self.isLineBreak(scalar) {
            // CR LF is one break.
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { continue }
            result.append(index + 1)
        }
        return Array(Set(result)).sorted()
    }

    /// Sentence boundaries by a simple rule that needs no dictionary: a sentence ends after a run of terminators
    /// (. ! ? … and their full-width forms) and closing quotes or brackets that is followed by a space, a line break
    /// or the end, and at a hard line break; the spaces after it belong to it.
    private func sentenceBoundaries(atStarts: Bool) -> [Int] {
        var result: [Int] = []
        var index = 0
        let count = scalars.count
        while index < count {
            let scalar = scalars[index]
            if Self.isLineBreak(scalar) {
                result.append(atStarts ? index + 1 : index)
                index += 1
                continue
            }
            guard Self.isSentenceTerminator(scalar) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < count, Self.isSentenceTerminator(scalars[end]) || Self.isClosing(scalars[end]) { end += 1 }
            let isFullWidth = Self.isFullWidthTerminator(scalar)
            guard end == count || isFullWidth || scalars[end].properties.isWhitespace else {
                index = end
                continue
            }
            var start = end
            while start < count, scalars[start].properties.isWhitespace, !Self.isLineBreak(scalars[start]) {
                start += 1
            }
            result.append(atStarts ? start : end)
            index = start
        }
        return result
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    private static func isSentenceTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E, 0x21, 0x3F, 0x2026, 0x203C, 0x2047, 0x2048, 0x2049: true
        default: isFullWidthTerminator(scalar)
        }
    }

    private static func isFullWidthTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3002, 0xFF01, 0xFF1F, 0xFF0E, 0xFF61: true
        default: false
        }
    }

    private static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .closePunctuation, .finalPunctuation: true
        default: scalar == "\"" || scalar == "'"
        }
    }

    // MARK: Geometry

    /// The box of character `offset` in the label's coordinates, from the rects a tap uses: its grapheme cluster's
    /// box (an attachment's box for alt text); nil when it is hidden by truncation or out of the text.
    public func characterExtents(at offset: Int) -> CGRect? {
        guard offset >= 0, offset < characterCount else { return nil }
        return layout.boundingRect(for: utf16Range(forCharacters: offset..<(offset + 1)))
    }

    /// The bounding box of characters `range` in the label's coordinates; nil when none is visible.
    public func rangeExtents(_ range: Range<Int>) -> CGRect? {
        layout.boundingRect(for: utf16Range(forCharacters: range))
    }

    /// The character under `point` (label coordinates) through the layout's hit-testing, the same answer a tap gets:
    /// the first character of the grapheme cluster hit; nil for no character or the truncation token.
    public func characterOffset(at point: CGPoint) -> Int? {
        guard let hit = layout.character(at: point), !hit.isInTruncationToken else { return nil }
        return characterOffset(forUTF16: hit.range.lowerBound)
    }

    // MARK: Links

    /// The index in ``hyperlinks`` of the link holding character `offset`, or nil.
    public func hyperlinkIndex(atCharacter offset: Int) -> Int? {
        hyperlinks.firstIndex { $0.characterRange.contains(offset) }
    }

    /// The index in ``hyperlinks`` of link `layoutIndex` of the layout's links, or nil when it is not exposed.
    public func hyperlinkIndex(forLayoutLink layoutIndex: Int) -> Int? {
        hyperlinks.firstIndex { $0.layoutIndex == layoutIndex }
    }

    // MARK: Attributes

    /// The run of characters around `offset` that share their attributes, with GTK's names and values: from the
    /// layout's runs, so the family is the face that draws the text (a fallback font where the asked-for one lacks
    /// a glyph). A link's look (colour, underline) is the view's ``LinkStyle``, drawn over the layout, so a link's
    /// characters share the run of the text around them. Text hidden by truncation has no run: its attributes are
    /// empty.
    public func attributeRun(at offset: Int) -> AccessibleAttributeRun {
        let runs = attributeRuns()
        let clamped = min(max(offset, 0), max(characterCount - 1, 0))
        if let run = runs.first(where: { $0.range.contains(clamped) }) { return run }
        // Between runs (hidden by truncation): the gap, without attributes.
        let before = runs.last { $0.range.upperBound <= clamped }?.range.upperBound ?? 0
        let after = runs.first { $0.range.lowerBound > clamped }?.range.lowerBound ?? characterCount
        return AccessibleAttributeRun(range: before..<after, attributes: [:])
    }

    /// Every attribute run of the visible text, in text order, neighbours with equal attributes merged.
    public func attributeRuns() -> [AccessibleAttributeRun] {
        var pieces: [AccessibleAttributeRun] = layout.runs.filter { !$0.isInTruncationToken }.map { run in
            AccessibleAttributeRun(
                range: characterRange(forUTF16: run.textRange), attributes: Self.attributes(of: run))
        }
        pieces.sort { $0.range.lowerBound < $1.range.lowerBound }
        var merged: [AccessibleAttributeRun] = []
        for piece in pieces where !piece.range.isEmpty {
            if var last = merged.last, last.attributes == piece.attributes,
                last.range.upperBound >= piece.range.lowerBound
            {
                last.range = last.range.lowerBound..<max(last.range.upperBound, piece.range.upperBound)
                merged[merged.count - 1] = last
            } else {
                merged.append(piece)
            }
        }
        return merged
    }

    private static func attributes(of run: GlyphRun) -> [String: String] {
        let style = run.style
        var attributes: [String: String] = [
            "family-name": run.face.familyName,
            "size": Self.number(style.fontSize),
            "weight": String(style.fontDescriptor.weight.rawValue),
            "style": style.fontDescriptor.italic ? "italic" : "normal",
            "fg-color": Self.gtkColor(style.foregroundColor),
            "underline": Self.gtkUnderline(style.underline),
            "strikethrough": style.strikethrough == nil ? "false" : "true",
        ]
        if let background = style.backgroundColor { attributes["bg-color"] = Self.gtkColor(background) }
        if let language = style.language { attributes["language"] = language.description }
        return attributes
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// GTK's colour value: red, green and blue in 0…65535.
    package static func gtkColor(_ color: LabelColor) -> String {
        [color.red, color.green, color.blue].map { String(Int(($0 * 65535).rounded())) }.joined(separator: ",")
    }

    /// GTK's underline values: Pango's `none`, `single`, `double`, `low` and `error`.
    package static func gtkUnderline(_ decoration: LineDecoration?) -> String {
        switch decoration {
        case nil: "none"
        case .double?: "double"
        case .dotted?, .dashed?: "error"
        default: "single"
        }
    }
}
