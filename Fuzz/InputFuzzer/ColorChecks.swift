// The colour and appearance keys `labelkit` reads: a run's colours and `render --background` (ColorReader, the tool's
// own reader in LabelKitJSON), the JSON a command-line argument holds (CommandLineJSON), and a record's "appearance",
// "contrast", "textScale" and "textStyle", with the suggestions an unknown value gets (EditDistance).
import Foundation
import FuzzSupport
import LabelKitJSON
import LabelKitText

/// The keys of a run that hold a colour (a shadow's and a stroke's are read the same way).
let colorKeys = ["color", "background", "underlineColor", "strikethroughColor"]
/// The appearance and text size keys of a batch record.
let appearanceKeys = ["appearance", "contrast", "textScale", "textStyle"]

func checkColorsAndAppearance(_ bytes: [UInt8], text: String) {
    if let members = try? JSONObjectReader(keys: Set(colorKeys + appearanceKeys)).read(bytes) {
        let appearance = checkAppearanceKeys(members)
        for key in colorKeys {
            if let value = members[key] { checkColor(value, in: appearance) }
        }
    }
    if text.utf8.count <= 4_096 {
        checkCommandLineJSON(text)
        checkColorText(text)
    }
}

/// The colour the tool must read from `value`, worked out on its own: nil where it must refuse it.
func expectedColor(_ value: JSONValue) -> LabelColor? {
    func hex(_ value: JSONValue?) -> RGBAColor?? {
        guard let value else { return .some(nil) }
        guard case .string(let text) = value, text.hasPrefix("#") else { return nil }
        return RGBAColor(hexString: text).map { .some($0) }
    }
    switch value {
    case .string(let text) where text.hasPrefix("#"): return LabelColor(hexString: text)
    case .string(let text): return SystemColor(rawValue: text).map { LabelColor(system: $0) }
    case .object(let members):
        guard members.allSatisfy({ ColorReader.variantKeys.contains($0.0) }) else { return nil }
        var last: [String: JSONValue] = [:]
        for (key, member) in members { last[key] = member }
        guard let light = hex(last["light"]), let light, let dark = hex(last["dark"]), let dark,
            let lightHigh = hex(last["lightHighContrast"]), let darkHigh = hex(last["darkHighContrast"])
        else { return nil }
        return LabelColor(light: light, dark: dark, lightHighContrast: lightHigh, darkHighContrast: darkHigh)
    default: return nil
    }
}

/// The reader accepts exactly the colours ``expectedColor(_:)`` does, and a colour given for each appearance draws
/// the value given for `appearance` (or its normal value where no high-contrast one is given).
func checkColor(_ value: JSONValue, in appearance: Appearance) {
    let expected = expectedColor(value)
    let color: LabelColor
    do throws(ColorReadError) {
        color = try ColorReader.color(value)
    } catch {
        invariant(expected == nil, "refused \(value.text.prefix(200)): \(error)")
        invariant(!error.problem.isEmpty, "an error without a problem")
        if let key = error.key { invariant(ColorReader.variantKeys.contains(key), "the error names \(key)") }
        return
    }
    invariant(color == expected, "\(value.text.prefix(200)) read as \(color), not \(String(describing: expected))")
    guard case .object(let members) = value else { return }
    let given = { (key: String) -> RGBAColor? in
        guard case .string(let text)? = members.last(where: { $0.0 == key })?.1 else { return nil }
        return RGBAColor(hexString: text)
    }
    let base = appearance.colorScheme.rawValue
    let drawn = appearance.contrast == .high ? given(base + "HighContrast") ?? given(base) : given(base)
    invariant(color.resolved(for: appearance) == drawn, "\(value.text.prefix(200)) in \(appearance)")
}

/// `--background TEXT`: a JSON object when it starts with `{`, else the string as a run's string is read.
func checkColorText(_ text: String) {
    let fromText = try? ColorReader.color(text: text)
    let expected: LabelColor?
    if text.first(where: { !$0.isWhitespace }) == "{" {
        guard case .object(let members)? = CommandLineJSON.value(in: text) else {
            invariant(fromText == nil, "read a colour from \(text.prefix(200)), which is not one object")
            return
        }
        expected = try? ColorReader.color(.object(members))
    } else {
        expected = try? ColorReader.color(.string(text))
    }
    invariant(fromText == expected, "\(text.prefix(200)) read as \(String(describing: fromText))")
}

/// The one array or object an argument holds is what Foundation reads from it, and Foundation's arrays and objects
/// (short of the reader's depth limit, which the wrapping object adds one to) are read.
func checkCommandLineJSON(_ text: String) {
    let ours = CommandLineJSON.value(in: text)
    let foundation = try? JSONSerialization.jsonObject(with: Data(text.utf8))
    let isContainer = foundation is [Any] || foundation is [String: Any]
    if let ours, let foundation {
        invariant(isContainer && same(ours, foundation), "\(text.prefix(200)): \(ours) ≠ \(foundation)")
    } else if ours != nil {
        invariant(false, "read \(text.prefix(200)), which JSONSerialization rejects")
    } else if let foundation, isContainer, depth(of: foundation) < 500,
        let first = text.utf8.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
        first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
    {
        invariant(false, "rejected \(text.prefix(200)), which JSONSerialization reads")
    }
}

/// How deeply Foundation's value nests arrays and objects.
func depth(of value: Any) -> Int {
    if let items = value as? [Any] { return 1 + (items.map(depth).max() ?? 0) }
    if let members = value as? [String: Any] { return 1 + (members.values.map(depth).max() ?? 0) }
    return 0
}

/// Reads a record's appearance and text size keys as the tool's options do, and checks the suggestions an unknown
/// text style gets; returns the appearance the record asks for (light where it asks for none it can have).
func checkAppearanceKeys(_ members: JSONMembers) -> Appearance {
    var appearance = Appearance.light
    if case .string(let scheme)? = members["appearance"], let value = Appearance.ColorScheme(rawValue: scheme) {
        appearance.colorScheme = value
    }
    if case .string(let contrast)? = members["contrast"], let value = Appearance.Contrast(rawValue: contrast) {
        appearance.contrast = value
    }
    if case .number(let number)? = members["textScale"] {
        let scale = try? TextScale(number)
        invariant((scale != nil) == TextScale.range.contains(number), "text scale \(number)")
        if let scale {
            let size = scale.scaledSize(17)
            invariant(size.isFinite && size > 0 && (number >= 1) == (size >= 17), "text scale \(number): \(size)")
        }
    }
    if case .string(let name)? = members["textStyle"] {
        let names = DynamicTextStyle.allCases.map(\.rawValue)
        let suggestion = EditDistance.nearest(to: name, among: names)
        invariant(suggestion.map(names.contains) ?? true, "suggested \(suggestion ?? "")")
        if names.contains(name) { invariant(suggestion == name, "\(name) suggests \(suggestion ?? "nothing")") }
    }
    return appearance
}
