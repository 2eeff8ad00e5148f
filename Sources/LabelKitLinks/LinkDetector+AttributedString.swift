import Foundation
import LabelKitText

extension LinkDetector {
    /// Detects links in `text` and sets Foundation's `.link` on them, with their kind and their safety warnings.
    ///
    /// Links the app already set (`.link` runs) are never overridden: a detected link overlapping one is dropped, and
    /// the app's link is reported with kind ``/LabelKitText/LinkKind/explicit`` and its safety warnings (an explicit
    /// `javascript:` link is reported with ``/LabelKitText/LinkWarnings/disallowedScheme``), which are set on it as
    /// ``/LabelKitText/LabelAttributes/LinkWarningsAttribute``. A detected link whose target is not allowed gets no
    /// `.link`. The warnings reach the laid-out link (``/LabelKitLayout/LayoutLink/warnings``), so that whatever
    /// handles a tap can warn before opening it.
    public func detectLinks(in text: AttributedString) -> LinkDetectionResult {
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

        var links = links(in: plain, scanned: scanned).filter { link in
            !explicitLinks.contains { $0.scalarRange.overlaps(link.scalarRange) }
        }
        links.append(contentsOf: explicitLinks)
        links.sort { $0.scalarRange.lowerBound < $1.scalarRange.lowerBound }
        // One walk over the scalars, in link order: a detected link gets its target and kind, and any link its
        // warnings (an app's link keeps its target; a link without warnings gets no attribute).
        var result = text
        var index = result.unicodeScalars.startIndex
        var indexOffset = 0
        for link in links {
            let isDetected = link.kind != .explicit
            // A detected link without an allowed target is no link in the text, and so carries nothing.
            guard isDetected ? link.target != nil : !link.warnings.isEmpty else { continue }
            index = result.unicodeScalars.index(index, offsetBy: link.scalarRange.lowerBound - indexOffset)
            let end = result.unicodeScalars.index(index, offsetBy: link.scalarRange.count)
            indexOffset = link.scalarRange.lowerBound
            if isDetected, let target = link.target {
                result[index..<end].link = target
                result[index..<end].labelKit.linkKind = link.kind
            }
            if !link.warnings.isEmpty { result[index..<end].labelKit.linkWarnings = link.warnings }
        }
        return LinkDetectionResult(text: result, links: links)
    }
}
