import Foundation
import LabelKit

/// Pango's attributes for a markup's text, mapped to what LabelKit should show, one entry per UTF-16 code unit.
///
/// Of the attributes of one type that cover a unit, the last in Pango's list wins (the innermost element: Pango's
/// attribute iterator answers the one that started last). Pango's points are LabelKit's points (72 dpi). The mapping
/// follows Pango 1.50's layout: the size is the innermost `size` (or the label's 15) times the innermost `scale`
/// times every `font-scale` around it; `font-scale` and `baseline-shift` (from `sub` and `sup`) take DejaVu Sans's
/// OS/2 metrics — script size 1433, superscript rise 983, subscript drop 286, in 2048 units per em, read from
/// DejaVuSans.ttf — of the text just before them; `rise` is innermost-wins and adds to the shifts.
enum PangoMarkupMapping {
    static let labelSize = 15.0
    static let unitsPerEm = 2048.0

    static func expected(text: String, attributes: [PangoMarkupAttribute]) -> [MarkupUnitAttributes] {
        let units = Array(text.utf16)
        func last(_ types: Set<String>, at unit: Int) -> PangoMarkupAttribute? {
            attributes.last { types.contains($0.type) && $0.range.contains(unit) }
        }
        func color(_ hex: String, alpha: String?) -> RGBAColor? {
            guard hex.count == 12, let value = UInt64(hex, radix: 16) else { return nil }
            let red = Double((value >> 32) & 0xFFFF) / 65535
            let green = Double((value >> 16) & 0xFFFF) / 65535
            let blue = Double(value & 0xFFFF) / 65535
            let opacity = alpha.flatMap { Double($0) }.map { $0 / 65535 } ?? 1
            return RGBAColor(red: red, green: green, blue: blue, alpha: opacity)
        }
        // Paragraph starts, for the scripts' fallback and the paragraphs' line heights.
        var paragraphStart = [Int](repeating: 0, count: units.count)
        var start = 0
        for (index, unit) in units.enumerated() {
            paragraphStart[index] = start
            let isCRBeforeLF = unit == 0x0D && index + 1 < units.count && units[index + 1] == 0x0A
            if [0x0A, 0x0D, 0x85, 0x2029].contains(unit), !isCRBeforeLF { start = index + 1 }
        }
        // Sizes first: the shifts of scripts depend on the size of the text before them.
        var sizes: [Double] = []
        var sizeSet: [Bool] = []
        for index in units.indices {
            var size = labelSize
            var set = false
            if let absolute = last(["size", "absolute-size"], at: index), let value = Double(absolute.value) {
                (size, set) = (value / 1024, true)
            }
            if let scale = last(["scale"], at: index), let value = Double(scale.value) {
                (size, set) = (size * value, true)
            }
            for script in attributes where script.type == "font-scale" && script.range.contains(index) {
                let preceded = script.range.lowerBound > paragraphStart[script.range.lowerBound]
                size *= preceded ? 1433 / unitsPerEm : 1 / 1.2
                set = true
            }
            sizes.append(size)
            sizeSet.append(set)
        }
        var result: [MarkupUnitAttributes] = []
        for index in units.indices {
            var unit = MarkupUnitAttributes()
            unit.family = last(["family"], at: index).map { $0.value == "Monospace" ? "DejaVu Sans Mono" : $0.value }
            unit.fontSize = sizeSet[index] ? sizes[index] : nil
            unit.weight = last(["weight"], at: index).flatMap { Int($0.value) }
            unit.italic = last(["style"], at: index).map { $0.value == "1" || $0.value == "2" } ?? false
            if let foreground = last(["foreground"], at: index) {
                unit.foreground = color(foreground.value, alpha: last(["foreground-alpha"], at: index)?.value)
            }
            if let background = last(["background"], at: index) {
                unit.background = color(background.value, alpha: last(["background-alpha"], at: index)?.value)
            }
            switch last(["underline"], at: index)?.value {
            case "1", "3", "5": unit.underline = .single
            case "2", "6": unit.underline = .double
            case "4", "7": unit.underline = .dotted
            default: unit.underline = nil
            }
            if unit.underline != nil {
                unit.underlineColor = last(["underline-color"], at: index).flatMap { color($0.value, alpha: nil) }
            }
            unit.strikethrough = last(["strikethrough"], at: index).map { $0.value != "0" } ?? false
            if unit.strikethrough {
                unit.strikethroughColor = last(["strikethrough-color"], at: index).flatMap {
                    color($0.value, alpha: nil)
                }
            }
            var offset = last(["rise"], at: index).flatMap { Double($0.value) }.map { $0 / 1024 } ?? 0
            for shift in attributes where shift.type == "baseline-shift" && shift.range.contains(index) {
                let begin = shift.range.lowerBound
                let preceded = begin > paragraphStart[begin]
                let before = preceded ? sizes[begin - 1] : 0
                switch shift.value {
                case "1": offset += preceded ? 983 / unitsPerEm * before : 5000.0 / 1024
                case "2": offset -= preceded ? 286 / unitsPerEm * before : 5000.0 / 1024
                default: break
                }
            }
            unit.baselineOffset = offset
            unit.tracking = last(["letter-spacing"], at: index).flatMap { Double($0.value) }.map { $0 / 1024 } ?? 0
            result.append(unit)
        }
        // Line heights per paragraph: the first unit of the paragraph under one gives it to the whole paragraph.
        var index = 0
        while index < units.count {
            let begin = index
            while index < units.count, paragraphStart[index] == begin { index += 1 }
            var height: LineHeight?
            for unit in begin..<index {
                if let attribute = last(["line-height", "absolute-line-height"], at: unit),
                    let value = Double(attribute.value)
                {
                    if attribute.type == "absolute-line-height" {
                        height = .absolute(value / 1024)
                    } else if value > 0 {
                        height = .multiple(value)
                    }
                }
                if height != nil { break }
            }
            for unit in begin..<index { result[unit].lineHeight = height }
        }
        return result
    }
}
