import Foundation
import LabelKitCairo

/// The verified badge of the demo's chat message, drawn from geometry: a blue seal (a disc with a scalloped edge)
/// and a white tick, antialiased by 4 × 4 samples per pixel. `labelkit demo` writes it as a PNG next to the pictures
/// that show it, so the badge is LabelKit's own drawing, not an asset from elsewhere.
enum VerifiedBadge {
    static let blue = (red: 0x1D, green: 0x9B, blue: 0xF0)

    /// The badge `size` × `size` pixels.
    static func image(size: Int) -> RenderedImage? {
        guard size > 0 else { return nil }
        let samples = 4
        var bytes = [UInt8](repeating: 0, count: size * size * 4)
        for row in 0..<size {
            for column in 0..<size {
                var seal = 0
                var tick = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        // The sample in badge units: -1…1 across, y down.
                        let x = (Double(column) + (Double(sx) + 0.5) / Double(samples)) / Double(size) * 2 - 1
                        let y = (Double(row) + (Double(sy) + 0.5) / Double(samples)) / Double(size) * 2 - 1
                        guard isInSeal(x, y) else { continue }
                        seal += 1
                        if isOnTick(x, y) { tick += 1 }
                    }
                }
                let total = Double(samples * samples)
                let alpha = Double(seal) / total
                let white = Double(tick) / total
                // Premultiplied native-endian ARGB (RenderedImage's pixels): the tick's white over the seal's blue.
                func channel(_ base: Int) -> UInt8 {
                    UInt8((Double(base) * (alpha - white) + 255 * white).rounded())
                }
                let value =
                    UInt32(UInt8((alpha * 255).rounded())) << 24 | UInt32(channel(blue.red)) << 16
                    | UInt32(channel(blue.green)) << 8 | UInt32(channel(blue.blue))
                withUnsafeBytes(of: value) { raw in
                    for byte in 0..<4 { bytes[(row * size + column) * 4 + byte] = raw[byte] }
                }
            }
        }
        return RenderedImage(width: size, height: size, stride: size * 4, bytes: bytes)
    }

    /// Inside a disc whose edge has eight soft scallops.
    private static func isInSeal(_ x: Double, _ y: Double) -> Bool {
        let radius = (x * x + y * y).squareRoot()
        let angle = atan2(y, x)
        return radius <= 0.9 + 0.08 * cos(8 * angle)
    }

    /// Within the tick's stroke: two segments, short down-right then long up-right.
    private static func isOnTick(_ x: Double, _ y: Double) -> Bool {
        let width = 0.13
        return distance(x, y, from: (-0.42, 0.02), to: (-0.12, 0.32)) < width
            || distance(x, y, from: (-0.12, 0.32), to: (0.44, -0.28)) < width
    }

    private static func distance(_ x: Double, _ y: Double, from a: (Double, Double), to b: (Double, Double)) -> Double {
        let dx = b.0 - a.0
        let dy = b.1 - a.1
        let t = max(0, min(1, ((x - a.0) * dx + (y - a.1) * dy) / (dx * dx + dy * dy)))
        let px = a.0 + t * dx - x
        let py = a.1 + t * dy - y
        return (px * px + py * py).squareRoot()
    }
}
