import LabelKit
import LabelKitJSON

/// The options of structured text (issue 43): tab stops, line height, and TEXT as HTML or Pango markup.
extension LayoutOptions {
    static let tabStops = Option(
        "tab-stops", .tabStops, batchKey: "tabStops",
        help: "tab stops, LOCATION[:ALIGNMENT] separated by commas, e.g. 100,200:right,250:center,300:decimal: "
            + "locations in pixels from the leading edge, alignments left|right|center|decimal (default left); a tab "
            + "advances to the next stop (a record's \"tabStops\" is the same string)")
    static let tabInterval = Option(
        "tab-interval", .number(minimum: 0), batchKey: "tabInterval",
        help: "the interval of the tab stops past the last of --tab-stops (default 0: eight spaces' width)")
    static let lineHeight = Option(
        "line-height", .lineHeight, batchKey: "lineHeight",
        help: "each line's height with the extra space split above and below its text, as CSS: F, a multiple of "
            + "each run's ascent plus descent (1.5), or Npx, a length (24px); in a record a number is a multiple, "
            + "a string either form (default: the text's own height)")
    static let html = Option(
        "html", .flag,
        help: "TEXT is HTML (a, b, i, u, s, br, p, ul, ol, li, sup, sub, code, span style, img; the reader's "
            + "warnings go to stderr); --token stays plain")
    static let pangoMarkup = Option(
        "pango-markup", .flag,
        help: "TEXT is Pango markup, as GtkLabel takes it (span attributes, b, i, u, s, sub, sup, tt, big, small, "
            + "a href); --token stays plain")
}

extension OptionValue where Value == [TabStop] {
    /// Tab stops as `LOCATION[:ALIGNMENT]` items separated by commas, `100,200:right,300:decimal`, on the command
    /// line and as a batch record's string; locations are finite numbers ≥ 0, alignments `left` (the default),
    /// `right`, `center` or `decimal`.
    static var tabStops: Self {
        let parse = { @Sendable (text: String) throws(OptionValueError) -> [TabStop] in
            var stops: [TabStop] = []
            for (index, item) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
                guard !item.allSatisfy(\.isWhitespace) else {
                    throw .detail("stop \(index + 1) is empty (give LOCATION[:ALIGNMENT])")
                }
                let parts = item.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let locationText = parts[0].trimmingCharacters(in: .whitespaces)
                guard let location = Double(locationText), location.isFinite, location >= 0 else {
                    throw .detail("stop \(index + 1) needs a location that is a number ≥ 0, not '\(locationText)'")
                }
                var alignment = TabStop.Alignment.left
                if parts.count == 2 {
                    let name = parts[1].trimmingCharacters(in: .whitespaces)
                    guard let named = TabStop.Alignment(rawValue: name) else {
                        var detail = "stop \(index + 1)'s alignment must be one of \(TabStop.Alignment.choices), "
                        detail += "not '\(name)'"
                        if let near = TabStop.Alignment.nearestChoice(to: name) { detail += "; did you mean \(near)?" }
                        throw .detail(detail)
                    }
                    alignment = named
                }
                stops.append(TabStop(location, alignment: alignment))
            }
            return stops
        }
        return Self(
            placeholder: "STOPS", parse: parse,
            decode: { (json) throws(OptionValueError) in
                switch json {
                case .null: return nil
                case .string(let text): return try parse(text)
                default: throw .needs("a string of LOCATION[:ALIGNMENT] stops separated by commas")
                }
            })
    }
}

extension OptionValue where Value == LineHeight {
    /// A line height: `1.5`, a multiple (> 0), or `24px`, a length (≥ 0); in a batch record a number is a multiple
    /// and a string either form.
    static var lineHeight: Self {
        let requirement = "a multiple > 0 (1.5) or a length ≥ 0 in pixels (24px)"
        let parse = { @Sendable (text: String) throws(OptionValueError) -> LineHeight in
            if text.hasSuffix("px") {
                guard let length = Double(text.dropLast(2)), length.isFinite, length >= 0 else {
                    throw .needs(requirement)
                }
                return .absolute(length)
            }
            guard let factor = Double(text), factor.isFinite, factor > 0 else { throw .needs(requirement) }
            return .multiple(factor)
        }
        return Self(
            placeholder: "F|Npx", parse: parse,
            decode: { (json) throws(OptionValueError) in
                switch json {
                case .null: return nil
                case .number(let factor) where factor.isFinite && factor > 0: return .multiple(factor)
                case .string(let text): if let value = try? parse(text) { return value }
                default: break
                }
                throw .needs("a number > 0 (a multiple) or a string \"1.5\" or \"24px\"")
            })
    }
}
