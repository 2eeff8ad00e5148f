import Foundation

/// A Gaussian blur of an 8-bit alpha mask, approximated by three box blurs in each direction.
///
/// Three successive box blurs come within a few percent of a Gaussian (the central limit theorem at work), in time
/// independent of the radius: each pass is a running sum. The box widths are chosen so that their combined variance
/// matches the Gaussian's (Kutskir's "fastest Gaussian blur"; W. M. Wells, "Efficient synthesis of Gaussian filters
/// by cascaded uniform filters", 1986). Pixels outside the mask count as transparent.
package struct AlphaBlur {
    /// The widths of the three boxes, each odd.
    package let boxWidths: [Int]

    /// A blur with standard deviation `sigma`, in pixels; nil when `sigma` is too small to change anything.
    package init?(sigma: Double) {
        guard sigma.isFinite, sigma >= 0.25 else { return nil }
        let passes = 3.0
        let ideal = (12 * sigma * sigma / passes + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let lowerD = Double(lower)
        let lowerCount =
            ((12 * sigma * sigma - passes * lowerD * lowerD - 4 * passes * lowerD - 3 * passes)
            / (-4 * lowerD - 4)).rounded()
        boxWidths = (0..<3).map { Double($0) < lowerCount ? lower : upper }
    }

    /// The most pixels a blurred mask gets before it is blurred at a lower resolution (2048²).
    package static let maskPixelBudget = 2_048.0 * 2_048.0

    /// The scale to draw and blur a mask of `area` (points) at, for a Gaussian of `sigma` points at output `scale`:
    /// the output's, unless the mask would exceed ``maskPixelBudget`` — a wide blur spreads a mask far past the
    /// text — and then the coarsest at which the blur still spans 4 mask pixels per standard deviation, where a
    /// coarser mask, scaled up smoothly, looks the same. A blur radius of 10,000 drew and blurred a billion pixels
    /// without it, and four million with a budget alone (seconds under the fuzzer); at 4 pixels per σ, a few hundred.
    package static func maskScale(area: CGRect, sigma: Double, scale: Double) -> Double {
        let pixels = area.width * scale * area.height * scale
        guard pixels > maskPixelBudget, sigma > 0 else { return scale }
        return min(scale, 4 / sigma)
    }

    /// How far, in pixels, the blur spreads a pixel on each side.
    package var reach: Int { boxWidths.reduce(0) { $0 + ($1 - 1) / 2 } }

    /// The variance, in pixels², of the blur this approximates a Gaussian with (the sum of the boxes' variances).
    package var variance: Double { boxWidths.reduce(0) { $0 + Double($1 * $1 - 1) / 12 } }

    /// Blurs `width × height` alpha values, rows `stride` bytes apart, in place.
    package func apply(to pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int) {
        guard width > 0, height > 0, stride >= width, pixels.count >= stride * (height - 1) + width else { return }
        var line = [UInt8](repeating: 0, count: max(width, height))
        var scratch = [UInt8](repeating: 0, count: max(width, height))
        for boxWidth in boxWidths {
            let radius = (boxWidth - 1) / 2
            for row in 0..<height {
                for column in 0..<width { line[column] = pixels[row * stride + column] }
                Self.boxBlur(&line, count: width, radius: radius, into: &scratch)
                for column in 0..<width { pixels[row * stride + column] = scratch[column] }
            }
            for column in 0..<width {
                for row in 0..<height { line[row] = pixels[row * stride + column] }
                Self.boxBlur(&line, count: height, radius: radius, into: &scratch)
                for row in 0..<height { pixels[row * stride + column] = scratch[row] }
            }
        }
    }

    /// One box blur of `count` values: each output the mean of the `2 × radius + 1` inputs around it, rounded.
    private static func boxBlur(_ input: inout [UInt8], count: Int, radius: Int, into output: inout [UInt8]) {
        let width = 2 * radius + 1
        var sum = 0
        for index in 0..<min(radius, count) { sum += Int(input[index]) }
        for index in 0..<count {
            let entering = index + radius
            if entering < count { sum += Int(input[entering]) }
            let leaving = index - radius - 1
            if leaving >= 0 { sum -= Int(input[leaving]) }
            output[index] = UInt8(truncatingIfNeeded: (sum + width / 2) / width)
        }
    }
}
