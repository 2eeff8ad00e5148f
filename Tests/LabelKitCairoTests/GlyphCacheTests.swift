import Foundation
import LabelKit
import Testing

@testable import LabelKitCairo

/// Images take the common run's glyphs from the rendering context's glyph cache: the pixels must be Cairo's own, the
/// cache bounded, shared safely between threads.
@Suite struct GlyphCacheTests {
    /// Labels where glyph drawing is hard: colour emoji (ZWJ, flags, skin tones), right-to-left scripts with marks,
    /// combining marks, mixed sizes and baselines, fractional positions (centred in fractional insets), colours with
    /// alpha, overlapping glyphs (kerned and joined), a second line.
    static func hardLayouts() throws -> [(String, TextLayout)] {
        var centred = ParagraphStyle()
        centred.alignment = .center
        let fractional = TextContainer(
            width: 233.37, insets: EdgeInsets(top: 0.3, left: 7.71, bottom: 0.2, right: 3.14))
        var mixed = AttributedString("Big small Tiny ΑΒΓ Wave AVA Tő ")
        if let range = mixed.range(of: "Big") { mixed[range].labelKit.fontSize = 31 }
        if let range = mixed.range(of: "Tiny") {
            mixed[range].labelKit.fontSize = 9.5
            mixed[range].labelKit.baselineOffset = 3.3
        }
        if let range = mixed.range(of: "Wave") {
            mixed[range].labelKit.foregroundColor = LabelColor(RGBAColor(red: 0.8, green: 0.1, blue: 0.3, alpha: 0.55))
        }
        var translucent = AttributedString("Translucent 😀👍🏽 text")
        translucent.labelKit.foregroundColor = LabelColor(RGBAColor(red: 0.1, green: 0.5, blue: 0.9, alpha: 0.4))
        let system = LabelTypesetter.system
        let centredTypesetter = LabelTypesetter.system(style: TextStyle(fontSize: 17.3, paragraphStyle: centred))
        return [
            ("emoji", try system.layout("👩‍👩‍👧 🇯🇵🇩🇪 👍🏽👍🏿 ✨ go 😀😀 family", in: TextContainer(width: 180))),
            ("arabic", try system.layout("مَرْحَبًا بِالْعَالَمِ، هَذَا نَصٌّ طَوِيلٌ لِلتَّجْرِبَةِ", in: TextContainer(width: 150))),
            ("hebrew", try system.layout("שָׁלוֹם עוֹלָם, זֶה טֶקְסְט עִם נִקּוּד", in: TextContainer(width: 140))),
            ("marks", try system.layout("Tiếng Việt a\u{0301}\u{0323} नमस्ते दुनिया ক্ষ", in: TextContainer(width: 200))),
            ("mixed sizes", try system.layout(mixed, in: TextContainer(width: 260))),
            ("fractional", try centredTypesetter.layout("Centred AVAW To. fi ffl ‘quotes’ 12.5%", in: fractional)),
            ("translucent", try system.layout(translucent, in: TextContainer(width: 300))),
            ("cjk", try system.layout("決済をしたと同時に利用規約に同意したとみなします。한국어", in: TextContainer(width: 170))),
        ]
    }

    /// How many bytes of two images of one size differ, and by how much at most (every byte when the sizes differ).
    static func differences(_ a: RenderedImage, _ b: RenderedImage) -> (count: Int, largest: Int) {
        guard a.width == b.width, a.height == b.height, a.bytes.count == b.bytes.count else {
            return (max(a.bytes.count, b.bytes.count), 255)
        }
        var count = 0
        var largest = 0
        for (x, y) in zip(a.bytes, b.bytes) where x != y {
            count += 1
            largest = max(largest, abs(Int(x) - Int(y)))
        }
        return (count, largest)
    }

    static func cairoAlone(_ renderer: LabelRenderer) -> LabelRenderer {
        var renderer = renderer
        renderer.usesGlyphAtlas = false
        return renderer
    }

    @Test(
        "hard labels: the glyph cache's pixels are Cairo's, on white and transparent, at scale 1, 2 and 1.5, rounded or not",
        arguments: [(1.0, true, false), (2.0, false, false), (1.5, true, false), (2.0, true, true)])
    func pixelsEqualCairo(scale: Double, white: Bool, rounds: Bool) throws {
        let context = RenderingContext()
        for (name, layout) in try Self.hardLayouts() {
            var renderer = LabelRenderer(
                scale: scale, backgroundColor: white ? .white : nil, roundsGlyphPositions: rounds)
            renderer.context = context
            let fast = try renderer.render(layout)
            let cairo = try Self.cairoAlone(renderer).render(layout)
            let differences = Self.differences(fast, cairo)
            if differences.count > 0 {
                Issue.record(
                    "\(name) at scale \(scale): \(differences.count) bytes differ, by up to \(differences.largest)")
            }
            #expect(fast.bytes.contains { $0 != 0 && $0 != 255 }, "\(name): something is drawn")
        }
        #expect(context.glyphCacheStatistics.glyphs > 0, "the glyphs came from the cache")
    }

    @Test(
        "where a glyph's pixels are no longer the background (run backgrounds, lines overlapping, a dark or no fill), drawn again and again, the cache's pixels are Cairo's"
    )
    func pixelsOverOtherPaint() throws {
        let context = RenderingContext()
        var tight = ParagraphStyle()
        tight.lineHeightMultiple = 0.5
        var text = AttributedString("Highlighted gjpqy words over ÅÉÎ Mixed lines gjpqy again, AVA Wave, and again")
        if let range = text.range(of: "Highlighted") {
            text[range].labelKit.backgroundColor = LabelColor(RGBAColor(red: 1, green: 0.9, blue: 0.2, alpha: 1))
        }
        if let range = text.range(of: "words over") {
            text[range].labelKit.backgroundColor = LabelColor(RGBAColor(red: 0.2, green: 0.4, blue: 1, alpha: 0.3))
        }
        if let range = text.range(of: "AVA Wave") {
            text[range].labelKit.foregroundColor = LabelColor(RGBAColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.6))
        }
        let typesetter = LabelTypesetter.system(style: TextStyle(fontSize: 17, paragraphStyle: tight))
        let layout = try typesetter.layout(text, in: TextContainer(width: 120))
        #expect(layout.lines.count > 3)
        let dark = LabelColor(RGBAColor(red: 0.1, green: 0.12, blue: 0.15, alpha: 1))
        for background in [LabelColor.white, dark, nil] {
            var renderer = LabelRenderer(backgroundColor: background)
            renderer.context = context
            let cairo = try Self.cairoAlone(renderer).render(layout)
            for round in 1...2 {
                let differences = Self.differences(try renderer.render(layout), cairo)
                #expect(
                    differences.count == 0,
                    "on \(String(describing: background)), round \(round): \(differences.count) bytes differ, by up to \(differences.largest)"
                )
            }
        }
        #expect(context.glyphCacheStatistics.tinted > 0)
    }

    @Test("the layout's glyph records are read by the C placement loop as they are laid out, so the cache is used")
    func glyphRecordsMatchTheCStructs() {
        #expect(LayoutPainter.layoutRecordsMatchC)
    }

    @Test("a label drawn again draws no glyph again: the cache answers; removeAll empties it")
    func reuse() throws {
        let context = RenderingContext()
        var renderer = LabelRenderer(backgroundColor: .white)
        renderer.context = context
        let layout = try LabelTypesetter.system.layout("Hello hello, world 世界 👋🏽", in: TextContainer(width: 300))
        let first = try renderer.render(layout)
        let afterFirst = context.glyphCacheStatistics
        #expect(afterFirst.rasterized > 0)
        #expect(afterFirst.tinted > 0, "glyphs composited over the white background beforehand")
        #expect(afterFirst.tinted <= afterFirst.glyphs, "once per glyph in one colour over one background")
        #expect(afterFirst.strikes == Set(layout.runs.map { ObjectIdentifier($0.face) }).count)
        #expect(afterFirst.rasterized < layout.runs.reduce(0) { $0 + $1.glyphs.count }, "repeated glyphs drawn once")
        for _ in 0..<3 { #expect(Self.differences(try renderer.render(layout), first).count == 0) }
        #expect(context.glyphCacheStatistics.rasterized == afterFirst.rasterized)
        #expect(context.glyphCacheStatistics.tinted == afterFirst.tinted, "drawn again: copied, not composited again")
        renderer.scale = 2
        _ = try renderer.render(layout)
        #expect(context.glyphCacheStatistics.strikes == 2 * afterFirst.strikes, "another scale is another strike")
        context.removeAll()
        #expect(context.glyphCacheStatistics.glyphs == 0)
        #expect(context.glyphCacheStatistics.bytes == 0)
        renderer.scale = 1
        #expect(Self.differences(try renderer.render(layout), first).count == 0)
    }

    @Test("the cache keeps no more than its byte limit (beyond the one strike in use), and draws the same under it")
    func evictionBound() throws {
        let limit = 64 * 1024
        let small = RenderingContext(glyphCacheByteLimit: limit)
        let large = RenderingContext()
        let texts = [
            "The quick brown fox jumps over the lazy dog 0123456789",
            "決済をしたと同時に利用規約に同意したとみなします", "한국어 텍스트를 그립니다", "สวัสดีชาวโลก",
            "नमस्ते दुनिया", "👩‍👩‍👧 🇯🇵 👍🏽", "مرحبا بالعالم",
        ]
        for size in stride(from: 10.0, through: 40.0, by: 5.0) {
            let typesetter = LabelTypesetter.system(style: TextStyle(fontSize: size))
            for text in texts {
                let layout = try typesetter.layout(text, in: TextContainer(width: 400))
                var renderer = LabelRenderer(backgroundColor: .white)
                renderer.context = small
                let bounded = try renderer.render(layout)
                renderer.context = large
                #expect(Self.differences(try renderer.render(layout), bounded).count == 0, "\(text) at \(size)")
                let statistics = small.glyphCacheStatistics
                #expect(statistics.bytes <= limit || statistics.strikes == 1, "\(statistics)")
            }
        }
        #expect(small.glyphCacheStatistics.evictions > 0)
        #expect(large.glyphCacheStatistics.evictions == 0)
        let none = RenderingContext(glyphCacheByteLimit: 0)
        var renderer = LabelRenderer(backgroundColor: .white)
        renderer.context = none
        let layout = try LabelTypesetter.system.layout("Nothing kept 😀", in: TextContainer(width: 300))
        #expect(Self.differences(try renderer.render(layout), try Self.cairoAlone(renderer).render(layout)).count == 0)
    }

    @Test("one context drawn from 8 threads at once: every image equals the one drawn alone")
    func concurrentDrawsFromOneContext() async throws {
        let layouts = try Self.hardLayouts().map(\.1)
        let context = RenderingContext(glyphCacheByteLimit: 256 * 1024)
        var renderer = LabelRenderer(backgroundColor: .white)
        renderer.context = RenderingContext()
        let expected = try layouts.map { try renderer.render($0) }
        renderer.context = context
        let shared = renderer
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var same = true
                    for round in 0..<6 {
                        var local = shared
                        local.scale = (task + round).isMultiple(of: 3) ? 2 : 1
                        for (index, layout) in layouts.enumerated() {
                            let image = try local.render(layout)
                            if local.scale == 1, image != expected[index] { same = false }
                        }
                    }
                    return same
                }
            }
            for try await same in group { #expect(same) }
        }
    }

    @Test("into a caller's buffer: the image's pixels, rows a stride apart, nothing outside them touched")
    func callerBuffer() throws {
        let layout = try LabelTypesetter.system.layout("Into a buffer 😀 שלום", in: TextContainer(width: 200))
        let renderer = LabelRenderer(scale: 2, backgroundColor: .white)
        let image = try renderer.render(layout)
        let (width, height) = try renderer.pixelSize(of: layout)
        #expect(width == image.width && height == image.height)
        let stride = width * 4 + 12
        var buffer = [UInt8](repeating: 0xAB, count: stride * height + 7)
        try buffer.withUnsafeMutableBytes { try renderer.render(layout, into: $0, stride: stride) }
        for row in 0..<height {
            #expect(
                Array(buffer[(row * stride)..<(row * stride + width * 4)])
                    == Array(image.bytes[(row * image.stride)..<(row * image.stride + width * 4)]), "row \(row)")
            #expect(buffer[(row * stride + width * 4)..<(row * stride + stride)].allSatisfy { $0 == 0xAB })
        }
        #expect(buffer[(stride * height)...].allSatisfy { $0 == 0xAB })
        // Without a background every pixel is still written: transparent where nothing is drawn.
        var transparent = renderer
        transparent.backgroundColor = nil
        var reused = [UInt8](repeating: 0x5A, count: width * 4 * height)
        try reused.withUnsafeMutableBytes { try transparent.render(layout, into: $0, stride: width * 4) }
        #expect(reused == (try transparent.render(layout)).bytes, "every pixel written")
    }

    @Test("plain runs drawn from the cache before runs Cairo must draw (underlined, struck, beyond the cache's size)")
    func cacheThenCairo() throws {
        var text = AttributedString("Plain words first, then underlined, then plain, struck, plain and Huge at the end")
        if let range = text.range(of: "underlined") { text[range].labelKit.underline = .single }
        if let range = text.range(of: "struck") { text[range].labelKit.strikethrough = .single }
        if let range = text.range(of: "Huge") { text[range].labelKit.fontSize = 140 }
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 420))
        #expect(layout.runs.count >= 5)
        for background in [LabelColor.white, nil] {
            let renderer = LabelRenderer(scale: 2, backgroundColor: background)
            let cached = try renderer.render(layout)
            let cairo = try Self.cairoAlone(renderer).render(layout)
            #expect(Self.differences(cached, cairo).count == 0)
        }
    }

    @Test(
        "a background fills every pixel, premultiplied BGRA, whatever its colour and the rows' stride",
        arguments: [
            (LabelColor.white, [UInt8]([0xFF, 0xFF, 0xFF, 0xFF])), (LabelColor.black, [0x00, 0x00, 0x00, 0xFF]),
            (LabelColor(red: 1, green: 0, blue: 0), [0x00, 0x00, 0xFF, 0xFF]),
            (LabelColor(red: 0, green: 0, blue: 1, alpha: 0.5), [0x80, 0x00, 0x00, 0x80]),
        ])
    func backgroundFill(_ color: LabelColor, _ pixel: [UInt8]) throws {
        // Only spaces: nothing is drawn over the background. 37 points wide at scale 1: a width no multiple of 8.
        let layout = try LabelTypesetter.system.layout("   ", in: TextContainer(width: 37, height: 9))
        let renderer = LabelRenderer(backgroundColor: color)
        let (width, height) = try renderer.pixelSize(of: layout)
        #expect(width > 0 && height > 0)
        let image = try renderer.render(layout)
        #expect(image.bytes == Array((0..<(width * height)).map { _ in pixel }.joined()))
        // Rows further apart than the image is wide: each row filled, the bytes between rows left alone.
        let stride = width * 4 + 20
        var buffer = [UInt8](repeating: 0x3C, count: stride * height)
        try buffer.withUnsafeMutableBytes { try renderer.render(layout, into: $0, stride: stride) }
        for row in 0..<height {
            #expect(Array(buffer[(row * stride)..<(row * stride + width * 4)]) == Array(image.bytes[0..<(width * 4)]))
            #expect(buffer[(row * stride + width * 4)..<(row * stride + stride)].allSatisfy { $0 == 0x3C })
        }
    }

    @Test("into a caller's buffer: a bad stride, a short or misaligned buffer throw invalidOption and write nothing")
    func callerBufferErrors() throws {
        let layout = try LabelTypesetter.system.layout("Bad buffers", in: TextContainer(width: 200))
        let renderer = LabelRenderer(backgroundColor: .white)
        let (width, height) = try renderer.pixelSize(of: layout)
        var buffer = [UInt8](repeating: 7, count: width * 4 * height + 64)
        let cases: [(String, Int, Int, Int)] = [
            ("stride too small", width * 4 - 4, 0, buffer.count),
            ("stride not a multiple of 4", width * 4 + 2, 0, buffer.count),
            ("negative stride", -width * 4, 0, buffer.count),
            ("buffer too small", width * 4, 0, width * 4 * height - 1),
            ("empty buffer", width * 4, 0, 0),
            ("misaligned", width * 4, 1, buffer.count - 1),
        ]
        for (name, stride, offset, count) in cases {
            buffer.withUnsafeMutableBytes { bytes in
                let slice = UnsafeMutableRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
                #expect(throws: RenderError.self, "\(name)") {
                    try renderer.render(layout, into: slice, stride: stride)
                }
                do throws(RenderError) {
                    try renderer.render(layout, into: slice, stride: stride)
                } catch {
                    guard case .invalidOption = error else {
                        Issue.record("\(name): \(error)")
                        return
                    }
                }
            }
            #expect(buffer.allSatisfy { $0 == 7 }, "\(name): nothing written")
        }
        var bad = renderer
        bad.scale = .nan
        buffer.withUnsafeMutableBytes { bytes in
            #expect(throws: RenderError.invalidOption("scale must be a finite number > 0, not nan")) {
                try bad.render(layout, into: bytes, stride: width * 4)
            }
        }
    }
}
