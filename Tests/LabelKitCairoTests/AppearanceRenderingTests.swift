import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// One layout, drawn in every appearance: colours are resolved when drawing, so nothing is laid out again.
@Suite("Drawing in an appearance")
struct AppearanceRenderingTests {
    /// Plain text in the default colour, a link in the default link style, and a run in a dynamic colour of its own.
    static func text() -> AttributedString {
        var text = AttributedString("Ink terms brand")
        if let range = text.range(of: "terms") { text[range].link = URL(string: "https://example.com/terms") }
        if let range = text.range(of: "brand") {
            text[range].labelKit.foregroundColor = LabelColor(
                light: RGBAColor(hex: 0xC00000), dark: RGBAColor(hex: 0xFF9090),
                lightHighContrast: RGBAColor(hex: 0x800000), darkHighContrast: RGBAColor(hex: 0xFFC8C8))
        }
        return text
    }

    /// The pixel of `rect` farthest from `background`: where a glyph's stem covers the pixel fully.
    static func ink(of image: RenderedImage, in rect: CGRect, background: RGBAColor) -> RGBAColor? {
        func distance(_ pixel: RenderedImage.Pixel) -> Int {
            abs(Int(pixel.red) - Int(background.red * 255)) + abs(Int(pixel.green) - Int(background.green * 255))
                + abs(Int(pixel.blue) - Int(background.blue * 255))
        }
        guard let pixel = image.pixels(in: rect).max(by: { distance($0) < distance($1) }) else { return nil }
        return RGBAColor(red: Double(pixel.red) / 255, green: Double(pixel.green) / 255, blue: Double(pixel.blue) / 255)
    }

    static func isNear(_ color: RGBAColor?, _ expected: RGBAColor, tolerance: Double = 6.0 / 255) -> Bool {
        guard let color else { return false }
        return abs(color.red - expected.red) <= tolerance && abs(color.green - expected.green) <= tolerance
            && abs(color.blue - expected.blue) <= tolerance
    }

    @Test("one layout drawn light, dark and in high contrast: each run's ink has its colour, nothing is typeset again")
    func oneLayoutDrawsInEveryAppearance() throws {
        var typesetter = LabelTypesetter.system(style: TextStyle(fontSize: 40))
        typesetter.context = TypesettingContext()
        let layout = try typesetter.layout(Self.text())
        let typesetBefore = typesetter.context.typesetCount
        let wordsBefore = try #require(typesetter.context.wordCache).statistics
        #expect(typesetBefore == 1)

        let rects = ["Ink", "terms", "brand"].map { word in
            let range = (Self.text().characters.map(String.init).joined() as NSString).range(of: word)
            return layout.rects(for: range.location..<(range.location + range.length)).map(\.rect)
                .reduce(CGRect.null) { $0.union($1) }
        }
        let expected: [(Appearance, [UInt32])] = [
            (.light, [0x000000, 0x0B5FCC, 0xC00000]),
            (.dark, [0xFFFFFF, 0x6CB0FF, 0xFF9090]),
            (.lightHighContrast, [0x000000, 0x0046A6, 0x800000]),
            (.darkHighContrast, [0xFFFFFF, 0xA8D1FF, 0xFFC8C8]),
        ]
        var images: [RenderedImage] = []
        for (appearance, inks) in expected {
            let renderer = LabelRenderer(backgroundColor: .background, appearance: appearance)
            let image = try renderer.render(layout)
            images.append(image)
            let paper = LabelColor.background.resolved(for: appearance)
            #expect(image.pixel(x: 0, y: 0).map { Int($0.red) } == Int(paper.red * 255), "\(appearance) paper")
            for (rect, ink) in zip(rects, inks) {
                let found = Self.ink(of: image, in: rect, background: paper)
                #expect(Self.isNear(found, RGBAColor(hex: ink)), "\(appearance): \(String(describing: found)) ≠ \(ink)")
            }
        }
        #expect(typesetter.context.typesetCount == typesetBefore, "drawing typeset nothing")
        #expect(try #require(typesetter.context.wordCache).statistics == wordsBefore, "no word was looked up")
        #expect(Set(images.map(\.bytes)).count == 4, "every appearance draws different pixels")
    }

    @Test("a layout cache serves the same layout object for every appearance: the key holds no appearance")
    func theLayoutCacheHitsAcrossAppearances() throws {
        var typesetter = LabelTypesetter.system
        typesetter.context = TypesettingContext()
        let cache = TextLayoutCache(typesetter: typesetter)
        var previous: TextLayout?
        for appearance in Appearance.all {
            let layout = try cache.layout(Self.text(), in: TextContainer(width: 300))
            if let previous { #expect(layout === previous) }
            previous = layout
            _ = try LabelRenderer(backgroundColor: .background, appearance: appearance).render(layout)
        }
        #expect(cache.statistics.misses == 1)
        #expect(cache.statistics.hits == 3)
        #expect(typesetter.context.typesetCount == 1)
    }

    @Test("the selection and focus rings take their dark colours in dark")
    func selectionAndFocusFollowTheAppearance() throws {
        let layout = try LabelTypesetter.system(style: TextStyle(fontSize: 30)).layout("Select me")
        var renderer = LabelRenderer(backgroundColor: .background, appearance: .dark)
        renderer.selectedRange = 0..<6
        let selected = try renderer.render(layout)
        // #3D8DFF at 40 % over #1E1E1E, in a gap between glyphs at the top of the line band.
        let band = layout.selectionRects(for: 0..<6).map(\.rect).reduce(CGRect.null) { $0.union($1) }
        let topLeft = selected.pixel(x: Int(band.minX) + 1, y: Int(band.minY) + 1)
        let blended = { (a: Double, b: Double) in Int(((a * 0.4 + b * 0.6) * 255).rounded()) }
        let expected = [
            blended(0x3D / 255.0, 0x1E / 255.0), blended(0x8D / 255.0, 0x1E / 255.0), blended(1, 0x1E / 255.0),
        ]
        let found = topLeft.map { [Int($0.red), Int($0.green), Int($0.blue)] } ?? []
        #expect(zip(found, expected).allSatisfy { abs($0 - $1) <= 2 } && found.count == 3, "\(found) ≠ \(expected)")
    }

    @Test(
        "the default link style draws links in the semantic link colour, #6CB0FF in dark; without one, in their text colour"
    )
    func unstyledLinksUseTheSemanticLinkColour() throws {
        var text = AttributedString("terms")
        text.link = URL(string: "https://example.com/terms")
        let layout = try LabelTypesetter.system(style: TextStyle(fontSize: 40)).layout(text)
        var renderer = LabelRenderer(backgroundColor: .background, appearance: .dark)
        renderer.linkStyle = nil
        let unstyled = try renderer.render(layout)
        // Without a link style the text's own colour (the default, `label`) draws it: white.
        let paper = LabelColor.background.resolved(for: .dark)
        #expect(Self.isNear(Self.ink(of: unstyled, in: layout.bounds, background: paper), RGBAColor(hex: 0xFFFFFF)))
        renderer.linkStyle = LinkStyle()
        let styled = try renderer.render(layout)
        #expect(Self.isNear(Self.ink(of: styled, in: layout.bounds, background: paper), RGBAColor(hex: 0x6CB0FF)))
    }
}
