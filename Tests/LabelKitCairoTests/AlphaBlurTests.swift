import Foundation
import LabelKitCairo
import Testing

/// The shadow blur: three box blurs standing in for a Gaussian.
@Suite struct AlphaBlurTests {
    @Test(arguments: [0.5, 1.0, 2.0, 3.5, 8.0, 20.0])
    func theBoxesAddUpToTheGaussiansVariance(sigma: Double) throws {
        let blur = try #require(AlphaBlur(sigma: sigma))
        #expect(blur.boxWidths.count == 3)
        #expect(blur.boxWidths.allSatisfy { $0 % 2 == 1 })
        // Odd widths move the variance in steps; Kutskir's choice stays within one step of σ².
        #expect(abs(blur.variance - sigma * sigma) <= max(1, 0.15 * sigma * sigma), "variance \(blur.variance)")
    }

    @Test func aBlurTooSmallToSeeIsNone() {
        #expect(AlphaBlur(sigma: 0) == nil)
        #expect(AlphaBlur(sigma: 0.1) == nil)
        #expect(AlphaBlur(sigma: -.infinity) == nil)
        #expect(AlphaBlur(sigma: .nan) == nil)
    }

    @Test func aDotSpreadsEvenlyKeepsItsMassAndPeaksInTheMiddle() throws {
        let blur = try #require(AlphaBlur(sigma: 2))
        let side = 41
        let stride = 44
        var pixels = [UInt8](repeating: 0, count: stride * side)
        // A 5×5 opaque square in the middle: 25 × 255 of mass.
        for y in 18...22 { for x in 18...22 { pixels[y * stride + x] = 255 } }
        pixels.withUnsafeMutableBytes { blur.apply(to: $0, width: side, height: side, stride: stride) }
        let mass = (0..<side).reduce(0) { sum, y in sum + (0..<side).reduce(0) { $0 + Int(pixels[y * stride + $1]) } }
        #expect(abs(mass - 25 * 255) < 25 * 255 / 20, "mass \(mass)")
        let centre = Int(pixels[20 * stride + 20])
        #expect(centre < 255 && centre > 100, "the middle is no longer solid: \(centre)")
        for offset in 1...8 {
            #expect(pixels[20 * stride + 20 + offset] == pixels[20 * stride + 20 - offset], "left/right \(offset)")
            #expect(pixels[(20 + offset) * stride + 20] == pixels[(20 - offset) * stride + 20], "up/down \(offset)")
            #expect(pixels[20 * stride + 20 + offset] <= pixels[20 * stride + 20 + offset - 1], "falls off \(offset)")
        }
        // Beyond the blur's reach of the square nothing is touched; the padding bytes between rows neither.
        #expect(pixels[20 * stride + 20 + 2 + blur.reach + 1] == 0)
        #expect((side..<stride).allSatisfy { pixels[20 * stride + $0] == 0 })
    }

    @Test func anEmptyMaskStaysEmptyAndAFullOneStaysFullInside() throws {
        let blur = try #require(AlphaBlur(sigma: 3))
        var empty = [UInt8](repeating: 0, count: 30 * 30)
        empty.withUnsafeMutableBytes { blur.apply(to: $0, width: 30, height: 30, stride: 30) }
        #expect(empty.allSatisfy { $0 == 0 })
        var full = [UInt8](repeating: 255, count: 60 * 60)
        full.withUnsafeMutableBytes { blur.apply(to: $0, width: 60, height: 60, stride: 60) }
        #expect(full[30 * 60 + 30] == 255)
        #expect(full[0] < 128, "outside the mask counts as transparent, so the corner fades")
    }
}

/// A wide blur's mask is drawn at a lower resolution, never beyond its budget unless the blur is narrow.
@Suite struct ShadowMaskScaleTests {
    @Test func aBlurRadiusOf10000OverAHugeAreaIsAFewHundredMaskPixels() {
        let area = CGRect(x: -15_000, y: -15_000, width: 31_000, height: 31_000)
        let maskScale = AlphaBlur.maskScale(area: area, sigma: 5_000, scale: 2)
        #expect(area.width * maskScale * area.height * maskScale < 1_000)
    }

    @Test func aMaskWithinTheBudgetKeepsTheOutputsScale() {
        let area = CGRect(x: 0, y: 0, width: 400, height: 300)
        for scale in [1.0, 2, 3] {
            #expect(AlphaBlur.maskScale(area: area, sigma: 40, scale: scale) == scale)
        }
    }

    @Test func aWideBlurOverAHugeAreaStaysWithinTheBudgetAndStillSpansFourPixelsPerSigma() {
        for side in [3_000.0, 10_000, 31_000] {
            for sigma in [0.5, 2, 20, 500, 5_000] {
                for scale in [1.0, 2] {
                    let area = CGRect(x: -side / 2, y: 0, width: side, height: side)
                    let maskScale = AlphaBlur.maskScale(area: area, sigma: sigma, scale: scale)
                    let pixels = area.width * maskScale * area.height * maskScale
                    #expect(maskScale > 0 && maskScale <= scale)
                    // Either within the budget, or the blur is narrow enough that its mask may not be coarsened.
                    #expect(
                        pixels <= AlphaBlur.maskPixelBudget * 1.0001 || maskScale == scale
                            || sigma * maskScale >= 4 - 1e-9,
                        "side \(side), sigma \(sigma), scale \(scale): \(pixels) pixels at \(maskScale)")
                    #expect(sigma * maskScale >= min(4, sigma * scale) - 1e-9, "too coarse for sigma \(sigma)")
                    // A blur wider than the budget allows draws no finer than 4 mask pixels per σ.
                    if maskScale < scale { #expect(abs(sigma * maskScale - 4) < 1e-9) }
                }
            }
        }
    }
}
