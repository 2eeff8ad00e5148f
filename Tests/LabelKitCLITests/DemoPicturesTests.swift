import Foundation
import Testing

/// `labelkit demo --out-dir`: the README's pictures, dark twins and the text-scale row included.
@Suite("labelkit demo pictures")
struct DemoPicturesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A PNG's width and height, from its IHDR chunk.
    static func pixelSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 24 else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test(
        "the dark twins are drawn from the light pictures' layouts; the row grows with the text scale; docs/images is current"
    )
    func darkTwinsAndTextScaleRow() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-demo-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try labelkit(["demo", "--out-dir", directory])
        #expect(result.status == 0, "\(result.stderr)")
        func bytes(_ name: String) throws -> [UInt8] {
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
        }
        for name in ["chat-message", "terms"] {
            let light = try bytes(name + ".png")
            let dark = try bytes(name + "-dark.png")
            #expect(
                Self.pixelSize(light).map { [$0.0, $0.1] } == Self.pixelSize(dark).map { [$0.0, $0.1] }, "\(name)")
            #expect(light != dark, "\(name)")
        }
        // The printed sizes: the row at 0.8, 1.0, 1.5 and 2.0 is taller at each scale.
        let heights = ["0.8", "1.0", "1.5", "2.0"].compactMap { scale in
            result.stdout.split(separator: "\n").first { $0.contains("text-scale-\(scale).png") }
                .flatMap { $0.split(separator: "×").last?.split(separator: " ").first }.flatMap { Int($0) }
        }
        #expect(heights.count == 4 && zip(heights, heights.dropFirst()).allSatisfy { $0 < $1 }, "\(heights)")
        // Every picture the command draws is the one the README shows.
        for line in result.stdout.split(separator: "\n") {
            guard let path = line.split(separator: " ").first, path.hasSuffix(".png") else { continue }
            let name = String(path.split(separator: "/").last ?? "")
            let shown = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("docs/images/" + name)))
            #expect(try bytes(name) == shown, "docs/images/\(name) is not what `labelkit demo` draws: run it again")
        }
    }
}
