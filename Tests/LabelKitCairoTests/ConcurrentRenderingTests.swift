import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// The renderer's process-wide font cache opened and read from many threads at once: every image equals the one
/// drawn alone. `make tsan` runs this under ThreadSanitizer.
@Suite("Concurrency of the Cairo font cache")
struct ConcurrentRenderingTests {
    /// Texts that draw with different faces: Latin regular, bold and italic, serif, monospace, CJK, colour emoji and
    /// Arabic.
    static func layouts() throws -> [TextLayout] {
        let texts: [(String, TextStyle)] = [
            ("Plain words in the default face", TextStyle()),
            ("Bold words", TextStyle(fontWeight: .bold)),
            ("Italic words", TextStyle(italic: true)),
            ("Serif words", TextStyle(fontFamily: "DejaVu Serif", fontSize: 18)),
            ("let mono = true", TextStyle(fontFamily: "DejaVu Sans Mono", fontSize: 12)),
            ("決済をしたと同時に利用規約に同意したとみなします", TextStyle(fontSize: 16)),
            ("Xin chào 👋🏽 🇻🇳 👨‍👩‍👧‍👦", TextStyle(fontSize: 20)),
            ("مرحبا بالعالم and שלום", TextStyle(fontSize: 15)),
        ]
        return try texts.map { text, style in
            try LabelTypesetter.system(style: style).layout(text, in: TextContainer(width: 220))
        }
    }

    @Test("eight threads drawing mixed faces at once, the font cache cold or warm, draw what one thread draws")
    func concurrentRendersEqualSerial() async throws {
        let layouts = try Self.layouts()
        // Concurrent first, so that threads race to open the faces no earlier test opened.
        let concurrent = try await withThrowingTaskGroup(of: (Int, RenderedImage).self) { group in
            for task in 0..<8 {
                group.addTask {
                    let index = task % layouts.count
                    let scale = task < layouts.count ? 1.0 : 2.0
                    return (task, try LabelRenderer(scale: scale).render(layouts[index]))
                }
            }
            var images: [Int: RenderedImage] = [:]
            for try await (task, image) in group { images[task] = image }
            return images
        }
        for task in 0..<8 {
            let index = task % layouts.count
            let scale = task < layouts.count ? 1.0 : 2.0
            let serial = try LabelRenderer(scale: scale).render(layouts[index])
            #expect(concurrent[task] == serial, "layout \(index) at scale \(scale)")
        }
    }
}
