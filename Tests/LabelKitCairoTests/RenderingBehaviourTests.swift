import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// What the renderer draws, checked on pixels rather than against goldens.
@Suite struct RenderingBehaviourTests {
    static let red = LabelColor(red: 1, green: 0, blue: 0)

    @Test func redRunIsRedAndBlackRunIsDark() throws {
        let layout = try Fixtures.layout("Red black", size: 30) { text in
            if let range = text.range(of: "Red") { text[range].labelKit.foregroundColor = Self.red }
        }
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        let redRun = try #require(layout.runs.first { $0.style.foregroundColor == Self.red })
        let blackRun = try #require(layout.runs.first { $0.style.foregroundColor == .label })
        let redPixels = image.pixels(in: redRun.rect)
        let blackPixels = image.pixels(in: blackRun.rect)
        #expect(redPixels.filter(\.isReddish).count > 20)
        #expect(!redPixels.contains { $0.isDark })
        #expect(blackPixels.filter(\.isDark).count > 20)
        #expect(!blackPixels.contains { $0.isReddish })
    }

    @Test func emojiIsDrawnInItsOwnColours() throws {
        // Red text colour: the emoji must not be tinted with it, nor drawn as a grey or red silhouette.
        let layout = try Fixtures.layout("👋", size: 40) { $0.labelKit.foregroundColor = Self.red }
        let image = try LabelRenderer().render(layout)
        let pixels = image.pixels(in: layout.bounds)
        let colourful = pixels.filter { $0.isColourful && !$0.isReddish }
        #expect(colourful.count > 100, "\(colourful.count) colourful pixels")
        // The bitmap is scaled to the font size: its ink fills a good part of the line box, not a 109 px strike.
        let inked = pixels.filter { $0.alpha > 128 }.count
        #expect(Double(inked) > 0.2 * layout.bounds.width * layout.bounds.height)
        #expect(image.width < 80 && image.height < 80)
    }

    @Test func backgroundColourFillsTheRunRect() throws {
        let yellow = LabelColor(hex: 0xFFE000)
        let layout = try Fixtures.layout("plain marked plain") { text in
            if let range = text.range(of: "marked") { text[range].labelKit.backgroundColor = yellow }
        }
        let image = try LabelRenderer().render(layout)
        let run = try #require(layout.runs.first { $0.style.backgroundColor == yellow })
        // Corners just inside the run rect are off the glyphs: they show the background, opaque.
        for (x, y) in [
            (run.rect.minX + 1, run.rect.minY + 1), (run.rect.maxX - 2, run.rect.minY + 1),
            (run.rect.minX + 1, run.rect.maxY - 2),
        ] {
            let pixel = try #require(image.pixel(x: Int(x), y: Int(y)))
            #expect(pixel == RenderedImage.Pixel(red: 255, green: 224, blue: 0, alpha: 255), "at \(x), \(y)")
        }
        // Outside the run, above the glyphs of the first word, nothing is drawn.
        let first = try #require(layout.runs.first)
        #expect(image.pixel(x: Int(first.rect.minX) + 1, y: Int(first.rect.minY))?.alpha == 0)
    }

    @Test(arguments: [1.0, 1.5, 2.0, 3.0])
    func imageIsTheBoundsAtScaleAndMarginsStayEmpty(scale: Double) throws {
        let insets = EdgeInsets(top: 12, left: 10, bottom: 12, right: 10)
        let container = TextContainer(width: 160, height: 90, insets: insets, verticalAlignment: .center)
        let layout = try Fixtures.layout(Fixtures.paragraph, container: container)
        let image = try LabelRenderer(scale: scale).render(layout)
        #expect(image.width == Int((layout.bounds.width * scale).rounded(.up)))
        #expect(image.height == Int((layout.bounds.height * scale).rounded(.up)))
        #expect(image.bytes.count == image.stride * image.height)
        // Nothing lands in the insets: text is laid out and drawn inside them.
        let margins = [
            CGRect(x: 0, y: 0, width: layout.bounds.width, height: insets.top - 1),
            CGRect(x: 0, y: 0, width: insets.left - 1, height: layout.bounds.height),
            CGRect(x: layout.bounds.width - insets.right + 1, y: 0, width: insets.right, height: layout.bounds.height),
            CGRect(
                x: 0, y: layout.bounds.height - insets.bottom + 1, width: layout.bounds.width, height: insets.bottom),
        ]
        for margin in margins {
            #expect(image.pixels(in: margin, scale: scale).allSatisfy { $0.alpha == 0 }, "margin \(margin)")
        }
        #expect(image.pixels(in: layout.usedRect, scale: scale).contains { $0.alpha > 0 })
    }

    @Test func pressedColourOverrideRepaintsOnlyTheLinkAndLeavesTheLayoutAlone() throws {
        let layout = try Fixtures.seedLayout()
        let link = try #require(layout.links.first)
        let stylesBefore = layout.runs.map(\.style)
        var renderer = LabelRenderer(backgroundColor: .white)
        let normal = try renderer.render(layout)
        renderer.foregroundOverrides = [LabelRenderer.ColorOverride(link: link, color: Self.red)]
        let pressed = try renderer.render(layout)

        #expect(layout.runs.map(\.style) == stylesBefore)
        #expect(layout.links.first == link)
        let linkRuns = layout.runs.filter { $0.style.linkIndex == 0 }
        #expect(!linkRuns.isEmpty)
        for run in linkRuns {
            #expect(normal.pixels(in: run.rect).filter(\.isReddish).isEmpty)
            #expect(pressed.pixels(in: run.rect).filter(\.isReddish).count > 20)
        }
        // Every other run is drawn exactly as before.
        for run in layout.runs where run.style.linkIndex != 0 {
            #expect(
                normal.pixels(in: run.rect.insetBy(dx: 1, dy: 0)) == pressed.pixels(in: run.rect.insetBy(dx: 1, dy: 0)))
        }
    }

    @Test func overrideOfPartOfARunRecoloursOnlyThatPart() throws {
        let layout = try Fixtures.layout("mmmm mmmm", size: 30)
        #expect(layout.runs.count == 1)
        let text = Array(layout.string.utf16)
        let override = LabelRenderer.ColorOverride(range: 5..<text.count, color: Self.red)
        let image = try LabelRenderer(backgroundColor: .white, foregroundOverrides: [override]).render(layout)
        let run = try #require(layout.runs.first)
        let middle = run.rect.midX
        let left = image.pixels(
            in: CGRect(
                x: run.rect.minX, y: run.rect.minY, width: middle - run.rect.minX - 4,
                height: run.rect.height))
        let right = image.pixels(
            in: CGRect(
                x: middle + 4, y: run.rect.minY, width: run.rect.maxX - middle - 4,
                height: run.rect.height))
        #expect(left.contains { $0.isDark } && !left.contains { $0.isReddish })
        #expect(right.contains { $0.isReddish } && !right.contains { $0.isDark })
    }

    @Test func underlineAndStrikethroughAreDrawnFromTheRunMetrics() throws {
        let layout = try Fixtures.layout("under", size: 30) { text in
            text.labelKit.underline = .double
            text.labelKit.strikethrough = .thick
        }
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        let run = try #require(layout.runs.first)
        let underlineY = run.baseline + run.metrics.underlineOffset
        let strikeY = run.baseline - run.metrics.strikethroughOffset
        // Across the whole run (between glyphs too) the decoration rows are inked.
        for y in [underlineY, strikeY] {
            let row = image.pixels(in: CGRect(x: run.rect.minX + 1, y: y - 0.5, width: run.rect.width - 2, height: 1))
            #expect(row.allSatisfy { $0.red < 160 }, "row at \(y)")
        }
    }

    @Test func roundedPositionsDrawCrispDecorations() throws {
        let layout = try Fixtures.layout("under", size: 30) { $0.labelKit.underline = .single }
        let run = try #require(layout.runs.first)
        let image = try LabelRenderer(backgroundColor: .white, roundsGlyphPositions: true).render(layout)
        // Snapped to whole pixels, the underline fills at least one pixel row completely, with no antialiased edge.
        let centre = run.baseline + run.metrics.underlineOffset
        let rows = (Int(centre) - 2)...(Int(centre) + 2)
        let solidRows = rows.filter { y in
            image.pixels(in: CGRect(x: run.rect.minX.rounded(.up), y: Double(y), width: run.rect.width - 2, height: 1))
                .allSatisfy { $0 == RenderedImage.Pixel(red: 0, green: 0, blue: 0, alpha: 255) }
        }
        #expect(!solidRows.isEmpty)
    }

    @Test func badOutputPathThrowsAndDoesNotCrash() throws {
        let layout = try Fixtures.seedLayout()
        let path = "/nonexistent-labelkit-dir/label.png"
        #expect(throws: RenderError.self) { try LabelRenderer().writePNG(layout, to: path) }
        do {
            try LabelRenderer().writePNG(layout, to: path)
        } catch {
            guard case .pngWriteFailed(let failedPath, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(failedPath == path)
            #expect(error.description.contains(path))
        }
    }

    @Test func invalidScaleThrows() throws {
        let layout = try Fixtures.seedLayout()
        for scale in [0, -1, Double.nan, .infinity] {
            #expect(throws: RenderError.self) { try LabelRenderer(scale: scale).render(layout) }
        }
    }

    @Test func pngDataRoundTripsThroughAFile() throws {
        let layout = try Fixtures.truncatedLayout()
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        let data = try image.pngData()
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-roundtrip-\(UUID()).png")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(data).write(to: URL(fileURLWithPath: path))
        let decoded = try RenderedImage(pngFile: path)
        #expect(decoded.width == image.width && decoded.height == image.height)
        // Opaque pixels survive PNG exactly.
        #expect(decoded.pixels(in: layout.bounds) == image.pixels(in: layout.bounds))
    }

    @Test func emptyLayoutRendersAnEmptyImageAndPNGEncodingSaysWhy() throws {
        let layout = try Fixtures.layout("")
        let image = try LabelRenderer().render(layout)
        #expect(image.width == Int(layout.bounds.width.rounded(.up)))
        if image.width == 0 || image.height == 0 {
            #expect(throws: RenderError.self) { try image.pngData() }
        }
    }

    @Test func rendersFromSeveralThreadsAtOnce() async throws {
        let layout = try Fixtures.vietnameseLayout()
        let expected = try LabelRenderer().render(layout)
        try await withThrowingTaskGroup(of: RenderedImage.self) { group in
            for _ in 0..<8 { group.addTask { try LabelRenderer().render(layout) } }
            for try await image in group { #expect(image == expected) }
        }
    }
}
