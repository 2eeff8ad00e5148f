import Foundation
import Testing

/// The font faults a deployment meets, through the tool in a process of its own with a fontconfig configuration
/// made for the test (FONTCONFIG_FILE): no fonts at all, only DejaVu (no CJK or emoji font to fall back on), a
/// family that does not exist, and a PNG that cannot be written. Each is a clear message and exit code 2, or the
/// documented fallback — never a crash.
@Suite("Font configuration and output faults, end to end")
struct FontConfigurationFaultTests {
    /// A fontconfig configuration listing `directories` (none: no fonts at all), with its cache beside it.
    static func configuration(directories: [String]) throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-fonts-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("fonts.conf")
        let dirs = directories.map { "  <dir>\($0)</dir>\n" }.joined()
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig>
            \(dirs)  <cachedir>\(folder.path)/cache</cachedir>
            </fontconfig>

            """
        try xml.write(to: file, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = file.path
        return environment
    }

    static let dejaVuOnly = "/usr/share/fonts/truetype/dejavu"

    @Test("no fonts at all: measuring and drawing say no font matches, exit 2; link detection still works")
    func noFontsAtAll() throws {
        let environment = try Self.configuration(directories: [])
        let measured = try run(labelkitBinary, ["measure", "Hello"], environment: environment)
        #expect(measured.status == 2)
        #expect(measured.stderr.hasPrefix("labelkit: error: no font matches \"DejaVu Sans\""), "\(measured.stderr)")
        #expect(measured.stdout.isEmpty)
        let generic = try run(labelkitBinary, ["measure", "--font", "sans-serif", "Hello"], environment: environment)
        #expect(generic.status == 2)
        #expect(generic.stderr.hasPrefix("labelkit: error: no font matches \"sans-serif\""), "\(generic.stderr)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-nofont-\(UUID()).png").path
        let drawn = try run(labelkitBinary, ["render", "--out", out, "Hello"], environment: environment)
        #expect(drawn.status == 2)
        #expect(!FileManager.default.fileExists(atPath: out))
        // A batch answers each record with the error in its place.
        let batch = try run(
            labelkitBinary, ["measure", "--batch", "-"], environment: environment,
            stdin: "{\"text\":\"a\"}\n{\"text\":\"b\"}\n")
        #expect(batch.status == 2)
        #expect(batch.jsonLines.count == 2 && batch.jsonLines.allSatisfy { $0["error"] is String }, "\(batch.stdout)")
        let links = try run(labelkitBinary, ["links", "see www.example.org"], environment: environment)
        #expect(links.status == 0, "\(links.stderr)")
    }

    @Test("no CJK or emoji font installed: missing-glyph boxes, measured, hit and drawn alike")
    func fallbackFontMissing() throws {
        let environment = try Self.configuration(directories: [Self.dejaVuOnly])
        let text = "決済 😀 ok"
        let measured = try run(labelkitBinary, ["measure", text], environment: environment)
        #expect(measured.status == 0, "\(measured.stderr)")
        let size = try #require(measured.jsonLines.first)
        let width = try #require(size["width"] as? Double)
        let height = try #require(size["height"] as? Double)
        // With every font installed the CJK glyphs are Noto's, wider than DejaVu's boxes: the fallback is really gone.
        let everyFont = try labelkit(["measure", text])
        #expect(everyFont.jsonLines.first?["width"] as? Double != width)

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-boxes-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let drawn = try run(labelkitBinary, ["render", "--out", out, text], environment: environment)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(png.count > 24 && png[12..<16].elementsEqual(Array("IHDR".utf8)))
        let pngWidth = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let pngHeight = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(Double(pngWidth) == width && Double(pngHeight) == height, "PNG \(pngWidth)×\(pngHeight)")

        // The box of 決 is a character like any other: a point in it hits it.
        let hit = try run(labelkitBinary, ["hit", "--x", "4", "--y", "\(height / 2)", text], environment: environment)
        #expect(hit.status == 0, "\(hit.stderr)")
        #expect(hit.stdout.contains("\"index\":0"), "\(hit.stdout)")
    }

    @Test("the default family missing (only Noto CJK installed): an error naming it; a generic family still draws")
    func defaultFamilyMissing() throws {
        let environment = try Self.configuration(directories: ["/usr/share/fonts/opentype/noto"])
        let measured = try run(labelkitBinary, ["measure", "Hello"], environment: environment)
        #expect(measured.status == 2)
        #expect(measured.stderr.hasPrefix("labelkit: error: no font matches \"DejaVu Sans\""), "\(measured.stderr)")
        #expect(measured.stdout.isEmpty)
        // No silent substitution: the remedy the message leads to is to ask for a family, or a generic one.
        let generic = try run(labelkitBinary, ["measure", "--font", "sans-serif", "Hello"], environment: environment)
        #expect(generic.status == 0, "\(generic.stderr)")
        let width = try #require(generic.jsonLines.first?["width"] as? Double)
        #expect(width > 0)
        let everyFont = try labelkit(["measure", "Hello"])
        #expect(everyFont.jsonLines.first?["width"] as? Double != width, "measured with Noto, not DejaVu")
    }

    @Test("a family that is not installed: a message naming it, exit 2")
    func missingFamily() throws {
        let result = try labelkit(["measure", "--font", "No Such Family", "Hello"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("labelkit: error: no font matches \"No Such Family\""), "\(result.stderr)")
    }

    @Test("measure --batch big.jsonl | head -1: one line, exit 0, no message, and the rest is not laid out")
    func batchFileIntoClosedPipe() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-big-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.jsonl")
        let record = #"{"text":"a label that wraps onto a second line at eighty points","width":80}"# + "\n"
        try String(repeating: record, count: 500_000).write(to: big, atomically: true, encoding: .utf8)
        let errors = folder.appendingPathComponent("stderr").path
        let result = try bash(
            """
            start=$SECONDS
            "$LABELKIT" measure --batch '\(big.path)' 2>'\(errors)' | head -1
            echo "status ${PIPESTATUS[0]} after $((SECONDS - start)) s"
            """)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("{\"width\":"), "\(result.stdout)")
        #expect(lines.last?.hasPrefix("status 0 after ") == true, "\(result.stdout)")
        // Half a million labels take minutes in a debug build; stopping at the closed pipe takes well under that.
        let seconds = lines.last.flatMap { Int($0.split(separator: " ")[3]) } ?? .max
        #expect(seconds < 30, "\(result.stdout)")
        #expect(try String(contentsOfFile: errors, encoding: .utf8).isEmpty)
    }

    @Test("a PNG path that cannot be written: a message naming the path, exit 2, nothing left behind")
    func unwritablePNG() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-dir-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for path in ["/nonexistent/LabelKit/out.png", directory.path, "/proc/labelkit.png"] {
            let result = try labelkit(["render", "--out", path, "Hello"])
            #expect(result.status == 2, "\(path)")
            #expect(result.stderr.hasPrefix("labelkit: error: ") && result.stderr.contains(path), "\(result.stderr)")
        }
    }
}
