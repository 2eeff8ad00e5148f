import Foundation
import LabelKitCairo
import Testing

/// Reads PDF and SVG files back into pixels with tools LabelKit did not write: poppler's `pdftoppm` and librsvg's
/// `rsvg-convert` (Debian's poppler-utils and librsvg2-bin, installed by `make deps`).
enum ExternalRasterizer {
    struct Missing: Error, CustomStringConvertible {
        let tool: String
        let package: String
        var description: String { "\(tool) not found: install \(package) (make deps)" }
    }

    struct Failed: Error, CustomStringConvertible {
        let command: String
        let status: Int32
        let output: String
        var description: String { "\(command) exited with \(status): \(output)" }
    }

    /// The PDF at `path`, its first page at `scale` pixels per point, through `pdftoppm`.
    static func rasterizePDF(_ path: String, scale: Double) throws -> RenderedImage {
        let base = temporaryPath("pdftoppm")
        try run(
            "pdftoppm", package: "poppler-utils",
            ["-r", String(72 * scale), "-png", "-singlefile", "-aa", "yes", "-aaVector", "yes", path, base])
        defer { try? FileManager.default.removeItem(atPath: base + ".png") }
        return try RenderedImage(pngFile: base + ".png")
    }

    /// The SVG at `path` at `scale` pixels per CSS pixel, through `rsvg-convert`.
    static func rasterizeSVG(_ path: String, scale: Double) throws -> RenderedImage {
        let output = temporaryPath("rsvg") + ".png"
        try run("rsvg-convert", package: "librsvg2-bin", ["-z", String(scale), "-f", "png", "-o", output, path])
        defer { try? FileManager.default.removeItem(atPath: output) }
        return try RenderedImage(pngFile: output)
    }

    static func temporaryPath(_ stem: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-\(stem)-\(UUID().uuidString)").path
    }

    private static func run(_ tool: String, package: String, _ arguments: [String]) throws {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard
            let executable = searchPath.split(separator: ":").map({ "\($0)/\(tool)" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { throw Missing(tool: tool, package: package) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(
                command: ([tool] + arguments).joined(separator: " "), status: process.terminationStatus,
                output: String(decoding: output, as: UTF8.self))
        }
    }
}

/// How far apart two renders of the same picture are, both composited on white and averaged over square blocks of
/// pixels, so that antialiasing (each rasteriser covers a glyph's edge pixels a little differently) evens out while a
/// missing glyph, line or fill does not.
struct ImageDifference: CustomStringConvertible {
    /// The mean absolute difference of a colour channel of a block, 0…255.
    let meanChannelDifference: Double
    /// The share of blocks with a channel more than 64 apart: something drawn in one picture and not the other.
    let farBlockShare: Double
    /// The largest difference between the images' widths and heights, in pixels.
    let sizeDifference: Int

    init(_ a: RenderedImage, _ b: RenderedImage, block: Int = 4) {
        sizeDifference = max(abs(a.width - b.width), abs(a.height - b.height))
        let columns = min(a.width, b.width) / block
        let rows = min(a.height, b.height) / block
        var total = 0.0
        var far = 0
        for row in 0..<rows {
            for column in 0..<columns {
                let p = Self.blockAverage(a, column * block, row * block, block)
                let q = Self.blockAverage(b, column * block, row * block, block)
                let differences = [abs(p.0 - q.0), abs(p.1 - q.1), abs(p.2 - q.2)]
                total += differences.reduce(0, +)
                if differences.contains(where: { $0 > 64 }) { far += 1 }
            }
        }
        let blocks = max(columns * rows, 1)
        meanChannelDifference = total / Double(blocks * 3)
        farBlockShare = Double(far) / Double(blocks)
    }

    /// The mean colour of a block, over opaque white.
    private static func blockAverage(_ image: RenderedImage, _ x: Int, _ y: Int, _ size: Int) -> (
        Double, Double, Double
    ) {
        var sum = (0, 0, 0)
        for row in y..<(y + size) {
            for column in x..<(x + size) {
                guard let pixel = image.pixel(x: column, y: row) else { continue }
                let uncovered = 255 - Int(pixel.alpha)
                sum.0 += Int(pixel.red) + uncovered
                sum.1 += Int(pixel.green) + uncovered
                sum.2 += Int(pixel.blue) + uncovered
            }
        }
        let count = Double(size * size)
        return (Double(sum.0) / count, Double(sum.1) / count, Double(sum.2) / count)
    }

    var description: String {
        "mean channel difference \(meanChannelDifference), far blocks \(farBlockShare * 100) %, size Δ \(sizeDifference)"
    }
}
