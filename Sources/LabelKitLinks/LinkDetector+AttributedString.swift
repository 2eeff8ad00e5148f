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
    ///
    /// A detector with no ``kinds`` and no ``customPatterns`` only checks the app's links, without reading the rest
    /// of the text:
    ///
    /// ```swift
    /// var text = AttributedString("Open me")
    /// text.link = URL(string: "javascript:alert(1)")
    /// let checked = LinkDetector(kinds: []).detectLinks(in: text)
    /// checked.links[0].warnings   // [.disallowedScheme], also set on checked.text
    /// ```
    public func detectLinks(in text: AttributedString) -> LinkDetectionResult {
        let explicitLinks = explicitLinks(in: text)
        guard !kinds.isEmpty || !customPatterns.isEmpty else {
            return LinkDetectionResult(text: marking(explicitLinks, in: text), links: explicitLinks)
        }
        // A slice of the characters copies the text's UTF-8 as it is stored; `String(text.characters)` would build the
        // string one grapheme cluster at a time, a few hundred times slower.
        let plain = String(text.characters[text.startIndex..<text.endIndex])
        var links = links(in: plain, scanned: ScannedText(plain)).filter { link in
            !explicitLinks.contains { $0.scalarRange.overlaps(link.scalarRange) }
        }
        links.append(contentsOf: explicitLinks)
        links.sort { $0.scalarRange.lowerBound < $1.scalarRange.lowerBound }
        return LinkDetectionResult(text: marking(links, in: text), links: links)
    }

    /// Detects links in a plain string: the result of `detectLinks(in: AttributedString(text))`, with the text read
    /// once, where the attributed form would be turned back into a string to be read.
    ///
    /// ```swift
    /// let result = LinkDetector().detectLinks(in: "Mail ana@example.com")
    /// result.links.map(\.kind)   // [.email]
    /// result.text                // "Mail ana@example.com" with .link on the address
    /// ```
    public func detectLinks(in text: String) -> LinkDetectionResult {
        let links = links(in: text)
        return LinkDetectionResult(text: marking(links, in: AttributedString(text)), links: links)
    }

    /// The links the app set on `text` (its `.link` runs), with their safety warnings; their offsets come from the
    /// attributed string's own counts, so the text around them is not read.
    private func explicitLinks(in text: AttributedString) -> [DetectedLink] {
        var links: [DetectedLink] = []
        for (target, range) in text.runs[\.link] {
            guard let target else { continue }
            let start = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
            let scalarStart = text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound)
            let scalars = text.unicodeScalars[range]
            // The scalars, not the characters: a run may start or end inside a grapheme cluster.
            let linkText = String(String.UnicodeScalarView(scalars))
            links.append(
                DetectedLink(
                    kind: .explicit, range: start..<(start + linkText.utf16.count),
                    scalarRange: scalarStart..<(scalarStart + scalars.count), text: linkText, target: target,
                    warnings: safetyPolicy.warnings(target: target, text: linkText)))
        }
        return links
    }

    /// `text` with each detected link's target and kind, and any link's warnings, set on its UTF-16 range. An app's
    /// link keeps its target; a link without warnings gets no warnings attribute; a detected link without an allowed
    /// target is no link in the text, and so carries nothing.
    private func marking(_ links: [DetectedLink], in text: AttributedString) -> AttributedString {
        var result = text
        for link in links {
            let isDetected = link.kind != .explicit
            guard isDetected ? link.target != nil : !link.warnings.isEmpty else { continue }
            // Offsets from the start each time: setting an attribute invalidates the indices made before it.
            let start = result.utf16.index(result.startIndex, offsetBy: link.range.lowerBound)
            let end = result.utf16.index(start, offsetBy: link.range.count)
            if isDetected, let target = link.target {
                result[start..<end].link = target
                result[start..<end].labelKit.linkKind = link.kind
            }
            if !link.warnings.isEmpty { result[start..<end].labelKit.linkWarnings = link.warnings }
        }
        return result
    }
}
