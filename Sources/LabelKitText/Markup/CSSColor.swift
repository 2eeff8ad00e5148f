/// Reads a CSS colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()` and `rgba()` (commas or spaces, numbers
/// 0–255 or percentages, an alpha 0–1 or a percentage, after a comma or a `/`), the named colours
/// (``CSSNamedColors``) and `transparent`. Case does not matter; components outside their range are clamped, as CSS
/// does. (LabelKitText cannot use the command line's colour reader, which lives in LabelKitJSON.)
///
/// ```swift
/// CSSColor.parse("#0A66C2")                  // LabelColor(hex: 0x0A66C2)
/// CSSColor.parse("rgb(255 0 0 / 50%)")       // red at half opacity
/// CSSColor.parse("tomato")                   // LabelColor(hex: 0xFF6347)
/// ```
enum CSSColor {
    /// The colour `text` names, or nil when it is not a colour this reader knows.
    static func parse(_ text: String) -> LabelColor? {
        let value = text.trimmingCSSWhitespace().lowercased()
        if value == "transparent" { return .clear }
        if value.hasPrefix("#") { return hex(value.dropFirst()) }
        for prefix in ["rgba(", "rgb("] where value.hasPrefix(prefix) && value.hasSuffix(")") {
            return components(value.dropFirst(prefix.count).dropLast())
        }
        return CSSNamedColors.value(of: value).map { LabelColor(hex: $0) }
    }

    /// `rgb`, `rgba`, `rrggbb` or `rrggbbaa`.
    private static func hex(_ digits: Substring) -> LabelColor? {
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
            return nil
        }
        var nibbles = digits.compactMap { $0.hexDigitValue }
        if nibbles.count <= 4 { nibbles = nibbles.flatMap { [$0, $0] } }
        var bytes: [Double] = []
        var index = 0
        while index + 1 < nibbles.count {
            bytes.append(Double(nibbles[index] * 16 + nibbles[index + 1]))
            index += 2
        }
        guard bytes.count >= 3 else { return nil }
        let alpha = bytes.count == 4 ? bytes[3] / 255 : 1
        return LabelColor(red: bytes[0] / 255, green: bytes[1] / 255, blue: bytes[2] / 255, alpha: alpha)
    }

    /// The inside of `rgb(…)`: three components and an optional alpha.
    private static func components(_ inside: Substring) -> LabelColor? {
        let hasCommas = inside.contains(",")
        var parts = inside.split(whereSeparator: {
            $0 == "," || $0 == "/" || (!hasCommas && ($0 == " " || $0 == "\t" || $0 == "\n"))
        })
        .map { String($0).trimmingCSSWhitespace() }
        parts.removeAll { $0.isEmpty }
        guard parts.count == 3 || parts.count == 4 else { return nil }
        var channels: [Double] = []
        for part in parts.prefix(3) {
            if part.hasSuffix("%") {
                guard let percent = CSSNumber.parse(part.dropLast()) else { return nil }
                channels.append(min(max(percent / 100, 0), 1))
            } else {
                guard let number = CSSNumber.parse(part[...]) else { return nil }
                channels.append(min(max(number / 255, 0), 1))
            }
        }
        var alpha = 1.0
        if parts.count == 4 {
            let part = parts[3]
            let isPercent = part.hasSuffix("%")
            guard let number = CSSNumber.parse(isPercent ? part.dropLast() : part[...]) else { return nil }
            alpha = min(max(isPercent ? number / 100 : number, 0), 1)
        }
        return LabelColor(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }
}

/// Reads CSS numbers: digits with an optional sign, decimal point and exponent (`1.5`, `-.5`, `2e1`), finite.
/// Swift's `Double(_:)` alone would also take `inf`, `nan` and hexadecimal floats, which CSS does not.
enum CSSNumber {
    /// The number `text` spells, or nil.
    static func parse(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.count <= 64,
            text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ".+-eE".unicodeScalars.contains($0) }),
            text.contains(where: \.isNumber), let value = Double(text), value.isFinite
        else { return nil }
        return value
    }
}

extension String {
    /// The string without CSS white space (space, tab, line feed, carriage return, form feed) at either end.
    func trimmingCSSWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !HTMLTokenizer.isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !HTMLTokenizer.isWhitespace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
