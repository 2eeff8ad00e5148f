import Foundation
import LabelKitCorpus
import Testing

/// What a process does before it lays anything out: `--help` and argument errors answer without loading fontconfig
/// (its configuration and font caches are most of a one-shot `measure`'s time), Cairo is mapped only by a process
/// that draws, and the bench's corpus generator keeps the corpus every figure was measured on.
@Suite("Start-up: lazy fontconfig, Cairo loaded to draw, the bench corpus's seed")
struct StartupTests {
    /// The environment with FONTCONFIG_FILE naming a file that does not exist: whatever touches fontconfig under it
    /// prints fontconfig's own error, and finds no fonts.
    static var missingConfiguration: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = "/nonexistent/labelkit-\(UUID())/fonts.conf"
        return environment
    }

    @Test(
        "--help, a subcommand's --help and bad arguments print the same and exit alike without a fontconfig file",
        arguments: [
            ["--help"], ["measure", "--help"], ["render", "-h"], ["measure"], ["measure", "--width", "wide", "Hi"],
            ["measure", "--no-such-option", "Hi"], ["frobnicate"], [],
        ])
    func noFontconfigBeforeLayout(_ arguments: [String]) throws {
        let normal = try labelkit(arguments)
        let without = try run(labelkitBinary, arguments, environment: Self.missingConfiguration)
        #expect(without.status == normal.status)
        #expect(without.stdout == normal.stdout)
        #expect(without.stderr == normal.stderr)
        #expect(!without.stderr.contains("Fontconfig"), "\(without.stderr)")
    }

    @Test("the probe works: measuring under a missing fontconfig file does load fontconfig, and says so")
    func measuringLoadsFontconfig() throws {
        let normal = try labelkit(["measure", "Hi"])
        let without = try run(labelkitBinary, ["measure", "Hi"], environment: Self.missingConfiguration)
        #expect(normal.status == 0)
        #expect(without.stderr != normal.stderr, "\(without.stderr)")
    }

    /// The environment with LD_DEBUG=files: glibc's dynamic loader then names every library it maps on standard
    /// error, those the binary needs at start-up and those opened later with dlopen.
    static var loaderTrace: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        return environment
    }

    @Test("measuring never maps Cairo; drawing maps it when it first draws, and draws")
    func cairoOnlyToDraw() throws {
        let measured = try run(labelkitBinary, ["measure", "Hi"], environment: Self.loaderTrace)
        #expect(measured.status == 0)
        // The probe sees the libraries measuring does map, so the absence below is one it would have seen.
        #expect(measured.stderr.contains("libfontconfig.so"), "\(measured.stderr.prefix(2_000))")
        #expect(!measured.stderr.contains("libcairo"), "\(measured.stderr)")
        #expect(!measured.stderr.contains("libpixman"))
        let path = RenderOutputTests.temporary("cairo-on-demand.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let drawn = try run(labelkitBinary, ["render", "--out", path, "Hi"], environment: Self.loaderTrace)
        #expect(drawn.status == 0, "\(drawn.stderr.suffix(2_000))")
        #expect(drawn.stderr.contains("libcairo.so.2"))
        let png = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    /// FNV-1a over the bytes of a text: a pin that any change to a label changes.
    static func fingerprint(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    @Test("the default seed gives the bench corpus of every recorded figure; another seed gives another corpus")
    func corpusSeed() {
        let bench = BenchCorpus.tsv(count: 10_000, worldCount: 9_000)
        #expect(bench == BenchCorpus.tsv(count: 10_000, worldCount: 9_000, seed: 2026))
        #expect(bench.split(separator: "\n").count == 19_000)
        // bench/corpus.tsv from `LabelKitBench corpus bench 10000 9000` when the seed argument was added (the labels
        // and the format of the generator before it, which BenchCorpus took over unchanged).
        #expect(Self.fingerprint(bench) == 0xA27D_8B6D_952E_8081, "fingerprint \(Self.fingerprint(bench))")
        let other = BenchCorpus.tsv(count: 10_000, worldCount: 9_000, seed: 7)
        #expect(other.split(separator: "\n").count == 19_000)
        let benchLines = Set(bench.split(separator: "\n"))
        let shared = other.split(separator: "\n").filter { benchLines.contains($0) }.count
        #expect(shared < 100, "\(shared) labels in both corpora")
        // The same kinds in the same order: the fields before the text agree in kind.
        #expect(
            bench.split(separator: "\n").map { $0.prefix { $0 != "\t" } }
                == other.split(separator: "\n").map { $0.prefix { $0 != "\t" } })
    }
}
