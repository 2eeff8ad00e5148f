import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// The listings of the articles about the text itself: VerticalText, MeasuringText and CopyableLabels.
extension DocumentationExampleTests {
    @Test("vertical text: three columns, the terms' bands, a point in the first column hits its first character")
    func verticalText() throws {
        let point = CGPoint(x: 55, y: 7)

        // Listing: VerticalText
        var notice = AttributedString("2024年10月1日より、決済をしたと同時に利用規約に同意したとみなします")
        notice.labelKit.combineUpright = .digits(2)   // 10 and 1 set across the column
        let layout = try LabelTypesetter.system.layout(
            notice, in: TextContainer(height: 230, writingMode: .verticalRightToLeft))
        let size = layout.size   // the width across the columns, the longest column's length
        let bands = layout.rects(for: 22..<26)   // 利用規約: vertical bands
        let hit = layout.character(at: point)   // the same coordinates as horizontal text: origin top left, y down
        // End of listing

        #expect(layout.lines.count == 3 && size.width == 66 && size.height <= 230)
        #expect(!bands.isEmpty && bands.allSatisfy { $0.rect.height > $0.rect.width })
        // The first column is the rightmost: its top holds 2024, turned.
        #expect(hit.map { (0..<4).contains($0.index) } == true)
    }
    @Test("exact size without a UI framework: measuring equals the drawn layout and image; the cache answers again")
    func exactSize() throws {
        // Listing: MeasuringText
        let typesetter = LabelTypesetter.system   // DejaVu Sans 15, fallback through fontconfig
        let message = "A message in a table row, measured without drawing: 行の高さ 👋🏽"

        let measurement = try typesetter.measurement(message, width: 280)
        print(measurement.size, measurement.lineCount)   // 275 × 40 points, 2 lines: rounded up to whole points

        let layout = try typesetter.layout(message, in: TextContainer(width: 280))
        print(layout.size == measurement.size)   // true: the size of what is drawn and hit
        // End of listing

        #expect(measurement.size == CGSize(width: 275, height: 40))
        #expect(measurement.lineCount == 2)
        #expect(!measurement.isTruncated)
        #expect(layout.size == measurement.size)
        #expect(layout.lines.count == measurement.lineCount)
        let drawn = try #require(layout.lines.last).rect.maxY
        #expect(drawn <= layout.size.height && layout.size.height - drawn < 1)

        // Listing: MeasuringText
        let image = try LabelRenderer(scale: 2).render(layout)
        print(image.width, image.height)   // 560 80: the layout's bounds (280 × 40) at scale 2
        // End of listing

        #expect(image.width == 560 && image.height == 80)

        // Listing: MeasuringText
        let twoLines = try typesetter.measurement(message + " " + message, width: 280, numberOfLines: 2)
        print(twoLines.lineCount, twoLines.isTruncated)   // 2 true: cut to two lines with "…"
        // End of listing

        #expect(twoLines.lineCount == 2 && twoLines.isTruncated)
        #expect(twoLines.size.height == measurement.size.height)

        // Listing: MeasuringText
        let cache = TextLayoutCache(typesetter: .system, countLimit: 10_000)
        func rowHeight(for text: String, width: Double) throws -> Double {
            try cache.measurement(text, width: width).size.height + 2 * 8   // the text and the row's padding
        }
        let first = try rowHeight(for: message, width: 280)   // 56: laid out once, kept
        let again = try rowHeight(for: message, width: 280)   // 56: a hash lookup, nothing laid out
        print(cache.statistics.hits, cache.statistics.misses)   // 1 1
        // End of listing

        #expect(first == 56 && again == 56)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1)
    }

    @Test("copyable labels: a long press on text offers Copy, which copies the whole text; controls offer none")
    func copyableLabels() throws {
        var copied: [String?] = []
        let point = CGPoint(x: 20, y: 10)

        // Listing: CopyableLabels
        let policy = CopyPolicy()   // copy on for every label, off inside controls
        let text = "決済をしたと同時に利用規約に同意したとみなします"
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 200, maximumNumberOfLines: 1))
        var interaction = LabelInteraction(layout: layout, copyEnabled: policy.isCopyEnabled(containerIsControl: false))

        _ = interaction.handle(.down(at: point, time: 0))
        for event in interaction.advance(to: 0.5) {
            if case .longPressOnText(let menu) = event {   // menu.items: [.copy]
                var pasteboard = InMemoryPasteboard()   // a front end passes its clipboard (SDLClipboard in a window)
                menu.perform(.copy, layout: layout, pasteboard: &pasteboard)
                copied.append(pasteboard.string())   // the whole text, the part cut by truncation included
            }
        }
        // End of listing

        #expect(layout.isTruncated)
        #expect(copied == [text])
        #expect(interaction.shouldHandle(CGPoint(x: 1, y: 1)))

        // Listing: CopyableLabels
        let buttonTitle = policy.isCopyEnabled(containerIsControl: true)   // false: the long press is the button's
        let oneTimeCode = policy.isCopyEnabled(containerIsControl: false, override: .disabled)   // false
        let strict = CopyPolicy(copiesByDefault: false)   // an app that opts labels in one by one
        let optedIn = strict.isCopyEnabled(containerIsControl: false, override: .enabled)   // true
        // End of listing

        #expect(!buttonTitle && !oneTimeCode && optedIn)
        var quiet = LabelInteraction(layout: layout, copyEnabled: buttonTitle)
        _ = quiet.handle(.down(at: point, time: 0))
        #expect(quiet.advance(to: 0.5).isEmpty)
        #expect(!quiet.shouldHandle(point))

        // Listing: CopyableLabels
        var pasteboard = InMemoryPasteboard()
        pasteboard.copy(layout, range: 9..<13)   // part of the text, by UTF-16 range, widened to whole characters
        // End of listing

        #expect(pasteboard.string() == "利用規約")
    }
}
