import CSDL2
import Foundation
import LabelKit
import LabelKitCairo
import Testing

@testable import LabelKitSDL

/// What the window draws, in SDL's software renderer (the headless session's, and the one the window picks where
/// OpenGL is llvmpipe): fills and ellipses cover the pixels whose centres they hold, as OpenGL's rasterizer does, and a
/// translucent texture blends as its premultiplied pixels say. In ``ViewHostAppearanceTests``' suite, whose tests run
/// one at a time: each has SDL to itself.
extension ViewHostAppearanceTests {
    /// A window on white, its renderer's name, and the pixels of its top-left 40 × 40 after `draw`.
    static func drawnPixels(_ draw: (Window) throws -> Void) throws -> (renderer: String, pixels: [UInt32]) {
        let session = try SDLSession.headless()
        let window = try Window(session: session, title: "Drawing", width: 64, height: 64)
        window.clear(.white)
        try draw(window)
        let pixels = try #require(window.pixels(in: CGRect(x: 0, y: 0, width: 40, height: 40)))
        return (window.rendererName, pixels)
    }

    @Test func aFractionalRectangleFillsThePixelsWhoseCentresItHolds() throws {
        // Columns: centres 10.5, 11.5, 12.5 lie in [10.4, 12.6); rows: only 11.5 lies in [10.6, 12.1).
        let (renderer, pixels) = try Self.drawnPixels { window in
            window.fill(CGRect(x: 10.4, y: 10.6, width: 2.2, height: 1.5), LabelColor(hex: 0x000000))
        }
        #expect(renderer == "software")
        let filled = Set(pixels.indices.filter { pixels[$0] == 0x000000 })
        #expect(filled == [11 * 40 + 10, 11 * 40 + 11, 11 * 40 + 12])
    }

    @Test func aBorderOfAPointAndAHalfCoversThePixelsWhoseCentresItsSidesHold() throws {
        // The checkbox's outline, 1.5 points wide around 10…24: the top side [10, 11.5) holds the centre 10.5 only,
        // the bottom side [22.5, 24) the centres 22.5 and 23.5 (a centre on the top or left edge is inside, as in
        // OpenGL); likewise left and right. SDL's software renderer alone truncated the sides to 10…11 and 22…23.
        let (_, pixels) = try Self.drawnPixels { window in
            window.stroke(CGRect(x: 10, y: 10, width: 14, height: 14), LabelColor(hex: 0x000000), width: 1.5)
        }
        func inked(_ x: Int, _ y: Int) -> Bool { pixels[y * 40 + x] == 0x000000 }
        let middle = 17
        #expect((0..<40).filter { inked(middle, $0) } == [10, 22, 23], "a column through the middle")
        #expect((0..<40).filter { inked($0, middle) } == [10, 22, 23], "a row through the middle")
        #expect(inked(10, 10) && inked(23, 23) && !inked(24, 24) && !inked(9, 9), "the corners, and nothing outside")
    }

    @Test func anEllipseFillsExactlyThePixelsWhoseCentresAreInsideIt() throws {
        let oval = CGRect(x: 5.3, y: 7.1, width: 21.4, height: 13.7)
        let (_, pixels) = try Self.drawnPixels { window in window.fillEllipse(in: oval, LabelColor(hex: 0x31A24C)) }
        for y in 0..<40 {
            for x in 0..<40 {
                let dx = (Double(x) + 0.5 - Double(oval.midX)) / Double(oval.width / 2)
                let dy = (Double(y) + 0.5 - Double(oval.midY)) / Double(oval.height / 2)
                let inside = dx * dx + dy * dy < 1
                #expect((pixels[y * 40 + x] == 0x31A24C) == inside, "pixel (\(x), \(y))")
            }
        }
    }

    @Test func aTranslucentTextureBlendsAsItsPremultipliedPixelsSay() throws {
        // Half-transparent pure red, premultiplied: red 128, alpha 128. Over white: 128 + 255 × 127 / 255 = 255 red,
        // and 127 green and blue (255 × (1 − 128/255)), whether the renderer blends premultiplied or straight pixels,
        // within SDL's rounding (its software blend divides by 256). Blended as straight alpha, the premultiplied
        // pixels would give 191 red (128 × 128 / 255 + 127): half the colour lost at every translucent edge.
        let bytes = [UInt8](repeating: 0, count: 8 * 8 * 4).enumerated().map { index, _ in
            [UInt8(0), 0, 128, 128][index % 4]
        }
        let image = try #require(RenderedImage(width: 8, height: 8, stride: 32, bytes: bytes))
        let (_, pixels) = try Self.drawnPixels { window in
            window.draw(try window.makeTexture(image, isOpaque: false), at: CGPoint(x: 4, y: 4))
        }
        let pixel = pixels[6 * 40 + 6]
        let (red, green, blue) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
        #expect(abs(red - 255) <= 3 && abs(green - 127) <= 3 && abs(blue - 127) <= 3, "got \(red), \(green), \(blue)")
        #expect(pixels[2 * 40 + 2] == 0xFFFFFF, "outside the texture the window stays white")
    }

    @Test func unpremultiplyingDividesEachColourByItsAlphaAndLeavesOpaqueAndClearPixelsAlone() {
        // Blue, green, red, alpha in memory.
        let pixels: [UInt8] = [64, 32, 128, 128, 10, 20, 30, 255, 0, 0, 0, 0, 1, 0, 2, 2]
        #expect(Window.unpremultiplied(pixels) == [128, 64, 255, 128, 10, 20, 30, 255, 0, 0, 0, 0, 128, 0, 255, 2])
    }
}
