/// An sRGB colour with alpha, components in 0…1: what a ``LabelColor`` is in one ``Appearance``.
///
/// ```swift
/// let ink = RGBAColor(hex: 0x1D1D1F)
/// RGBAColor(hexString: "#0B5FCC80")?.alpha   // 0.5
/// ```
public struct RGBAColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// Creates a colour from components in 0…1 (values outside are clamped, NaN is 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
    }

    /// Creates a colour from a 24-bit `0xRRGGBB` value, opaque unless `alpha` says otherwise.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255,
            green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255,
            alpha: alpha
        )
    }

    /// Parses `#RRGGBB`, `RRGGBB`, `#RRGGBBAA` or `RRGGBBAA`; nil when the text is not such a colour.
    public init?(hexString: String) {
        var digits = Substring(hexString)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16)
        else { return nil }
        if digits.count == 6 {
            self.init(hex: value)
        } else {
            self.init(hex: value >> 8, alpha: Double(value & 0xFF) / 255)
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var description: String {
        func byte(_ value: Double) -> String {
            let text = String(Int((value * 255).rounded()), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    /// The colour with its opacity multiplied by `factor` (0…1).
    public func multiplyingAlpha(by factor: Double) -> RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    private static func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
}
