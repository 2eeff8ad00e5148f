import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// Bidi marks, zero-width characters and controls draw nothing: with real fonts they take no space, draw no
/// missing-glyph box, and do not switch the text to another face.
@Suite("Characters that need no glyph")
struct InvisibleCharacterTests {
    static let invisibles: [(name: String, scalar: Unicode.Scalar)] = [
        ("left-to-right mark", "\u{200E}"), ("right-to-left mark", "\u{200F}"), ("zero-width space", "\u{200B}"),
        ("word joiner", "\u{2060}"), ("zero-width no-break space", "\u{FEFF}"), ("a C0 control", "\u{1}"),
        ("first strong isolate", "\u{2068}"),
    ]

    @Test(
        "an invisible character inside Latin or Japanese text measures as nothing, draws nothing and keeps the run's face",
        arguments: ["abcdef", "利用規約を読む"])
    func invisibleInsideText(_ text: String) throws {
        let typesetter = LabelTypesetter.system
        let plain = try typesetter.layout(text)
        let renderer = LabelRenderer(scale: 2, backgroundColor: .white)
        let plainImage = try renderer.render(plain)
        let middle = text.index(text.startIndex, offsetBy: 3)
        for (name, scalar) in Self.invisibles {
            let marked = text[..<middle] + String(scalar) + text[middle...]
            let layout = try typesetter.layout(String(marked))
            #expect(abs(layout.usedRect.width - plain.usedRect.width) < 0.001, "\(name) in \(text)")
            #expect(layout.size == plain.size, "\(name) in \(text)")
            // No face switch: no face but the text's (a right-to-left mark may still make a run of its own level).
            #expect(
                Set(layout.runs.map(\.face.familyName)) == Set(plain.runs.map(\.face.familyName)), "\(name) in \(text)")
            // No missing-glyph box: glyph 0 is a font's .notdef.
            #expect(!layout.runs.flatMap(\.glyphs).contains { $0.glyphID == 0 }, "\(name) in \(text)")
            #expect(try renderer.render(layout) == plainImage, "\(name) in \(text)")
        }
    }

    @Test("a text of only a left-to-right mark is one empty-looking line in the primary face")
    func markAlone() throws {
        let layout = try LabelTypesetter.system.layout("\u{200E}")
        #expect(layout.lines.count == 1)
        #expect(layout.usedRect.width < 0.001)
        #expect(layout.runs.map(\.face.familyName) == ["DejaVu Sans"])
        #expect(!layout.runs.flatMap(\.glyphs).contains { $0.glyphID == 0 })
    }
}
