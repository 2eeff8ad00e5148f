import Foundation

extension LinkDetectionResult {
    /// Shortens the displayed text of links longer than `maximumLength` characters (grapheme clusters) to their
    /// first `maximumLength - 1` characters and "…"; targets stay full and all ranges are mapped.
    ///
    /// - Parameters:
    ///   - maximumLength: The most characters a link may show, the ellipsis included (at least 2).
    ///   - kinds: Which built-in kinds to shorten; URLs by default. Custom and explicit links keep their text.
    public func trimmingDisplayedLinks(maximumLength: Int, kinds: LinkKinds = .url) -> TrimmedLinkText {
        let keep = max(maximumLength, 2) - 1
        var output = AttributedString()
        var cursor = text.startIndex
        var scalarCursor = 0
        var edits: [TrimmedLinkText.Edit] = []
        var shortened: [Int: String] = [:]
        for (linkIndex, link) in links.enumerated() where kinds.contains(kind: link.kind) {
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
