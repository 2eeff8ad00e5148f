import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// Ruby as drawn, read back from pixels: the annotation's ink inside its box, in its base's colour — a link's look
/// over a link's base.
@Suite struct RubyDrawingTests {
    static let scale = 3.0
    static let orange = LabelColor(hex: 0xFF8800)

    /// The pixels inside `rect` (points) that carry ink: any channel well below white.
    static func ink(_ image: RenderedImage, in rect: CGRect) -> [RenderedImage.Pixel] {
        var pixels: [RenderedImage.Pixel] = []
        for y in Int((rect.minY * scale).rounded(.up))..<Int((rect.maxY * scale).rounded(.down)) {
            for x in Int((rect.minX * scale).rounded(.up))..<Int((rect.maxX * scale).rounded(.down)) {
                guard let pixel = image.pixel(x: x, y: y), min(pixel.red, pixel.green, pixel.blue) < 160 else {
                    continue
                }
                pixels.append(pixel)
            }
        }
        return pixels
    }

    @Test("an annotation over a link's base is drawn in the link's colour; over plain text, in the text's")
    func annotationTakesItsBaseColour() throws {
        var text = AttributedString("利用規約と漢字")
        let terms = try #require(text.range(of: "利用規約"))
        text[terms].link = URL(string: "https://example.com/terms")
        text[terms].labelKit.ruby = RubyAnnotation("りようきやく")
        text[try #require(text.range(of: "漢字"))].labelKit.ruby = RubyAnnotation("かんじ")
        let layout = try LabelTypesetter.system(style: TextStyle(fontSize: 24)).layout(text)
        var renderer = LabelRenderer(scale: Self.scale, backgroundColor: .white)
        renderer.linkStyle = LinkStyle(normal: LinkStyle.Look(foregroundColor: Self.orange))
        let image = try renderer.render(layout)
        let boxes = layout.inlineBoxes.filter { if case .ruby = $0.box.content { true } else { false } }
        #expect(boxes.count == 2)
        let linked = Self.ink(image, in: try #require(boxes.first { $0.box.textRange == 0..<4 }).rect)
        let plain = Self.ink(image, in: try #require(boxes.first { $0.box.textRange == 5..<7 }).rect)
        #expect(linked.count > 20 && plain.count > 20, "ink in both boxes: \(linked.count), \(plain.count)")
        // Orange over white keeps red at full and blue well below it, even on antialiased edges.
        #expect(linked.allSatisfy { Int($0.red) - Int($0.blue) > 60 }, "orange, as the link")
        #expect(plain.allSatisfy { abs(Int($0.red) - Int($0.blue)) < 30 }, "grey to black, as the text")
    }
}
