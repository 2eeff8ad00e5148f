import Foundation

/// A text whose long links are shortened for display, with the ranges mapped to the shortened text.
///
/// Made by ``LinkDetectionResult/trimmingDisplayedLinks(maximumLength:kinds:)``, the equivalent of ActiveLabel's
/// `urlMaximumLength`: a link longer than the maximum shows its first characters and "…", its target stays the
/// full URL, and every other range moves with the text.
///
/// ```swift
/// let result = LinkDetector().detectLinks(in: AttributedString("see https://example.com/a/very/long/path now"))
/// let trimmed = result.trimmingDisplayedLinks(maximumLength: 20)
/// String(trimmed.text.characters)  // "see https://example.com… now"
/// trimmed.links[0].target          // https://example.com/a/very/long/path
/// trimmed.displayedRange(forOriginal: NSRange(location: 41, length: 3)) // {25, 3}: "now"
/// ```
public struct TrimmedLinkText: Sendable {
    /// The displayed text, with `.link` and styles kept on the shortened links.
    public var text: AttributedString
    /// The links with ranges and text in the displayed text; targets unchanged.
    public var links: [DetectedLink]

    /// One shortened link: where it was in the original (UTF-16) and how long its display is.
    struct Edit: Sendable {
        var originalRange: NSRange
        var displayedLength: Int
        var originalScalars: Range<Int>
        var displayedScalarCount: Int
    }

    let edits: [Edit]

    /// The range in the displayed text that shows `range` of the original text (UTF-16 offsets).
    ///
    /// A range touching a shortened link grows to cover as much of the shortened display as it covered of the
    /// link. Returns `nil` for a negative location or length.
    public func displayedRange(forOriginal range: NSRange) -> NSRange? {
        guard range.location >= 0, range.length >= 0 else { return nil }
        let start = displayedOffset(forOriginal: range.location, roundingUp: false)
        let end = displayedOffset(forOriginal: range.location + range.length, roundingUp: true)
        return NSRange(location: start, length: max(0, end - start))
    }

    private func displayedOffset(forOriginal offset: Int, roundingUp: Bool) -> Int {
        var shift = 0
        for edit in edits {
            let editEnd = edit.originalRange.location + edit.originalRange.length
            if offset <= edit.originalRange.location { break }
            if offset >= editEnd {
                shift += edit.displayedLength - edit.originalRange.length
                continue
            }
            // Inside a shortened link: its start, or its displayed end.
            return edit.originalRange.location + shift + (roundingUp ? edit.displayedLength : 0)
        }
        return offset + shift
    }
}

extension LinkDetectionResult {
    /// Shortens the displayed text of links longer than `maximumLength` characters (grapheme clusters) to their
    /// first `maximumLength - 1` characters and "…"; targets stay full and all ranges are mapped.
    ///
    /// - Parameters:
    ///   - maximumLength: The most characters a link may show, the ellipsis included (at least 2).
    ///   - kinds: Which kinds to shorten; URLs by default.
    public func trimmingDisplayedLinks(maximumLength: Int, kinds: Set<LinkKind> = [.url]) -> TrimmedLinkText {
        let keep = max(maximumLength, 2) - 1
        var output = AttributedString()
        var cursor = text.startIndex
        var scalarCursor = 0
        var edits: [TrimmedLinkText.Edit] = []
        var shortened: [Int: String] = [:]
        for (linkIndex, link) in links.enumerated() where kinds.contains(link.kind) {
            guard link.text.count > max(maximumLength, 2) else { continue }
            let display = String(link.text.prefix(keep)) + "…"
            let start = text.unicodeScalars.index(cursor, offsetBy: link.scalarRange.lowerBound - scalarCursor)
            let end = text.unicodeScalars.index(start, offsetBy: link.scalarRange.count)
            output.append(text[cursor..<start])
            let attributes = text[start..<end].runs.first?.attributes ?? AttributeContainer()
            output.append(AttributedString(display, attributes: attributes))
            cursor = end
            scalarCursor = link.scalarRange.upperBound
            shortened[linkIndex] = display
            edits.append(
                .init(
                    originalRange: link.range, displayedLength: display.utf16.count,
                    originalScalars: link.scalarRange,
                    displayedScalarCount: display.unicodeScalars.count))
        }
        output.append(text[cursor...])

        let mapping = TrimmedLinkText(text: output, links: [], edits: edits)
        var mappedLinks: [DetectedLink] = []
        var scalarShift = 0
        var editIndex = 0
        for (linkIndex, link) in links.enumerated() {
            var mapped = link
            mapped.range = mapping.displayedRange(forOriginal: link.range) ?? link.range
            while editIndex < edits.count, edits[editIndex].originalScalars.upperBound <= link.scalarRange.lowerBound {
                scalarShift += edits[editIndex].displayedScalarCount - edits[editIndex].originalScalars.count
                editIndex += 1
            }
            let start = link.scalarRange.lowerBound + scalarShift
            if let display = shortened[linkIndex] {
                mapped.text = display
                mapped.scalarRange = start..<(start + display.unicodeScalars.count)
            } else {
                mapped.scalarRange = start..<(start + link.scalarRange.count)
            }
            mappedLinks.append(mapped)
        }
        return TrimmedLinkText(text: output, links: mappedLinks, edits: edits)
    }
}
