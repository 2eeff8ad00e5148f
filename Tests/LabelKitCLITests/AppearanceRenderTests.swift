import Foundation
import LabelKitCairo
import Testing

/// `labelkit render --appearance --contrast`: the renderer draws every colour for the person's appearance — the
/// default text, links and background, named colours and colours given for each appearance. Texts are full blocks
/// (█), whose inside pixels are exactly the colour drawn.
@Suite("labelkit render in light, dark and high contrast")
struct AppearanceRenderTests {
    /// `labelkit render` of `text` with `options` at scale 2, read back.
    static func render(_ options: [String], _ text: String) throws -> RenderedImage {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("labelkit-appearance-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try labelkit(["render", "--scale", "2", "--out", path] + options + [text])
        try #require(result.status == 0, "\(options): \(result.stderr)")
        return try RenderedImage(pngFile: path)
    }

    /// The opaque colours of the image as 0xRRGGBB.
    static func colors(_ image: RenderedImage) -> Set<UInt32> {
        var colors: Set<UInt32> = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let pixel = image.pixel(x: x, y: y), pixel.alpha == 255 else { continue }
                colors.insert(UInt32(pixel.red) << 16 | UInt32(pixel.green) << 8 | UInt32(pixel.blue))
            }
        }
        return colors
    }

    /// The opaque colours `labelkit render` draws for `text` with `options`.
    static func drawnColors(_ options: [String], _ text: String) throws -> Set<UInt32> {
        colors(try render(options, text))
    }

    /// The top-left pixel as 0xRRGGBB, and its alpha: the background.
    static func corner(_ image: RenderedImage) throws -> (color: UInt32, alpha: UInt8) {
        let pixel = try #require(image.pixel(x: 0, y: 0))
        return (UInt32(pixel.red) << 16 | UInt32(pixel.green) << 8 | UInt32(pixel.blue), pixel.alpha)
    }

    @Test("render --appearance dark draws the default text white on #1E1E1E; light stays black on white")
    func defaultColors() throws {
        let dark = try Self.render(["--appearance", "dark"], "Hello ██")
        #expect(try Self.corner(dark) == (0x1E1E1E, 255))
        #expect(Self.colors(dark).contains(0xFFFFFF), "white glyphs")
        #expect(!Self.colors(dark).contains(0x000000), "no black ones")

        let light = try Self.render([], "Hello ██")
        #expect(try Self.corner(light) == (0xFFFFFF, 255))
        #expect(Self.colors(light).contains(0x000000))
        #expect(try Self.render(["--appearance", "light", "--contrast", "normal"], "Hello ██") == light)
    }

    @Test(
        "a {light,dark} colour, and a link without a style (the link colour), draw their light value in light, dark in dark",
        arguments: [
            (["--runs"], ##"[{"text":"██","color":{"light":"#FF0000","dark":"#00FF00"}}]"##, 0xFF0000, 0x00FF00),
            (["--markup"], "Go [████](https://example.com) now", 0x0B5FCC, 0x6CB0FF),
        ] as [([String], String, UInt32, UInt32)])
    func lightAndDark(options: [String], text: String, light: UInt32, dark: UInt32) throws {
        let inLight = try Self.drawnColors(options, text)
        #expect(inLight.contains(light) && !inLight.contains(dark))
        let inDark = try Self.drawnColors(options + ["--appearance", "dark"], text)
        #expect(inDark.contains(dark) && !inDark.contains(light))
    }

    @Test("high contrast picks the high-contrast variant, or the normal value when there is none")
    func highContrast() throws {
        let runs = ##"[{"text":"██","color":{"light":"#FF0000","dark":"#00FF00","darkHighContrast":"#0000FF"}}]"##
        let darkHigh = try Self.drawnColors(["--runs", "--appearance", "dark", "--contrast", "high"], runs)
        #expect(darkHigh.contains(0x0000FF) && !darkHigh.contains(0x00FF00))
        let lightHigh = try Self.drawnColors(["--runs", "--contrast", "high"], runs)
        #expect(lightHigh.contains(0xFF0000), "no lightHighContrast: the light value")
    }

    @Test("a named colour takes its value for the appearance, in any colour key of a run")
    func namedColors() throws {
        let runs = #"[{"text":"██","color":"secondaryLabel"},{"text":" x ","background":"separator"},{"text":"█"}]"#
        let light = try Self.drawnColors(["--runs"], runs)
        #expect(light.isSuperset(of: [0x5C5C66, 0xC6C6C8]), "secondaryLabel and separator in light")
        let dark = try Self.drawnColors(["--runs", "--appearance", "dark"], runs)
        #expect(dark.isSuperset(of: [0xAEAEB8, 0x3A3A3C]), "in dark")
        let darkHigh = try Self.drawnColors(["--runs", "--appearance", "dark", "--contrast", "high"], runs)
        #expect(darkHigh.contains(0xD6D6DE), "secondaryLabel's dark high-contrast value")
    }

    @Test("--background takes a named colour, a colour for each appearance, and none; the default is background")
    func backgrounds() throws {
        let object = ##"{"light":"#FFFF00","dark":"#00FFFF","darkHighContrast":"#FF00FF"}"##
        let cases: [([String], UInt32, UInt8)] = [
            (["--appearance", "dark"], 0x1E1E1E, 255),
            (["--appearance", "dark", "--contrast", "high"], 0x000000, 255),
            (["--background", "background", "--appearance", "dark"], 0x1E1E1E, 255),
            (["--background", "separator", "--appearance", "dark"], 0x3A3A3C, 255),
            (["--background", object], 0xFFFF00, 255),
            (["--background", object, "--appearance", "dark"], 0x00FFFF, 255),
            (["--background", object, "--appearance", "dark", "--contrast", "high"], 0xFF00FF, 255),
            (["--background", "#FF0000", "--appearance", "dark"], 0xFF0000, 255),
        ]
        for (options, color, alpha) in cases {
            let corner = try Self.corner(try Self.render(options + ["--width", "20", "--height", "10"], ""))
            #expect(corner.color == color && corner.alpha == alpha, "\(options): \(String(corner.color, radix: 16))")
        }
        let none = try Self.render(["--background", "none", "--appearance", "dark", "--width", "20"], "x")
        #expect(try Self.corner(none).alpha == 0, "none is still transparent")
    }

    @Test("the README's example: secondaryLabel and a colour for each appearance, in dark high contrast on black")
    func readmeExample() throws {
        let runs =
            ##"[{"text":"Due ","color":"secondaryLabel"},{"text":"today","color":{"light":"#B00020","dark":"#FF8A80"}}]"##
        let image = try Self.render(["--appearance", "dark", "--contrast", "high", "--runs"], runs)
        #expect(try Self.corner(image) == (0x000000, 255))
        #expect(Self.colors(image).isSuperset(of: [0xD6D6DE, 0xFF8A80]))
    }
}
