import Foundation
import LabelKitLayout
import LabelKitText

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
    /// The links of the truncation token ("…more"), which is not part of the text, so that a screen reader can still
    /// activate them: each with an empty character range at the end of the text, and its UTF-16 range in the
    /// token's string.
    public let truncationTokenLinks: [AccessibleHyperlink]
    /// The appearance the text is drawn in: text attributes report colours resolved against it, as drawn.
    public var appearance: Appearance
    /// Per character of ``text``: the UTF-16 range of the source it comes from (an attachment's U+FFFC for alt text).
    private let sourceStarts: [Int]
    private let sourceEnds: [Int]
    /// The scalars of ``text``, for the boundary rules (`AccessibleText+Boundaries.swift`).
    let scalars: [Unicode.Scalar]

    /// Reads `layout`'s text, drawn in `appearance`.
    public init(layout: TextLayout, appearance: Appearance = .light) {
        self.layout = layout
        self.appearance = appearance
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
            // A list marker is read before its item's first character, which follows it.
            while nextBox < boxes.count, boxes[nextBox].standsBeforeText, boxes[nextBox].textRange.lowerBound == offset
            {
                for spokenScalar in boxes[nextBox].spokenText.unicodeScalars {
                    scalars.append(spokenScalar)
                    // No source text of its own: an offset of the text is its item's character, never the marker's.
                    starts.append(offset)
                    ends.append(offset)
                }
                nextBox += 1
            }
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
        // An empty list item at the very end of the text: its marker is still read.
        while nextBox < boxes.count, boxes[nextBox].standsBeforeText, boxes[nextBox].textRange.lowerBound == offset {
            for spokenScalar in boxes[nextBox].spokenText.unicodeScalars {
                scalars.append(spokenScalar)
                starts.append(offset)
                ends.append(offset)
            }
            nextBox += 1
        }
        self.scalars = scalars
        self.sourceStarts = starts
        self.sourceEnds = ends
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        self.text = String(view)
        var hyperlinks: [AccessibleHyperlink] = []
        var tokenLinks: [AccessibleHyperlink] = []
        let count = scalars.count
        for (index, link) in layout.links.enumerated() {
            guard !layout.rects(forLink: index).isEmpty else { continue }
            guard !link.isInTruncationToken else {
                tokenLinks.append(
                    AccessibleHyperlink(
                        layoutIndex: index, characterRange: count..<count, utf16Range: link.range, target: link.target,
                        text: layout.linkText(link)))
                continue
            }
            let range = Self.characterRange(forUTF16: link.range, starts: starts, ends: ends, count: count)
            hyperlinks.append(
                AccessibleHyperlink(
                    layoutIndex: index, characterRange: range, utf16Range: link.range, target: link.target,
                    text: layout.linkText(link)))
        }
        self.hyperlinks = hyperlinks
        truncationTokenLinks = tokenLinks
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
        let index = skippingMarkers(from: starts.partitioningIndex { $0 >= offset }, starts: starts, ends: ends)
        if index < starts.count, starts[index] == offset { return index }
        // Inside a surrogate pair: the character that holds the offset.
        if index > 0, offset < ends[index - 1] { return index - 1 }
        return index
    }

    /// The first character from `index` on that is not a list marker's (a marker's characters have no source text):
    /// the item's own first character, when a marker is in front of it.
    private static func skippingMarkers(from index: Int, starts: [Int], ends: [Int]) -> Int {
        var index = index
        while index + 1 < starts.count, starts[index] == ends[index], starts[index + 1] == starts[index] { index += 1 }
        return index
    }

    private static func characterRange(forUTF16 range: Range<Int>, starts: [Int], ends: [Int], count: Int) -> Range<Int>
    {
        let lower = skippingMarkers(
            from: starts.partitioningIndex { $0 >= range.lowerBound }, starts: starts, ends: ends)
        let upper = max(lower, ends.partitioningIndex { $0 > range.upperBound })
        return min(lower, count)..<min(upper, count)
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
}
