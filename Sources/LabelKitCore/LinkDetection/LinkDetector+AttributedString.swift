import Foundation

/// The outcome of detecting links in an `AttributedString`: the text with `.link` and styles set, and every link.
///
/// ```swift
/// var text = AttributedString("Terms: example.com/terms, mail ana@example.com")
/// let result = LinkDetector().detectLinks(in: text)
/// result.text            // .link set on both, styled per kind
/// result.links.map(\.kind) // [.url, .email]
/// ```
public struct LinkDetectionResult: Sendable {
    /// The text with Foundation's `.link` set on each detected link (links the app set are left as they were).
    public var text: AttributedString
    /// The detected links and the links the app set itself (kind ``LinkKind/explicit``), sorted by position.
    public var links: [DetectedLink]

    /// Creates a result; ``LinkDetector/detectLinks(in:styles:)`` makes these, with the scalar offsets that
    /// ``trimmingDisplayedLinks(maximumLength:kinds:)`` relies on.
    package init(text: AttributedString, links: [DetectedLink]) {
        self.text = text
        self.links = links
    }
}

extension LinkDetector {
    /// Detects links in `text` and sets Foundation's `.link` on them, styled per kind.
    ///
    /// Links the app already set (`.link` runs) are never overridden: a detected link overlapping one is dropped,
    /// and the app's link is reported with kind ``LinkKind/explicit`` and its safety warnings (an explicit
    /// `javascript:` link is reported with ``LinkWarnings/disallowedScheme``). A detected link whose target is
    /// not allowed gets no `.link`.
    public func detectLinks(in text: AttributedString, styles: LinkStyles = .standard) -> LinkDetectionResult {
        let plain = String(text.characters)
        let scanned = ScannedText(plain)

        // The app's links, in scalar offsets: one pass over the runs.
        var explicitLinks: [DetectedLink] = []
        var scalarOffset = 0
        for (link, range) in text.runs[\.link] {
            let length = text.unicodeScalars[range].count
            defer { scalarOffset += length }
            guard let link else { continue }
            let scalarRange = scalarOffset..<(scalarOffset + length)
            let linkText = scanned.string(scalarRange)
            explicitLinks.append(
                DetectedLink(
                    kind: .explicit, range: scanned.utf16Range(scalarRange), scalarRange: scalarRange, text: linkText,
                    target: link, warnings: safetyPolicy.warnings(target: link, text: linkText)))
        }

        var detected = links(in: plain, scanned: scanned).filter { link in
            !explicitLinks.contains { $0.scalarRange.overlaps(link.scalarRange) }
        }
        var result = text
        var index = result.unicodeScalars.startIndex
        var indexOffset = 0
        for link in detected {
            guard let target = link.target else { continue }
            index = result.unicodeScalars.index(index, offsetBy: link.scalarRange.lowerBound - indexOffset)
            let end = result.unicodeScalars.index(index, offsetBy: link.scalarRange.count)
            indexOffset = link.scalarRange.lowerBound
            result[index..<end].link = target
            result[index..<end].labelKit.linkKind = link.kind
            styles[link.kind].apply(to: &result, range: index..<end)
        }
        detected.append(contentsOf: explicitLinks)
        detected.sort { $0.scalarRange.lowerBound < $1.scalarRange.lowerBound }
        return LinkDetectionResult(text: result, links: detected)
    }
}
