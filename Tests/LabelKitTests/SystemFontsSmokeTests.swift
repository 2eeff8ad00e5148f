import Foundation
import LabelKit
import Testing

/// What must hold with any fonts. Every other suite runs under Tests/Fonts/fonts.conf, exactly the fonts `make deps`
/// installs; `make test` and `make check` run this one a second time, in a process of its own, under the system's
/// own fontconfig configuration (LABELKIT_SYSTEM_FONTS=1), so that a machine with more fonts — a desktop — is
/// checked too: texts of several scripts lay out without an error, measure as they are drawn, and every cluster is
/// hit at its centre, whichever fonts serve them.
@Suite("Invariants with whatever fonts the machine has")
struct SystemFontsSmokeTests {
    static let texts = [
        "The quick brown fox jumps over the lazy dog: 1,234.56 km/h, “office” and ﬁne",
        "決済をしたと同時に利用規約に同意したとみなします。［角］（丸）「はい」",
        "Family 👨‍👩‍👧‍👦 flags 🇯🇵🇻🇳 skin 👋🏽 keycap 1️⃣ heart ❤️",
        "مرحبا بالعالم، هذا نص عربي ١٢٣",
        "Mixed: hello שלום 123 مرحبا 利用規約 👋🏽 Ελληνικά Русский हिन्दी end",
    ]
    static let widths: [Double?] = [nil, 240, 97.5, 31]
    static let lineLimits = [0, 1, 3]
    /// Where the failure messages say the fonts came from.
    static let fonts = ProcessInfo.processInfo.environment["FONTCONFIG_FILE"] ?? "the system's configuration"

    @Test(
        "at every width and line limit: no error, measured as drawn, every cluster hit at its centre", arguments: texts)
    func invariantsHold(text: String) throws {
        let typesetter = LabelTypesetter.system
        for width in Self.widths {
            for lines in Self.lineLimits {
                let context = "width \(width.map { "\($0)" } ?? "none"), \(lines) lines, fonts of \(Self.fonts)"
                let layout = try typesetter.layout(text, in: TextContainer(width: width, maximumNumberOfLines: lines))
                let measurement = try typesetter.measurement(text, width: width, numberOfLines: lines)
                #expect(measurement == TextMeasurement(layout), "\(context)")
                #expect(layout.lines.count >= 1 && (lines == 0 || layout.lines.count <= lines), "\(context)")
                Self.checkHits(layout, context: context)
                if !layout.isTruncated { Self.checkCoverage(layout, of: text, context: context) }
            }
        }
    }

    /// The centre of each cluster's box hits that cluster, on its line.
    static func checkHits(_ layout: TextLayout, context: String) {
        for line in layout.lines {
            for cluster in line.clusters where cluster.width > 0 {
                let centre = layout.labelPoint(
                    fromLinePoint: CGPoint(x: cluster.x + cluster.width / 2, y: line.rect.midY))
                let hit = layout.character(at: centre)
                #expect(
                    hit?.range == cluster.range && hit?.isInTruncationToken == cluster.isInTruncationToken
                        && hit?.lineIndex == line.index,
                    "cluster \(cluster.range) on line \(line.index) hit as \(String(describing: hit)); \(context)")
            }
        }
    }

    /// Untruncated, the text's clusters cover every UTF-16 offset of the text once, but for the spaces that end a line
    /// (they hang past its edge, in no box).
    static func checkCoverage(_ layout: TextLayout, of text: String, context: String) {
        let units = Array(text.utf16)
        var covered = [Int](repeating: 0, count: units.count)
        for line in layout.lines {
            for cluster in line.clusters where !cluster.isInTruncationToken {
                for offset in cluster.range where covered.indices.contains(offset) { covered[offset] += 1 }
            }
        }
        let wrong = covered.indices.filter { covered[$0] > 1 || (covered[$0] == 0 && units[$0] != 0x20) }
        #expect(wrong.isEmpty, "offsets \(wrong) in no cluster or in several; \(context)")
    }
}
