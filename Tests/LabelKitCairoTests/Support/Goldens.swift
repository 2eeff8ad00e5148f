import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// Compares renders with PNG files in `Goldens/`, allowing for small antialiasing differences between machines.
///
/// With `LABELKIT_RECORD_GOLDENS=1` the render is written as the new golden instead and the comparison is skipped.
enum Goldens {
    /// A pixel differs when one of its channels differs by more than this.
    static let channelTolerance = 16
    /// The share of pixels that may differ.
    static let differingPixelShare = 0.005

    /// `Tests/LabelKitCairoTests/Goldens`, beside the `Support` folder this file is in.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["LABELKIT_RECORD_GOLDENS"] == "1" }

    static func check(_ image: RenderedImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let path = directory.appendingPathComponent(name + ".png").path
        if isRecording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try image.writePNG(to: path)
            print("note: recorded golden \(path)")
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record(
                "no golden \(path); run with LABELKIT_RECORD_GOLDENS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let golden = try RenderedImage(pngFile: path)
        guard golden.width == image.width, golden.height == image.height else {
            Issue.record(
                "\(name): size \(image.width)×\(image.height), golden \(golden.width)×\(golden.height)\(saveActual(image, name))",
                sourceLocation: sourceLocation
            )
            return
        }
        var differing = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let a = image.pixel(x: x, y: y), let b = golden.pixel(x: x, y: y) else { continue }
                let channels = [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha)]
                if channels.contains(where: { abs(Int($0.0) - Int($0.1)) > channelTolerance }) { differing += 1 }
            }
        }
        let allowed = Int(Double(image.width * image.height) * differingPixelShare)
        if differing > allowed {
            Issue.record(
                "\(name): \(differing) pixels differ from the golden (at most \(allowed) may)\(saveActual(image, name))",
                sourceLocation: sourceLocation
            )
        }
    }

    /// Writes a failing render next to the temporary directory and says where.
    private static func saveActual(_ image: RenderedImage, _ name: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).actual.png").path
        return (try? image.writePNG(to: path)) != nil ? "; render saved to \(path)" : ""
    }
}
