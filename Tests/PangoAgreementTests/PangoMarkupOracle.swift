import Foundation
import LabelKitCorpus

/// One attribute of Pango's answer to a markup record: `TYPE|START|END|VALUE` (see Tests/Oracles/markup-spans.h).
struct PangoMarkupAttribute {
    var type: String
    /// UTF-16 offsets into the text.
    var range: Range<Int>
    var value: String
}

/// Pango's answer to a markup record: the text, its attributes and the layout's measurement; or Pango's error.
enum PangoMarkupAnswer {
    case parsed(text: String, attributes: [PangoMarkupAttribute], measurement: PangoMeasurement)
    case error(String)

    init?(outputLine: Substring) {
        if outputLine.hasPrefix("error ") {
            self = .error(String(outputLine.dropFirst(6)))
            return
        }
        let fields = outputLine.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 3, let measurement = PangoMeasurement(outputLine: fields[0]) else { return nil }
        var attributes: [PangoMarkupAttribute] = []
        for item in fields[2].split(separator: ";") {
            let parts = item.split(separator: "|", omittingEmptySubsequences: false)
            guard parts.count == 4, let start = Int(parts[1]), let end = Int(parts[2]), start <= end else { return nil }
            attributes.append(
                PangoMarkupAttribute(type: String(parts[0]), range: start..<end, value: Self.unescape(parts[3])))
        }
        self = .parsed(text: Self.unescape(fields[1]), attributes: attributes, measurement: measurement)
    }

    /// Decodes the oracle's escapes: `\\ \n \r \t`, and `\s` and `\p` for `;` and `|`.
    static func unescape(_ field: Substring) -> String {
        var result = ""
        var escaped = false
        for character in field {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                case "s": result.append(";")
                case "p": result.append("|")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension PangoOracle {
    /// Pango's reading (`pango_parse_markup`) of each markup, laid out at `width` px at 72 dpi, in order.
    func readMarkup(_ labels: [(markup: String, width: Double)]) throws(PangoOracleError) -> [PangoMarkupAnswer] {
        var records = ""
        for label in labels { records += "markup\t\(label.width)\t\(FieldEscaping.escape(label.markup))\n" }
        return try answers(
            records: records, count: labels.count, arguments: [], read: PangoMarkupAnswer.init(outputLine:))
    }
}
