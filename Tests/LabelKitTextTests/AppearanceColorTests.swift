import Foundation
import LabelKitText
import Testing

@Suite("Colours in appearances")
struct AppearanceColorTests {
    @Test("a fixed colour is the same in every appearance")
    func fixedColourIgnoresTheAppearance() {
        let brand = LabelColor(hex: 0x0A66C2)
        for appearance in Appearance.all {
            #expect(brand.resolved(for: appearance) == RGBAColor(hex: 0x0A66C2), "\(appearance)")
        }
        #expect(!brand.dependsOnAppearance)
        #expect(brand.fixedValue == RGBAColor(hex: 0x0A66C2))
    }

    @Test("a dynamic colour gives its light and dark values, and high contrast its variants")
    func dynamicColourPicksItsValue() {
        let ink = LabelColor(
            light: RGBAColor(hex: 0x111111), dark: RGBAColor(hex: 0xEEEEEE),
            lightHighContrast: RGBAColor(hex: 0x000000), darkHighContrast: RGBAColor(hex: 0xFFFFFF))
        #expect(ink.resolved(for: .light) == RGBAColor(hex: 0x111111))
        #expect(ink.resolved(for: .dark) == RGBAColor(hex: 0xEEEEEE))
        #expect(ink.resolved(for: .lightHighContrast) == RGBAColor(hex: 0x000000))
        #expect(ink.resolved(for: .darkHighContrast) == RGBAColor(hex: 0xFFFFFF))
        #expect(ink.dependsOnAppearance)
        #expect(ink.fixedValue == nil)
    }

    @Test("high contrast without a variant falls back to the normal value of its scheme")
    func highContrastFallsBackToTheNormalValue() {
        let accent = LabelColor(light: RGBAColor(hex: 0x0B5FCC), dark: RGBAColor(hex: 0x6CB0FF))
        #expect(accent.resolved(for: .lightHighContrast) == RGBAColor(hex: 0x0B5FCC))
        #expect(accent.resolved(for: .darkHighContrast) == RGBAColor(hex: 0x6CB0FF))
    }

    /// The table in `SystemColor`'s documentation, restated: light, dark, light high contrast, dark high contrast.
    static let documentedSystemColors: [(SystemColor, [String])] = [
        (.label, ["#000000", "#FFFFFF", "#000000", "#FFFFFF"]),
        (.secondaryLabel, ["#5C5C66", "#AEAEB8", "#3A3A42", "#D6D6DE"]),
        (.tertiaryLabel, ["#7A7A85", "#85858F", "#55555E", "#BDBDC6"]),
        (.link, ["#0B5FCC", "#6CB0FF", "#0046A6", "#A8D1FF"]),
        (.background, ["#FFFFFF", "#1E1E1E", "#FFFFFF", "#000000"]),
        (.selection, ["#0B5FCC47", "#3D8DFF66", "#0046A659", "#A8D1FF73"]),
        (.focusRing, ["#0B5FCC", "#6CB0FF", "#0046A6", "#A8D1FF"]),
        (.placeholder, ["#8E8E93", "#6E6E76", "#5C5C66", "#AEAEB8"]),
        (.separator, ["#C6C6C8", "#3A3A3C", "#8E8E93", "#8E8E93"]),
    ]

    @Test("every system colour has its documented value in every appearance")
    func systemColoursHaveTheirDocumentedValues() {
        #expect(Self.documentedSystemColors.map(\.0) == SystemColor.allCases)
        for (color, values) in Self.documentedSystemColors {
            let resolved = Appearance.all.map { LabelColor(system: color).resolved(for: $0).description }
            #expect(resolved == values, "\(color)")
        }
    }

    @Test("light values are what LabelKit drew before appearances: black text, the #0B5FCC link, white paper")
    func lightValuesAreTheOldDefaults() {
        #expect(LabelColor.label.resolved(for: .light) == RGBAColor(hex: 0x000000))
        #expect(LabelColor.link.resolved(for: .light) == RGBAColor(hex: 0x0B5FCC))
        #expect(LabelColor.background.resolved(for: .light) == RGBAColor(hex: 0xFFFFFF))
        #expect(LabelColor.selection.resolved(for: .light) == RGBAColor(hex: 0x0B5FCC, alpha: 0.28))
        #expect(TextStyle().foregroundColor == .label)
    }

    /// WCAG 2's contrast ratio of two opaque sRGB colours.
    static func contrastRatio(_ first: RGBAColor, _ second: RGBAColor) -> Double {
        func luminance(_ color: RGBAColor) -> Double {
            func linear(_ channel: Double) -> Double {
                channel <= 0.03928 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
        }
        let (lighter, darker) = (max(luminance(first), luminance(second)), min(luminance(first), luminance(second)))
        return (lighter + 0.05) / (darker + 0.05)
    }

    @Test("text colours meet WCAG AA on the background, and AAA (quiet ones AA) in high contrast")
    func textColoursAreReadableOnTheBackground() {
        let cases: [(SystemColor, normal: Double, high: Double)] = [
            (.label, 4.5, 7), (.secondaryLabel, 4.5, 7), (.link, 4.5, 7),
            (.tertiaryLabel, 3.2, 4.5), (.placeholder, 3.2, 4.5),
        ]
        for (color, normal, high) in cases {
            for appearance in Appearance.all {
                let ratio = Self.contrastRatio(
                    color.resolved(for: appearance), SystemColor.background.resolved(for: appearance))
                let needed = appearance.contrast == .high ? high : normal
                #expect(ratio >= needed, "\(color) in \(appearance): \(ratio)")
            }
        }
    }

    @Test("high contrast never lowers a text colour's contrast")
    func highContrastRaisesContrast() {
        for color in [SystemColor.label, .secondaryLabel, .tertiaryLabel, .link, .placeholder] {
            for scheme in Appearance.ColorScheme.allCases {
                let normal = Appearance(colorScheme: scheme, contrast: .normal)
                let high = Appearance(colorScheme: scheme, contrast: .high)
                let normalRatio = Self.contrastRatio(
                    color.resolved(for: normal), SystemColor.background.resolved(for: normal))
                let highRatio = Self.contrastRatio(
                    color.resolved(for: high), SystemColor.background.resolved(for: high))
                #expect(highRatio >= normalRatio, "\(color) in \(scheme)")
            }
        }
    }

    @Test("colours archive and come back: fixed, dynamic and semantic")
    func coloursRoundTripThroughJSON() throws {
        let colors: [LabelColor] = [
            LabelColor(hex: 0x123456, alpha: 0.5), .label, .link,
            LabelColor(light: RGBAColor(hex: 0x111111), dark: RGBAColor(hex: 0xEEEEEE)),
            LabelColor(
                light: RGBAColor(hex: 0x111111), dark: RGBAColor(hex: 0xEEEEEE),
                lightHighContrast: RGBAColor(hex: 0x000000), darkHighContrast: RGBAColor(hex: 0xFFFFFF)),
        ]
        for color in colors {
            let data = try JSONEncoder().encode(color)
            #expect(try JSONDecoder().decode(LabelColor.self, from: data) == color, "\(color)")
        }
    }

    @Test("an archive written before appearances decodes as the same fixed colour")
    func oldArchivesDecode() throws {
        let old = Data(#"{"red":1,"green":0.5,"blue":0,"alpha":1}"#.utf8)
        let color = try JSONDecoder().decode(LabelColor.self, from: old)
        #expect(color == LabelColor(red: 1, green: 0.5, blue: 0))
        #expect(String(decoding: try JSONEncoder().encode(color), as: UTF8.self).contains("\"red\""))
    }

    @Test("an archive naming an unknown system colour is a decoding error, not a crash")
    func unknownSystemColourFailsToDecode() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LabelColor.self, from: Data(#"{"system":"chartreuse"}"#.utf8))
        }
    }

    @Test("descriptions: hex for fixed, both values for dynamic, the name for semantic")
    func descriptions() {
        #expect(LabelColor(hex: 0x0B5FCC).description == "#0B5FCC")
        #expect(LabelColor(hex: 0x0B5FCC, alpha: 0.5).description == "#0B5FCC80")
        #expect(
            LabelColor(light: RGBAColor(hex: 0x111111), dark: RGBAColor(hex: 0xEEEEEE)).description
                == "light #111111 dark #EEEEEE")
        #expect(LabelColor.secondaryLabel.description == "secondaryLabel")
        #expect(Appearance.darkHighContrast.description == "dark, high contrast")
    }

    @Test("hex strings: six or eight digits, with or without #; anything else is nil")
    func hexStrings() {
        #expect(RGBAColor(hexString: "#0B5FCC") == RGBAColor(hex: 0x0B5FCC))
        #expect(RGBAColor(hexString: "0b5fcc") == RGBAColor(hex: 0x0B5FCC))
        #expect(RGBAColor(hexString: "#0B5FCC80")?.alpha == 128.0 / 255)
        for bad in ["", "#", "#12345", "#1234567", "#GGGGGG", "#+12345", "#-12345", "red", "#0B5FCC800"] {
            #expect(RGBAColor(hexString: bad) == nil, "\(bad)")
        }
    }
}
