// Drawing, and the backends fed the raw bytes.
import Foundation
import FuzzSupport
import LabelKit
import LabelKitCairo

/// Draws layouts of a sensible size: a render error is fine, a crash is not. Glyphs over 1,000 pixels are left out:
/// Cairo alone takes most of a second to rasterize one CJK glyph at 10,000 (see CONTRIBUTING.md, "Reliability").
func draw(_ layout: TextLayout, scale: Double) {
    guard layout.bounds.width * scale <= 1_024, layout.bounds.height * scale <= 1_024 else { return }
    guard layout.runs.allSatisfy({ $0.style.fontSize * scale <= 1_000 }) else { return }
    var renderer = LabelRenderer(scale: scale)
    renderer.debug = layout.links.count % 2 == 1
    renderer.appearance = Appearance.all[layout.lines.count % Appearance.all.count]
    renderer.backgroundColor = layout.runs.count % 2 == 1 ? .background : nil
    renderer.highlights = layout.links.indices.map {
        LabelRenderer.Highlight(rects: layout.rects(forLink: $0).map(\.rect), color: .link, cornerRadius: 3)
    }
    _ = try? renderer.render(layout)
}

/// The backends fed the text's bytes as UTF-16: boundaries, bidi levels, fallback faces and shaping (horizontal or
/// vertical), with lone surrogates and every other code unit a string cannot hold.
func checkBackends(_ bytes: [UInt8], family: String, _ input: inout FuzzInput) {
    guard bytes.count >= 2, bytes.count <= 8_192 else { return }
    let units = (0..<(bytes.count / 2)).map { UInt16(bytes[2 * $0]) | UInt16(bytes[2 * $0 + 1]) << 8 }
    let count = units.count
    units.withUnsafeBufferPointer { text in
        var flags: [TextBoundaryFlags] = []
        ICUTextAnalyzer().analyzeBoundaries(of: text, into: &flags)
        invariant(flags.count == count + 1, "\(flags.count) boundary flags for \(count) code units")
        var levels: [UInt8] = []
        let direction = input.pick([nil, WritingDirection.leftToRight, .rightToLeft])
        _ = ICUTextAnalyzer().bidiLevels(of: text, paragraph: 0..<count, baseDirection: direction, into: &levels)
        invariant(levels.count == count, "\(levels.count) levels for \(count) code units")

        let fonts = SystemFontSystem.shared
        let descriptor = FontDescriptor(family: family == missingFamily ? "DejaVu Sans" : family)
        var start = 0
        var clusters = 0
        for offset in 1...count where flags[offset].contains(.graphemeBoundary) && clusters < 64 {
            let cluster = UnsafeBufferPointer(rebasing: text[start..<offset])
            _ = fonts.fallbackFace(for: cluster, descriptor: descriptor, emojiPresentation: clusters % 3 == 0)
            start = offset
            clusters += 1
        }
        guard let face = try? fonts.face(for: descriptor) else { return }
        let lower = input.number(in: 0...count)
        let upper = input.number(in: lower...count)
        var glyphs = ShapedGlyphBuffer()
        var options = ShapingOptions(size: input.pick(validSizes), rightToLeft: input.flag())
        // Top to bottom with the font's vertical forms and metrics, as an upright run of a column.
        options.vertical = input.flag()
        face.shape(text, range: lower..<upper, options: options, into: &glyphs)
        for cluster in glyphs.clusters {
            invariant(Int(cluster) >= lower && Int(cluster) < upper, "cluster \(cluster) outside \(lower)..<\(upper)")
        }
    }
}
