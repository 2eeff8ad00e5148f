import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// Shadows, outlines and decorations, checked on pixels.
@Suite struct AttributeRenderingTests {
    static let red = LabelColor(red: 1, green: 0, blue: 0)
    static let blue = LabelColor(red: 0, green: 0, blue: 1)

    // MARK: Shadows

    @Test func aShadowChangesNothingAboutTheLayout() throws {
        let plain = try Fixtures.layout("Shadowed", size: 30)
        let shadowed = try Fixtures.layout("Shadowed", size: 30) {
            $0.labelKit.shadow = TextShadow(offsetX: 4, offsetY: 4, blurRadius: 6, color: Self.red)
        }
        #expect(shadowed.size == plain.size)
        #expect(shadowed.lines.map(\.rect) == plain.lines.map(\.rect))
        #expect(shadowed.rects(for: 0..<8) == plain.rects(for: 0..<8))
    }

    @Test func aHardShadowIsTheGlyphsOffsetBeneathTheText() throws {
        // A black square glyph (U+25A0) at 40 pt with a red hard shadow 5 right and 5 down.
        let layout = try Fixtures.layout("■", size: 40) {
            $0.labelKit.shadow = TextShadow(offsetX: 5, offsetY: 5, blurRadius: 0, color: Self.red)
        }
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        let ink = try #require(
            Self.inkBounds(
                of: try LabelRenderer(backgroundColor: .white).render(
                    try Fixtures.layout("■", size: 40))))
        // Below-right of the square, inside its offset copy: solid red.
        let shadowPixel = try #require(image.pixel(x: Int(ink.maxX) + 2, y: Int(ink.maxY) + 2))
        #expect(shadowPixel == RenderedImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        // The square itself stays black: the shadow is beneath the text.
        #expect(
            image.pixel(x: Int(ink.midX), y: Int(ink.midY))
                == RenderedImage.Pixel(red: 0, green: 0, blue: 0, alpha: 255))
        // Above-left of the square, where the shadow is not: paper.
        #expect(image.pixel(x: Int(ink.minX) - 2, y: Int(ink.minY) - 2)?.green == 255)
    }

    @Test func aBlurredShadowFadesOutAndReachesFurther() throws {
        func redness(blur: Double) throws -> (edge: Int, far: Int) {
            let layout = try Fixtures.layout("■", size: 40) {
                $0.labelKit.shadow = TextShadow(offsetX: 0, offsetY: 0, blurRadius: blur, color: Self.red)
                $0.labelKit.foregroundColor = .white
            }
            let image = try LabelRenderer(backgroundColor: .white).render(layout)
            let ink = try #require(
                Self.inkBounds(
                    of: try LabelRenderer(backgroundColor: .white).render(
                        try Fixtures.layout("■", size: 40))))
            // Green drops where red is painted over white.
            func red(atX x: Double) -> Int { 255 - Int(image.pixel(x: Int(x), y: Int(ink.midY))?.green ?? 255) }
            return (red(atX: ink.maxX - 1), red(atX: ink.maxX + 3))
        }
        let hard = try redness(blur: 0)
        let soft = try redness(blur: 8)
        #expect(hard.far == 0, "a hard shadow with no offset hides behind the glyph")
        #expect(soft.far > 20, "a blurred one shows around it: \(soft.far)")
        #expect(soft.edge < 255, "and is no longer solid at the glyph's edge: \(soft.edge)")
    }

    @Test func runsWithTheSameShadowCastOneShadow() throws {
        // Two colours make two runs of full blocks (U+2588), which touch. One mask for both: their shadow is as dark
        // where they meet as in the middle of one. Two masks composited one over the other would each be half there
        // at the seam and come out lighter (1 − (1 − a/2)² < a).
        let layout = try Fixtures.layout("██", size: 40, container: TextContainer(height: 120)) {
            $0.labelKit.shadow = TextShadow(
                offsetX: 0, offsetY: 48, blurRadius: 6, color: LabelColor(hex: 0, alpha: 0.5))
            if let second = $0.range(of: "█", options: .backwards) { $0[second].labelKit.foregroundColor = Self.blue }
        }
        #expect(layout.runs.count == 2)
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        let boundary = layout.runs[1].rect.minX
        // The middle of the blocks' shadow: a block's middle is about 12 points above the baseline.
        let y = Int(layout.lines[0].baseline) - 12 + 48
        let atBoundary = Int(image.pixel(x: Int(boundary), y: y)?.green ?? 255)
        let inside = Int(image.pixel(x: Int(layout.runs[0].rect.midX), y: y)?.green ?? 255)
        #expect(inside < 160, "the shadow is there: \(inside)")
        #expect(abs(atBoundary - inside) < 6, "boundary \(atBoundary), inside \(inside)")
    }

    // MARK: Outlines

    @Test func aPositiveStrokeOutlinesAndANegativeOneFillsToo() throws {
        func render(_ width: Double) throws -> (centre: RenderedImage.Pixel, edge: RenderedImage.Pixel) {
            let layout = try Fixtures.layout("■", size: 40) {
                $0.labelKit.foregroundColor = Self.blue
                $0.labelKit.stroke = TextStroke(width: width, color: Self.red)
            }
            let image = try LabelRenderer(backgroundColor: .white).render(layout)
            let ink = try #require(
                Self.inkBounds(
                    of: try LabelRenderer(backgroundColor: .white).render(
                        try Fixtures.layout("■", size: 40))))
            return (
                try #require(image.pixel(x: Int(ink.midX), y: Int(ink.midY))),
                try #require(image.pixel(x: Int(ink.midX), y: Int(ink.minY.rounded())))
            )
        }
        let hollow = try render(2)
        #expect(hollow.centre == RenderedImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255), "not filled")
        #expect(hollow.edge.isReddish, "outlined: \(hollow.edge)")
        let filled = try render(-2)
        #expect(
            filled.centre == RenderedImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255), "filled in the text colour")
        #expect(filled.edge.isReddish, "and outlined: \(filled.edge)")
    }

    @Test func aStrokeWithoutAColourUsesTheTextColour() throws {
        let layout = try Fixtures.layout("■", size: 40) {
            $0.labelKit.foregroundColor = Self.red
            $0.labelKit.stroke = TextStroke(width: 3)
        }
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        let pixels = image.pixels(in: layout.bounds)
        #expect(pixels.contains { $0.isReddish })
        #expect(!pixels.contains { $0.isDark })
    }

    // MARK: Decorations

    @Test(arguments: [LineDecoration.dotted, .dashed])
    func patternedUnderlinesAreBrokenAndSolidOnesAreNot(pattern: LineDecoration) throws {
        func underlineRow(_ decoration: LineDecoration) throws -> [Bool] {
            // Spaces: nothing but the underline is drawn.
            let layout = try Fixtures.layout("x                    x", size: 30) {
                $0.labelKit.underline = decoration
            }
            let run = try #require(layout.runs.first)
            let image = try LabelRenderer(scale: 2, backgroundColor: .white).render(layout)
            let y = Int(((run.baseline + run.metrics.underlineOffset) * 2).rounded(.down))
            let from = Int((run.rect.minX + 24) * 2)
            let to = Int((run.rect.maxX - 24) * 2)
            return (from..<to).map { (image.pixel(x: $0, y: y)?.green ?? 255) < 160 }
        }
        let solid = try underlineRow(.single)
        #expect(solid.allSatisfy { $0 }, "single is unbroken")
        let broken = try underlineRow(pattern)
        let inked = broken.filter { $0 }.count
        let gaps = zip(broken, broken.dropFirst()).filter { $0 && !$1 }.count
        #expect(gaps > 10, "\(pattern): \(gaps) gaps")
        #expect(
            inked > broken.count / 5 && inked < broken.count * 4 / 5, "\(pattern): \(inked) of \(broken.count) inked")
        if pattern == .dashed {
            // Dashes are longer than their gaps (3 : 2); dots are no longer than theirs (1 : 1).
            #expect(inked > broken.count / 2)
        } else {
            #expect(inked <= broken.count * 3 / 5)
        }
    }

    @Test func decorationsTakeTheirOwnColoursAndTheGlyphsKeepTheTextColour() throws {
        let layout = try Fixtures.layout("decorated", size: 30) {
            $0.labelKit.underline = .thick
            $0.labelKit.underlineColor = Self.red
            $0.labelKit.strikethrough = .single
            $0.labelKit.strikethroughColor = Self.blue
        }
        let image = try LabelRenderer(scale: 2, backgroundColor: .white).render(layout)
        let run = try #require(layout.runs.first)
        let underline = run.baseline + run.metrics.underlineOffset + run.metrics.underlineThickness / 2
        let strike = run.baseline - run.metrics.strikethroughOffset
        let underlineRow = image.pixels(
            in: CGRect(x: run.rect.minX + 2, y: underline - 0.25, width: 40, height: 0.5), scale: 2)
        #expect(underlineRow.allSatisfy { $0.isReddish })
        let strikeRow = image.pixels(
            in: CGRect(x: run.rect.minX + 2, y: strike - 0.25, width: 40, height: 0.5), scale: 2)
        #expect(strikeRow.contains { $0.blue > 200 && $0.red < 90 })
        #expect(image.pixels(in: layout.bounds, scale: 2).contains { $0.isDark }, "glyphs stay black")
    }

    @Test func aRaisedRunsUnderlineMovesWithIt() throws {
        let layout = try Fixtures.layout("base raised", size: 30) {
            $0.labelKit.underline = .single
            if let raised = $0.range(of: "raised") { $0[raised].labelKit.baselineOffset = 10 }
        }
        let base = try #require(layout.runs.first { $0.style.baselineOffset == 0 })
        let raised = try #require(layout.runs.first { $0.style.baselineOffset == 10 })
        #expect(raised.baseline == base.baseline - 10)
        let image = try LabelRenderer(scale: 2, backgroundColor: .white).render(layout)
        func inked(_ run: GlyphRun, at y: Double) -> Bool {
            image.pixels(
                in: CGRect(x: run.rect.minX + 1, y: y - 0.25, width: run.rect.width - 2, height: 0.5), scale: 2
            )
            .allSatisfy { $0.green < 160 }
        }
        let offset = base.metrics.underlineOffset
        #expect(inked(base, at: base.baseline + offset))
        #expect(inked(raised, at: raised.baseline + offset), "the raised run's underline is 10 points higher")
        #expect(!inked(raised, at: base.baseline + offset), "and not at the line's")
    }

    // MARK: Helpers

    /// The box around every pixel darker than paper, in pixels.
    static func inkBounds(of image: RenderedImage) -> CGRect? {
        var minX = Int.max
        var minY = Int.max
        var maxX = Int.min
        var maxY = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width where (image.pixel(x: x, y: y)?.red ?? 255) < 128 {
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
