import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// The texts the renderer tests draw.
enum Fixtures {
    static let seedSentence = "決済をしたと同時に利用規約に同意したとみなします"
    static let termsURL = URL(string: "https://example.com/terms")!

    /// The seed sentence with 利用規約 as a blue, underlined link.
    static var seedText: AttributedString {
        var text = AttributedString(seedSentence)
        if let range = text.range(of: "利用規約") {
            text[range].link = termsURL
            text[range].labelKit.foregroundColor = .link
            text[range].labelKit.underline = .single
        }
        return text
    }

    static func seedLayout() throws -> TextLayout {
        try LabelTypesetter.system.layout(seedText, in: TextContainer(width: 200))
    }

    static let paragraph = """
        Styled text that you can lay out, measure exactly, draw and touch: one immutable layout answers how big \
        the text is, where each character is and which link is under a finger, and the renderer draws from it.
        """

    /// An English paragraph cut after three lines with a tappable "…more".
    static func truncatedLayout() throws -> TextLayout {
        var token = AttributedString("…more")
        token.link = URL(string: "labelkit://more")
        token.labelKit.foregroundColor = .link
        let container = TextContainer(width: 240, maximumNumberOfLines: 3, truncationToken: token)
        return try LabelTypesetter.system.layout(AttributedString(paragraph), in: container)
    }

    static let vietnameseAndEmoji = "Xin chào 👋🏽 Việt Nam 🇻🇳 👨‍👩‍👧‍👦"

    static func vietnameseLayout() throws -> TextLayout {
        try LabelTypesetter.system(style: TextStyle(fontSize: 20)).layout(vietnameseAndEmoji)
    }

    /// `text` at `size` in the default family with `configure` applied to the whole string.
    static func layout(
        _ text: String, size: Double = 15, container: TextContainer = TextContainer(),
        configure: (inout AttributedString) -> Void = { _ in }
    ) throws -> TextLayout {
        var attributed = AttributedString(text)
        configure(&attributed)
        return try LabelTypesetter.system(style: TextStyle(fontSize: size)).layout(attributed, in: container)
    }
}

extension RenderedImage {
    /// The pixels inside `rect` (points at `scale`), clipped to the image.
    func pixels(in rect: CGRect, scale: Double = 1) -> [Pixel] {
        let minX = max(0, Int((rect.minX * scale).rounded(.down)))
        let maxX = min(width, Int((rect.maxX * scale).rounded(.up)))
        let minY = max(0, Int((rect.minY * scale).rounded(.down)))
        let maxY = min(height, Int((rect.maxY * scale).rounded(.up)))
        guard minX < maxX, minY < maxY else { return [] }
        var result: [Pixel] = []
        for y in minY..<maxY {
            for x in minX..<maxX { if let pixel = pixel(x: x, y: y) { result.append(pixel) } }
        }
        return result
    }
}

extension RenderedImage.Pixel {
    var isReddish: Bool { alpha > 200 && red > 180 && green < 90 && blue < 90 }
    var isDark: Bool { alpha > 200 && red < 70 && green < 70 && blue < 70 }
    /// Opaque and far from grey: the channels spread apart.
    var isColourful: Bool {
        alpha > 200 && Int(max(red, green, blue)) - Int(min(red, green, blue)) > 80
    }
}

extension Fixtures {
    /// A 16×16 pixel badge: a blue disc with a white tick, straight RGBA, drawn here from geometry.
    static func badgePixels(size: Int = 16) throws -> AttachmentPixels {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(size * size * 4)
        let radius = Double(size) / 2
        for row in 0..<size {
            for column in 0..<size {
                let x = (Double(column) + 0.5) / Double(size)
                let y = (Double(row) + 0.5) / Double(size)
                let distance =
                    ((Double(column) + 0.5 - radius) * (Double(column) + 0.5 - radius)
                    + (Double(row) + 0.5 - radius) * (Double(row) + 0.5 - radius)).squareRoot()
                let coverage = min(max(radius - distance + 0.5, 0), 1)
                // The tick: two strokes, from (0.28, 0.52) to (0.44, 0.68) to (0.74, 0.36), 0.09 wide.
                func near(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Bool {
                    let t = max(
                        0,
                        min(
                            1,
                            ((x - ax) * (bx - ax) + (y - ay) * (by - ay))
                                / ((bx - ax) * (bx - ax) + (by - ay) * (by - ay))))
                    let dx = x - (ax + t * (bx - ax))
                    let dy = y - (ay + t * (by - ay))
                    return (dx * dx + dy * dy).squareRoot() < 0.09
                }
                let tick = near(0.28, 0.52, 0.44, 0.68) || near(0.44, 0.68, 0.74, 0.36)
                let colour: [UInt8] = tick ? [255, 255, 255] : [0x1D, 0x9B, 0xF0]
                rgba += colour + [UInt8((coverage * 255).rounded())]
            }
        }
        return try AttachmentPixels(width: size, height: size, rgba: rgba)
    }

    /// Writes `pixels` as a PNG file in the temporary directory and returns its path.
    static func writePNG(_ pixels: AttachmentPixels, named name: String) throws -> String {
        var bytes = [UInt8](repeating: 0, count: pixels.width * pixels.height * 4)
        for index in 0..<(pixels.width * pixels.height) {
            let alpha = UInt32(pixels.rgba[index * 4 + 3])
            func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
            let value =
                alpha << 24 | premultiplied(pixels.rgba[index * 4]) << 16 | premultiplied(pixels.rgba[index * 4 + 1])
                << 8
                | premultiplied(pixels.rgba[index * 4 + 2])
            withUnsafeBytes(of: value) { for byte in 0..<4 { bytes[index * 4 + byte] = $0[byte] } }
        }
        let image = try #require(
            RenderedImage(width: pixels.width, height: pixels.height, stride: pixels.width * 4, bytes: bytes))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-\(name)-\(UUID()).png").path
        try image.writePNG(to: path)
        return path
    }

    /// One label with every drawing attribute: a shadowed, outlined title; a dotted red underline and a dashed
    /// strikethrough; a superscript marker; tabular digits; an image attachment that is a link.
    static func showcaseLayout(badge: AttachmentImage) throws -> TextLayout {
        var title = AttributedString("Outlined title")
        title.labelKit.fontSize = 26
        title.labelKit.fontWeight = FontWeight.bold.rawValue
        title.labelKit.foregroundColor = LabelColor(hex: 0xFFD23F)
        title.labelKit.stroke = TextStroke(width: -1.5, color: LabelColor(hex: 0x222222))
        title.labelKit.shadow = TextShadow(offsetX: 2, offsetY: 3, blurRadius: 4, color: LabelColor(hex: 0, alpha: 0.5))
        var body = AttributedString("\nAna ")
        var badgeText = AttributedString(
            attachment: TextAttachment(
                width: 16, height: 16, alignment: .center, content: .image(badge), altText: "verified"))
        badgeText.link = URL(string: "https://example.com/ana")
        body += badgeText
        var dotted = AttributedString(" dotted")
        dotted.labelKit.underline = .dotted
        dotted.labelKit.underlineColor = LabelColor(hex: 0xE0245E)
        var dashed = AttributedString(" dashed")
        dashed.labelKit.strikethrough = .dashed
        dashed.labelKit.strikethroughColor = LabelColor(hex: 0x0B5FCC)
        var marker = AttributedString("1")
        marker.labelKit.fontSize = 9
        marker.labelKit.baselineOffset = 6
        var price = AttributedString("\n$1,111.10 $8,888.80")
        price.labelKit.fontFeatures = try FontFeatures(parsing: "tnum")
        let text = title + body + dotted + dashed + marker + price
        return try LabelTypesetter.system.layout(text, in: TextContainer(width: 260))
    }
}
