import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// Justified Japanese, Chinese and mixed corpus labels in the system's fonts (proportional Latin, Noto Sans CJK, emoji,
/// right-to-left words), at their own widths and two more: every justified line but a paragraph's last that has a gap
/// is exactly as wide as its container, and within a line every gap between two CJK characters grows by the same
/// amount — the extra is read against the same text laid out left-aligned, whose lines are the same.
@Suite("CJK justification on the corpus")
struct CJKJustificationCorpusTests {
    static let justified: LabelTypesetter = {
        var typesetter = LabelTypesetter.system
        var paragraph = ParagraphStyle()
        paragraph.alignment = .justified
        typesetter.style.paragraphStyle = paragraph
        return typesetter
    }()

    /// Ideographs, kana, CJK punctuation and fullwidth forms, by the test's own account.
    static func isCJK(_ text: Substring) -> Bool {
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3001...0x303F, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF01...0xFF60: return true
        default: return false
        }
    }

    @Test("justified lines fill the container, with equal gaps between CJK characters")
    func corpusLines() throws {
        let corpus = makeCorpus(count: 240, seed: 43, kinds: [.japanese, .chinese, .mixed])
        var filled = 0
        var cjkGaps = 0
        for label in corpus {
            for width in [label.width, label.width * 0.6 + 40, label.width * 1.3] {
                let container = TextContainer(width: width)
                let layout = try Self.justified.layout(label.text, in: container)
                let natural = try LabelTypesetter.system.layout(label.text, in: container)
                try #require(layout.lines.map(\.textRange) == natural.lines.map(\.textRange))
                let units = Array(label.text.utf16)
                for (line, plain) in zip(layout.lines, natural.lines) {
                    let endsParagraph =
                        line.index == layout.lines.count - 1 || units[line.textRange.upperBound - 1] == 0x0A
                    let clusters = Array(line.clusters)
                    guard !endsParagraph, clusters.count > 1, Double(plain.rect.width) <= width else { continue }
                    #expect(abs(Double(line.rect.width) - width) < 1e-6, "\(label.text) at \(width)")
                    filled += 1
                    // Each cluster's growth, in visual order, beside its text.
                    let plainClusters = Array(plain.clusters)
                    try #require(clusters.map(\.range) == plainClusters.map(\.range))
                    let text = { (range: Range<Int>) in
                        Substring(String(decoding: units[range], as: UTF16.self))
                    }
                    var growths: [Double] = []
                    var spaceGrowths: [Double] = []
                    for index in clusters.indices.dropLast() where !clusters[index].isRightToLeft {
                        let (cluster, next) = (clusters[index], clusters[index + 1])
                        let growth = cluster.width - plainClusters[index].width
                        if text(cluster.range) == " " { spaceGrowths.append(growth) }
                        guard next.range.lowerBound == cluster.range.upperBound,
                            Self.isCJK(text(cluster.range)), Self.isCJK(text(next.range))
                        else { continue }
                        growths.append(growth)
                    }
                    if let first = growths.first {
                        // One extra for every gap, the spaces' included; some, where the line had slack.
                        let all = growths + spaceGrowths
                        #expect(all.allSatisfy { abs($0 - first) < 1e-3 }, "\(label.text) at \(width): \(all)")
                        #expect(first > 0 || Double(plain.rect.width) > width - 1e-6, "\(label.text) at \(width)")
                        cjkGaps += growths.count
                    }
                }
            }
        }
        #expect(filled > 600 && cjkGaps > 5_000, "\(filled) lines filled, \(cjkGaps) CJK gaps")
    }
}
