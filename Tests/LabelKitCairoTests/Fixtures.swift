import Foundation
import LabelKit
import LabelKitCairo

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
