import Foundation

/// The colour names Pango's markup reads (`red`, `AliceBlue`, `alice blue`): X11's with CSS's values where they
/// differ, as Pango 1.50's `pango_color_parse`. Compared without case; spaces before a letter are skipped, as Pango
/// does, so `Alice Blue` is `AliceBlue` (a trailing space is not).
enum PangoColorNames {
    /// Name → 0xRRGGBB, read from ``table`` once.
    static let values: [String: UInt32] = {
        var values: [String: UInt32] = [:]
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let value = UInt32(fields[1], radix: 16) else { continue }
            values[String(fields[0])] = value
        }
        return values
    }()

    /// The colour named `name`, or nil.
    static func color(named name: String) -> RGBAColor? {
        var key = ""
        var pendingSpace = false
        for scalar in name.unicodeScalars {
            if scalar == " " {
                pendingSpace = true
                continue
            }
            pendingSpace = false
            guard scalar.isASCII else { return nil }
            key.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: scalar).lowercasedASCII))
        }
        guard !pendingSpace, let value = values[key] else { return nil }
        return RGBAColor(hex: value)
    }
}

extension UInt8 {
    fileprivate init(ascii scalar: Unicode.Scalar) { self = UInt8(truncatingIfNeeded: scalar.value) }

    fileprivate var lowercasedASCII: UInt8 { (65...90).contains(self) ? self + 32 : self }
}

/// Readers of the values of Pango markup's attributes, each as Pango 1.50 reads it (nil where Pango rejects the
/// value).
enum PangoAttributeValues {
    /// `#rgb`, `#rrggbb`, `#rrrgggbbb`, `#rrrrggggbbbb`, with `allowsAlpha` also `#rgba`, `#rrggbbaa` and
    /// `#rrrrggggbbbbaaaa`, or a colour name.
    static func color(_ text: String, allowsAlpha: Bool) -> RGBAColor? {
        guard text.hasPrefix("#") else { return PangoColorNames.color(named: text) }
        let digits = Array(text.utf8.dropFirst())
        let perComponent: Int
        let hasAlpha: Bool
        switch digits.count {
        case 3, 6, 9, 12: (perComponent, hasAlpha) = (digits.count / 3, false)
        case 4, 8, 16:
            guard allowsAlpha else { return nil }
            (perComponent, hasAlpha) = (digits.count / 4, true)
        default: return nil
        }
        var components: [Double] = []
        for component in 0..<(hasAlpha ? 4 : 3) {
            var value = 0
            for digit in digits[(component * perComponent)..<((component + 1) * perComponent)] {
                guard let nibble = hexValue(digit) else { return nil }
                value = value << 4 | nibble
            }
            // Pango widens each component to 16 bits by repeating its bits (0xF → 0xFFFF, 0x123 → 0x1231).
            var bits = 4 * perComponent
            value <<= 16 - bits
            while bits < 16 {
                value |= value >> bits
                bits *= 2
            }
            components.append(Double(value) / 0xFFFF)
        }
        return RGBAColor(
            red: components[0], green: components[1], blue: components[2], alpha: hasAlpha ? components[3] : 1)
    }

    private static func hexValue(_ digit: UInt8) -> Int? {
        switch digit {
        case 48...57: Int(digit - 48)
        case 65...70: Int(digit - 55)
        case 97...102: Int(digit - 87)
        default: nil
        }
    }

    /// `true`, `yes`, `t`, `y` or `false`, `no`, `f`, `n`.
    static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "yes", "t", "y": true
        case "false", "no", "f", "n": false
        default: nil
        }
    }

    /// An integer as C's `strtol` reads it (leading white space, a sign) that fills the whole text and fits 32 bits.
    static func integer(_ text: String) -> Int? {
        let (value, rest) = scanInteger(Substring(text))
        guard let value, rest.isEmpty else { return nil }
        return value
    }

    /// A non-negative integer filling the whole text, as Pango's enum and field readers take numbers.
    static func nonNegativeInteger(_ text: String) -> Int? {
        guard let value = integer(text), value >= 0 else { return nil }
        return value
    }

    /// Scans an integer at the start of `text` as `strtol`; nil (and the text unchanged) when there is none or it
    /// does not fit 32 bits.
    static func scanInteger(_ text: Substring) -> (Int?, Substring) {
        var rest = text.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0B}" })
        var negative = false
        if let sign = rest.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty else { return (nil, text) }
        var value = 0
        for digit in digits.utf8 {
            value = value * 10 + Int(digit - 48)
            if value > Int(Int32.max) + 1 { return (nil, text) }
        }
        value = negative ? -value : value
        guard value >= Int(Int32.min), value <= Int(Int32.max) else { return (nil, text) }
        return (value, rest.dropFirst(digits.count))
    }

    /// A decimal number at the start of `text` (white space, sign, digits, a fraction, an exponent), as
    /// `g_ascii_strtod` reads ordinary numbers; nil when there is none. Infinities, NaN and hexadecimal numbers,
    /// which `strtod` would also read, are not numbers here.
    static func scanDecimal(_ text: Substring) -> (Double, Substring)? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { index += 1 }
        let start = index
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
        var digits = 0
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { (index, digits) = (index + 1, digits + 1) }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                (index, digits) = (index + 1, digits + 1)
            }
        }
        guard digits > 0 else { return nil }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            var exponentEnd = index + 1
            if exponentEnd < scalars.count, scalars[exponentEnd] == "+" || scalars[exponentEnd] == "-" {
                exponentEnd += 1
            }
            let exponentDigitsStart = exponentEnd
            while exponentEnd < scalars.count, ("0"..."9").contains(scalars[exponentEnd]) { exponentEnd += 1 }
            if exponentEnd > exponentDigitsStart { index = exponentEnd }
        }
        var number = ""
        number.unicodeScalars.append(contentsOf: scalars[start..<index])
        guard let value = Double(number) else { return nil }
        var rest = ""
        rest.unicodeScalars.append(contentsOf: scalars[index...])
        return (value, Substring(rest))
    }

    /// A length as Pango's `size` and `rise` take it: an integer in 1024ths of a point, or a number followed by
    /// `pt`; in points. Nil when it is neither.
    static func length(_ text: String) -> Double? {
        if let units = integer(text) { return Double(units) / 1024 }
        guard let (value, rest) = scanDecimal(Substring(text)), rest == "pt" else { return nil }
        // Pango keeps the length in whole 1024ths of a point (truncating), and a number too large for that is not one.
        let units = (value * 1024).rounded(.towardZero)
        guard units.isFinite, abs(units) <= Double(Int32.max) else { return nil }
        return units / 1024
    }

    /// A weight name or a number (`bold`, `ultra-light`, `Semi-Bold`, `650`), as `pango_parse_weight`: names without
    /// case, their hyphens optional.
    static func weight(_ text: String) -> Int? {
        let names: [(String, Int)] = [
            ("thin", 100), ("ultra-light", 200), ("extra-light", 200), ("light", 300), ("semi-light", 350),
            ("demi-light", 350), ("book", 380), ("normal", 400), ("regular", 400), ("medium", 500),
            ("semi-bold", 600), ("demi-bold", 600), ("bold", 700), ("ultra-bold", 800), ("extra-bold", 800),
            ("heavy", 900), ("black", 900), ("ultra-heavy", 1000), ("extra-heavy", 1000), ("ultra-black", 1000),
            ("extra-black", 1000),
        ]
        return field(text, names)
    }

    /// `normal`, `oblique`, `italic` or a number, as `pango_parse_style`: whether it is slanted (oblique and italic
    /// are both LabelKit's italic; numbers 1 and 2 are oblique and italic).
    static func style(_ text: String) -> Bool? {
        field(text, [("normal", 0), ("oblique", 1), ("italic", 2)]).map { $0 == 1 || $0 == 2 }
    }

    /// Pango's field matching: a name matches without case, and a hyphen of the name may be left out; otherwise a
    /// non-negative number.
    private static func field(_ text: String, _ names: [(String, Int)]) -> Int? {
        guard !text.isEmpty else { return nil }
        let input = Array(text.lowercased().utf8)
        for (name, value) in names where matchesField(Array(name.utf8), input) { return value }
        return nonNegativeInteger(text)
    }

    private static func matchesField(_ name: [UInt8], _ input: [UInt8]) -> Bool {
        var (nameIndex, inputIndex) = (0, 0)
        while nameIndex < name.count, inputIndex < input.count {
            if name[nameIndex] != input[inputIndex] {
                guard name[nameIndex] == UInt8(ascii: "-") else { return false }
                nameIndex += 1
                continue
            }
            (nameIndex, inputIndex) = (nameIndex + 1, inputIndex + 1)
        }
        return inputIndex == input.count && nameIndex == name.count
    }

    /// Pango's underline values (`none`, `single`, `double`, `low`, `error` and the `-line` forms, or their numbers)
    /// as LabelKit's decorations: `low` is a single line (LabelKit draws every underline at the font's position),
    /// `error` a dotted one (LabelKit has no wavy line); nil for none. The outer optional is nil when the value is not
    /// one of Pango's.
    static func underline(_ text: String) -> LineDecoration?? {
        let names = ["none", "single", "double", "low", "error", "single-line", "double-line", "error-line"]
        guard let number = names.firstIndex(of: text) ?? nonNegativeInteger(text) else { return nil }
        switch number {
        case 1, 3, 5: return .some(.single)
        case 2, 6: return .some(.double)
        case 4, 7: return .some(.dotted)
        default: return .some(nil)
        }
    }

    /// The `line_height` value as Pango 1.50 reads it: a number, of which Pango reads as much as it can (`1.5x` is
    /// 1.5, text that is no number 0); above 1024 and written without a point an absolute height in 1024ths of a
    /// point, otherwise a factor. Factors ≤ 0, which Pango ignores, are `.some(nil)`; a number out of `Double`'s
    /// range, which Pango rejects, is nil.
    static func lineHeight(_ text: String) -> LineHeight?? {
        guard let (value, _) = scanDecimal(Substring(text)) else { return .some(nil) }
        guard value.isFinite else { return nil }
        if value > 1024, !text.contains(".") {
            return .some(.absolute(min(value.rounded(.towardZero) / 1024, largestLength)))
        }
        guard value > 0 else { return .some(nil) }
        return .some(.multiple(min(value, largestLength)))
    }

    /// The largest size or length the reader gives LabelKit, in points (LabelKit's largest font size); larger
    /// values are clamped to it.
    static let largestLength = 10_000.0
}
