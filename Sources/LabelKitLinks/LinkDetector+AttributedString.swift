import Foundation
import LabelKitText

extension LinkDetector {
    /// Detects links in `text` and sets Foundation's `.link` on them, with their kind.
    ///
    /// Links the app already set (`.link` runs) are never overridden: a detected link overlapping one is dropped, and
    /// the app's link is reported with kind ``/LabelKitText/LinkKind/explicit`` and its safety warnings (an explicit
    /// `javascript:` link is reported with ``/LabelKitText/LinkWarnings/disallowedScheme``). A detected link whose
    /// target is not allowed gets no `.link`.
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
        }
        detected.append(contentsOf: explicitLinks)
        detected.sort { $0.scalarRange.lowerBound < $1.scalarRange.lowerBound }
        return LinkDetectionResult(text: result, links: detected)
    }
}
