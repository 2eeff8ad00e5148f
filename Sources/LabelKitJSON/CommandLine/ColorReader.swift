import LabelKitText

/// How `labelkit` reads a colour, wherever one is given — a run's `"color"`, `"background"`, decoration, shadow and
/// stroke colours, `render --background`: a hex string, a semantic colour's name, or an object of a colour for each
/// appearance.
///
/// ```
/// "#FF0000"   "#FF000080"   "secondaryLabel"   {"light":"#000000","dark":"#FFFFFF","darkHighContrast":"#FFFF00"}
/// ```
///
/// In `LabelKitJSON`, beside the reader, so that the fuzzer of the command line's inputs (`Fuzz/InputFuzzer`) checks
/// the very code the tool runs.
package enum ColorReader {
    /// The members of a colour for each appearance: `light` and `dark` are required.
    package static let variantKeys = ["light", "dark", "lightHighContrast", "darkHighContrast"]

    /// The colour `value` stands for: a string (hex or name) or an object of a colour for each appearance.
    package static func color(_ value: JSONValue) throws(ColorReadError) -> LabelColor {
        switch value {
        case .string(let text): return try color(string: text)
        case .object(let members): return try dynamicColor(members)
        default: throw ColorReadError.notAColor(value.text, suggestion: nil)
        }
    }

    /// The colour a command-line argument stands for: `{…}` is read as a JSON object, anything else as a string.
    package static func color(text: String) throws(ColorReadError) -> LabelColor {
        guard text.first(where: { !$0.isWhitespace }) == "{" else { return try color(string: text) }
        guard case .object(let members)? = CommandLineJSON.value(in: text) else {
            throw ColorReadError(key: nil, problem: "must be one JSON object like \(objectForm), not \(text)")
        }
        return try dynamicColor(members)
    }

    /// `#RRGGBB`, `#RRGGBBAA` or the name of a semantic colour (``LabelKitText/SystemColor``).
    package static func color(string text: String) throws(ColorReadError) -> LabelColor {
        if text.hasPrefix("#") { return LabelColor(try hexColor(text, key: nil)) }
        if let system = SystemColor(rawValue: text) { return LabelColor(system: system) }
        // Hex digits without the '#' are a colour the user meant, never a name: no name is all hex digits.
        let suggestion =
            RGBAColor(hexString: text) != nil
            ? "#" + text : EditDistance.nearest(to: text, among: SystemColor.allCases.map(\.rawValue))
        throw ColorReadError.notAColor(JSONValue.string(text).text, suggestion: suggestion)
    }

    /// `{"light":…,"dark":…}` with the optional high-contrast variants, each a hex string.
    private static func dynamicColor(_ members: [(String, JSONValue)]) throws(ColorReadError) -> LabelColor {
        if let unknown = members.first(where: { !variantKeys.contains($0.0) }) {
            throw ColorReadError(
                key: nil,
                problem:
                    "unknown key \(JSONValue.string(unknown.0).text) (known: \(variantKeys.joined(separator: ", ")))")
        }
        // A key given twice keeps its last value, as in every other object the tool reads.
        func variant(_ key: String) throws(ColorReadError) -> RGBAColor? {
            guard let value = members.last(where: { $0.0 == key })?.1 else { return nil }
            guard case .string(let text) = value else {
                throw ColorReadError(key: key, problem: "must be #RRGGBB or #RRGGBBAA, not \(value.text)")
            }
            return try hexColor(text, key: key)
        }
        let light = try variant("light")
        let dark = try variant("dark")
        guard let light, let dark else {
            let missing = light == nil ? "light" : "dark"
            throw ColorReadError(key: nil, problem: "\(objectForm) needs \"\(missing)\"")
        }
        return LabelColor(
            light: light, dark: dark, lightHighContrast: try variant("lightHighContrast"),
            darkHighContrast: try variant("darkHighContrast"))
    }

    /// `#RRGGBB` or `#RRGGBBAA`; the error names `key`, the variant it is the value of.
    private static func hexColor(_ text: String, key: String?) throws(ColorReadError) -> RGBAColor {
        guard text.hasPrefix("#"), let color = RGBAColor(hexString: text) else {
            throw ColorReadError(key: key, problem: "must be #RRGGBB or #RRGGBBAA, not \(JSONValue.string(text).text)")
        }
        return color
    }

    /// The object form, as messages show it.
    package static let objectForm = ##"{"light":"#RRGGBB","dark":"#RRGGBB"}"##

    /// Every form, as messages show them.
    package static var forms: String {
        "#RRGGBB, #RRGGBBAA, \(objectForm) or one of \(SystemColor.allCases.map(\.rawValue).joined(separator: "|"))"
    }
}

/// Why a colour was refused: the member of a colour object at fault, if one is (`"dark"`), and the problem, worded
/// to follow the name of what holds the colour (`runs[0].color: …`, `--background: …`).
package struct ColorReadError: Error, CustomStringConvertible {
    /// The variant key whose value was refused; nil when the problem is the colour's own.
    package var key: String?
    package var problem: String

    /// A value that is no colour, `shown` as JSON text, with the colour it is near (`"#FF0000"`, `"label"`).
    package static func notAColor(_ shown: String, suggestion: String?) -> ColorReadError {
        var problem = "must be \(ColorReader.forms), not \(shown)"
        if let suggestion { problem += "; did you mean \(JSONValue.string(suggestion).text)?" }
        return ColorReadError(key: nil, problem: problem)
    }

    /// `"dark" must be #RRGGBB or #RRGGBBAA, not 12`, or the problem alone.
    package var description: String {
        (key.map { JSONValue.string($0).text + " " } ?? "") + problem
    }
}
