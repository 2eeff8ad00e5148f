import Foundation
import LabelKit

/// The LabelKit attributes of one UTF-16 code unit of a markup's text, read either from LabelKit's reader or from
/// Pango's attribute list mapped to LabelKit's terms.
struct MarkupUnitAttributes: CustomStringConvertible {
    var family: String?
    var fontSize: Double?
    var weight: Int?
    var italic = false
    var foreground: RGBAColor?
    var background: RGBAColor?
    var underline: LineDecoration?
    var underlineColor: RGBAColor?
    var strikethrough = false
    var strikethroughColor: RGBAColor?
    var baselineOffset = 0.0
    var tracking = 0.0
    var lineHeight: LineHeight?

    func agrees(with other: Self) -> Bool {
        func near(_ a: Double?, _ b: Double?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case (let a?, let b?): abs(a - b) < 1e-6 * max(1, abs(a))
            default: false
            }
        }
        func same(_ a: RGBAColor?, _ b: RGBAColor?) -> Bool {
            near(a?.red, b?.red) && near(a?.green, b?.green) && near(a?.blue, b?.blue) && near(a?.alpha, b?.alpha)
        }
        func sameHeight(_ a: LineHeight?, _ b: LineHeight?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case (.multiple(let a)?, .multiple(let b)?), (.absolute(let a)?, .absolute(let b)?): near(a, b)
            default: false
            }
        }
        return family == other.family && near(fontSize, other.fontSize) && weight == other.weight
            && italic == other.italic && same(foreground, other.foreground) && same(background, other.background)
            && underline == other.underline && same(underlineColor, other.underlineColor)
            && strikethrough == other.strikethrough && same(strikethroughColor, other.strikethroughColor)
            && near(baselineOffset, other.baselineOffset) && near(tracking, other.tracking)
            && sameHeight(lineHeight, other.lineHeight)
    }

    var description: String {
        var parts: [String] = []
        if let family { parts.append("family \(family)") }
        if let fontSize { parts.append("size \(fontSize)") }
        if let weight { parts.append("weight \(weight)") }
        if italic { parts.append("italic") }
        if let foreground { parts.append("fg \(foreground)") }
        if let background { parts.append("bg \(background)") }
        if let underline { parts.append("underline \(underline)") }
        if let underlineColor { parts.append("underline colour \(underlineColor)") }
        if strikethrough { parts.append("strikethrough") }
        if let strikethroughColor { parts.append("strikethrough colour \(strikethroughColor)") }
        if baselineOffset != 0 { parts.append("offset \(baselineOffset)") }
        if tracking != 0 { parts.append("tracking \(tracking)") }
        if let lineHeight { parts.append("line height \(lineHeight)") }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    /// Each UTF-16 code unit's attributes in LabelKit's reading.
    static func read(_ text: AttributedString) -> [Self] {
        var units: [Self] = []
        for run in text.runs {
            var unit = Self()
            unit.family = run.labelKit.fontFamily
            unit.fontSize = run.labelKit.fontSize
            unit.weight = run.labelKit.fontWeight
            unit.italic = run.labelKit.italic ?? false
            unit.foreground = Self.fixed(run.labelKit.foregroundColor)
            unit.background = Self.fixed(run.labelKit.backgroundColor)
            unit.underline = run.labelKit.underline
            unit.underlineColor = Self.fixed(run.labelKit.underlineColor)
            unit.strikethrough = run.labelKit.strikethrough != nil
            unit.strikethroughColor = Self.fixed(run.labelKit.strikethroughColor)
            unit.baselineOffset = run.labelKit.baselineOffset ?? 0
            unit.tracking = (run.labelKit.tracking ?? 0) + (run.labelKit.kern ?? 0)
            unit.lineHeight = run.labelKit.paragraphStyle?.lineHeight
            let count = String(text[run.range].characters).utf16.count
            units += Array(repeating: unit, count: count)
        }
        return units
    }

    private static func fixed(_ color: LabelColor?) -> RGBAColor? {
        guard let color, case .fixed(let value) = color.value else { return nil }
        return value
    }
}
