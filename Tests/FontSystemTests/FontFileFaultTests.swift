import Foundation
import LabelKit
import LabelKitLayout
import LabelKitText
import Testing

/// Font files that are not what they claim: each is a typed error when opened or registered, or, when HarfBuzz
/// and fontconfig accept what is left of it, a face that lays text out without crashing. A file deleted after it
/// was registered keeps working: the face was mapped into memory when it was opened.
@Suite("Broken font files")
struct FontFileFaultTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    func temporaryFile(_ name: String, contents: [UInt8]) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("LabelKitFontFaults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(contents).write(to: url)
        return url.path
    }

    /// Registers `path` with a new font system: a typed error, or faces that shape, measure and lay out text.
    func registerOrFail(_ path: String) -> String {
        let fonts = SystemFontSystem()
        do {
            let families = try fonts.registerFont(at: path)
            for family in families {
                let face = try fonts.systemFace(for: FontDescriptor(family: family))
                _ = face.metrics(size: 15)
                _ = face.shaped("Hello, 世界 ﷺ", options: ShapingOptions(size: 15))
                let typesetter = LabelTypesetter(
                    fontSystem: fonts, analyzer: ICUTextAnalyzer(), style: TextStyle(fontFamily: family))
                _ = try typesetter.layout("Text in a broken font, 決済 👋🏽", in: TextContainer(width: 120))
            }
            return "registered \(families)"
        } catch let error as FontError {
            guard case .unreadableFile(let errorPath, _) = error, errorPath == path else {
                return "wrong error \(error)"
            }
            return "unreadable"
        } catch {
            return "layout failed: \(error)"
        }
    }

    @Test("truncated copies of a real font: unreadable when cut short, never a crash when cut late")
    func truncatedFonts() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.dejaVu)))
        for length in [0, 1, 4, 12, 100, 1_000] {
            let path = try temporaryFile("Truncated-\(length).ttf", contents: Array(bytes.prefix(length)))
            #expect(registerOrFail(path) == "unreadable", "\(length) bytes")
            #expect(throws: FontError.self, "\(length) bytes") { try SystemFontFace(filePath: path) }
        }
        for length in [10_000, bytes.count / 2, bytes.count - 1] {
            let path = try temporaryFile("Truncated-\(length).ttf", contents: Array(bytes.prefix(length)))
            let outcome = registerOrFail(path)
            #expect(outcome == "unreadable" || outcome.hasPrefix("registered"), "\(length) bytes: \(outcome)")
        }
    }

    @Test("a real font with bytes overwritten at random: a typed error or a face that still lays out")
    func corruptedFonts() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.dejaVu)))
        var random = SeededRandom(seed: 13)
        for variant in 0..<24 {
            var corrupted = bytes
            // The table directory and the tables alike: a few hundred bytes at random places.
            let hits = variant < 8 ? 16 : 400
            for _ in 0..<hits {
                let index = variant % 2 == 0 ? Int(random.next() % 512) : Int(random.next() % UInt64(bytes.count))
                corrupted[index] = UInt8(truncatingIfNeeded: random.next())
            }
            let path = try temporaryFile("Corrupt-\(variant).ttf", contents: corrupted)
            let outcome = registerOrFail(path)
            #expect(outcome == "unreadable" || outcome.hasPrefix("registered"), "variant \(variant): \(outcome)")
        }
    }

    @Test("an empty file, a directory and a text file named .ttf are unreadable files")
    func notFonts() throws {
        let empty = try temporaryFile("Empty.ttf", contents: [])
        let directory = URL(fileURLWithPath: empty).deletingLastPathComponent().path
        let text = try temporaryFile("Readme.ttf", contents: Array("OTTO true? no, just text".utf8))
        for path in [empty, directory, text] {
            #expect(registerOrFail(path) == "unreadable", "\(path)")
        }
    }

    @Test("a registered font file deleted afterwards keeps laying out: its face was mapped when it was opened")
    func deletedAfterRegistration() throws {
        let fonts = SystemFontSystem()
        let path = try temporaryFile("Vanishing.ttf", contents: TestFontBuilder(family: "LabelKit Vanishing").build())
        #expect(try fonts.registerFont(at: path) == ["LabelKit Vanishing"])
        let typesetter = LabelTypesetter(
            fontSystem: fonts, analyzer: ICUTextAnalyzer(), style: TextStyle(fontFamily: "LabelKit Vanishing"))
        let before = try typesetter.layout("Boxes ABC", in: TextContainer(width: 300))
        try FileManager.default.removeItem(atPath: path)
        let after = try typesetter.layout("Boxes ABC abc", in: TextContainer(width: 300))
        #expect(after.runs.first?.face.familyName == "LabelKit Vanishing")
        #expect(after.size.width > before.size.width)
        // Registering it again now fails cleanly.
        #expect(throws: FontError.self) { try SystemFontSystem().registerFont(at: path) }
    }

    @Test("a family that is not installed is a typed error naming it, from every entry point")
    func missingFamily() {
        let style = TextStyle(fontFamily: "No Such Family")
        let expected = LayoutError.font(.noMatch(FontDescriptor(family: "No Such Family")))
        #expect(throws: expected) { try LabelTypesetter.system(style: style).layout("text") }
        #expect(throws: expected) { try LabelTypesetter.system(style: style).measurement("text", width: 100) }
        var attributed = AttributedString("plain, then missing")
        if let range = attributed.range(of: "missing") { attributed[range].labelKit.fontFamily = "No Such Family" }
        #expect(throws: expected) { try LabelTypesetter.system.layout(attributed) }
    }
}

/// SplitMix64: the same bytes on every run.
struct SeededRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
