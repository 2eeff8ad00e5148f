import Foundation
import LabelKit
import LabelKitJSON

/// `--runs`: a text as a JSON array of styled runs, each `{"text":"…"}` with any of the keys below, into an
/// `AttributedString`. Every problem names the run and the key (`runs[2].color: …`); unknown keys are errors, so a
/// misspelt attribute is never silently dropped.
///
/// ```
/// [{"text":"Ana "},{"attachment":{"width":14,"height":14,"align":"center","image":"badge.png","alt":"verified"},
///   "link":"https://example.com/ana"},{"text":" 12:04","color":"#8E8E93","size":12}]
/// [{"text":"漢字","ruby":"かんじ"},{"text":"を"},{"text":"読","ruby":{"text":"よ","position":"under","size":0.4}},
///   {"text":"同意","ruby":{"parts":["どう","い"],"align":"space-around"}}]
/// ```
enum RunsJSON {
    /// The keys a run may have.
    static let runKeys: Set<String> = [
        "text", "font", "size", "weight", "italic", "color", "background", "underline", "strikethrough",
        "underlineColor", "strikethroughColor", "baselineOffset", "tracking", "features", "shadow", "stroke", "link",
        "attachment", "lang", "combineUpright", "textStyle", "maximumFontSize", "ruby",
    ]
    static let shadowKeys: Set<String> = ["x", "y", "blur", "color"]
    static let strokeKeys: Set<String> = ["width", "color"]
    static let attachmentKeys: Set<String> = ["width", "height", "align", "offset", "image", "alt"]
    static let rubyKeys: Set<String> = ["text", "parts", "position", "align", "size"]
    /// `"align"` of a ruby: CSS's `ruby-align` keywords.
    static let rubyAlignments: [String: RubyAnnotation.Alignment] = [
        "center": .center, "start": .start, "space-around": .spaceAround,
    ]

    /// The runs in TEXT, which must be one JSON array (white space around it allowed).
    static func parse(text: String) throws(UsageError) -> AttributedString {
        guard case .array(let runs)? = CommandLineJSON.value(in: text) else {
            throw UsageError(message: "--runs: TEXT must be a JSON array of runs, [{\"text\":\"…\"},…]")
        }
        return try attributedString(runs)
    }

    /// The runs of a parsed array (a batch record's `"runs"`), concatenated.
    static func attributedString(_ runs: [JSONValue]) throws(UsageError) -> AttributedString {
        var text = AttributedString()
        for (index, run) in runs.enumerated() {
            text += try attributedRun(run, path: "runs[\(index)]")
        }
        return text
    }

    private static func attributedRun(_ value: JSONValue, path: String) throws(UsageError) -> AttributedString {
        guard case .object(let members) = value else {
            throw UsageError(message: "\(path): a run must be an object like {\"text\":\"…\"}")
        }
        let run = Members(members, path: path)
        try run.rejectUnknownKeys(allowed: runKeys)
        var piece: AttributedString
        if let attachment = try run.object("attachment") {
            piece = AttributedString(attachment: try textAttachment(attachment))
        } else {
            guard let text = try run.string("text") else {
                throw UsageError(message: "\(path): a run needs \"text\" (a string) or \"attachment\"")
            }
            piece = AttributedString(text)
        }
        if let font = try run.string("font") { piece.labelKit.fontFamily = font }
        if let size = try run.number("size", above: 0) { piece.labelKit.fontSize = size }
        if let weight = try run.weight("weight") { piece.labelKit.fontWeight = weight }
        if let italic = try run.bool("italic") { piece.labelKit.italic = italic }
        if let color = try run.color("color") { piece.labelKit.foregroundColor = color }
        if let background = try run.color("background") { piece.labelKit.backgroundColor = background }
        if let underline = try run.choice("underline", of: LineDecoration.self) { piece.labelKit.underline = underline }
        if let strikethrough = try run.choice("strikethrough", of: LineDecoration.self) {
            piece.labelKit.strikethrough = strikethrough
        }
        if let color = try run.color("underlineColor") { piece.labelKit.underlineColor = color }
        if let color = try run.color("strikethroughColor") { piece.labelKit.strikethroughColor = color }
        if let offset = try run.number("baselineOffset") { piece.labelKit.baselineOffset = offset }
        if let tracking = try run.number("tracking") { piece.labelKit.tracking = tracking }
        if let language = try run.string("lang") {
            do {
                piece.labelKit.language = try LanguageTag(language)
            } catch {
                throw UsageError(message: "\(path).lang: \(error.description)")
            }
        }
        if let combine = try run.combineUpright("combineUpright") { piece.labelKit.combineUpright = combine }
        if let style = try run.choice("textStyle", of: DynamicTextStyle.self) { piece.labelKit.textStyle = style }
        if let maximum = try run.number("maximumFontSize", above: 0) { piece.labelKit.maximumFontSize = maximum }
        if let features = try run.string("features") {
            do {
                piece.labelKit.fontFeatures = try FontFeatures(parsing: features)
            } catch {
                throw UsageError(message: "\(path).features: \(error.description)")
            }
        }
        if let shadow = try run.object("shadow") {
            try shadow.rejectUnknownKeys(allowed: shadowKeys)
            let defaults = TextShadow()
            piece.labelKit.shadow = TextShadow(
                offsetX: try shadow.number("x") ?? defaults.offsetX,
                offsetY: try shadow.number("y") ?? defaults.offsetY,
                blurRadius: try shadow.number("blur", atLeast: 0) ?? defaults.blurRadius,
                color: try shadow.color("color") ?? defaults.color)
        }
        if let stroke = try run.object("stroke") {
            try stroke.rejectUnknownKeys(allowed: strokeKeys)
            guard let width = try stroke.number("width") else {
                throw UsageError(message: "\(stroke.path): needs \"width\" (points; negative fills and outlines)")
            }
            piece.labelKit.stroke = TextStroke(width: width, color: try stroke.color("color"))
        }
        if let ruby = run["ruby"] { piece.labelKit.ruby = try rubyAnnotation(ruby, path: "\(path).ruby") }
        if let target = try run.string("link") {
            guard !target.isEmpty, !target.contains(where: \.isWhitespace), let url = URL(string: target) else {
                throw UsageError(message: "\(path).link: not a URL: \"\(target)\"")
            }
            piece.link = url
        }
        return piece
    }

    /// A run's `"ruby"`: a string (group ruby), or an object with `"text"` (group ruby) or `"parts"` (mono ruby, one
    /// part per base character) and optional `"position"` (over|under), `"align"` (center|start|space-around) and
    /// `"size"` (the size factor, > 0). Empty text, and more parts than the base has characters, are the layout's to
    /// report.
    private static func rubyAnnotation(_ value: JSONValue, path: String) throws(UsageError) -> RubyAnnotation {
        let ruby: Members
        switch value {
        case .string(let text): return RubyAnnotation(text)
        case .object(let members): ruby = Members(members, path: path)
        default:
            throw UsageError(
                message: "\(path): must be a string or an object like {\"text\":\"…\"} or {\"parts\":[\"…\",\"…\"]}")
        }
        try ruby.rejectUnknownKeys(allowed: rubyKeys)
        let parts: [String]
        switch (try ruby.string("text"), try ruby.strings("parts")) {
        case (let text?, nil): parts = [text]
        case (nil, let list?): parts = list
        case (nil, nil):
            throw UsageError(
                message: "\(path): needs \"text\" (a string) or \"parts\" (an array of strings, one per base character)"
            )
        case (.some, .some): throw UsageError(message: "\(path): give either \"text\" or \"parts\", not both")
        }
        var alignment = RubyAnnotation.Alignment.center
        if let name = try ruby.string("align") {
            guard let named = rubyAlignments[name] else {
                let names = ["center", "start", "space-around"]
                var problem = "must be one of \(names.joined(separator: "|")), not \(JSONValue.string(name).text)"
                if let near = EditDistance.nearest(to: name, among: names) { problem += "; did you mean \"\(near)\"?" }
                throw ruby.fail("align", problem)
            }
            alignment = named
        }
        return RubyAnnotation(
            parts: parts, position: try ruby.choice("position", of: RubyAnnotation.Position.self) ?? .over,
            alignment: alignment, sizeFactor: try ruby.number("size", above: 0) ?? 0.5)
    }

    private static func textAttachment(_ attachment: Members) throws(UsageError) -> TextAttachment {
        try attachment.rejectUnknownKeys(allowed: attachmentKeys)
        guard let width = try attachment.number("width", atLeast: 0),
            let height = try attachment.number("height", atLeast: 0)
        else { throw UsageError(message: "\(attachment.path): needs \"width\" and \"height\" (points ≥ 0)") }
        let offset = try attachment.number("offset")
        let alignment: AttachmentAlignment
        switch try attachment.string("align") ?? "baseline" {
        case "baseline": alignment = .baseline(offset: offset ?? 0)
        case "center": alignment = .center
        case "top": alignment = .top
        case "bottom": alignment = .bottom
        case let other:
            throw UsageError(message: "\(attachment.path).align: must be baseline|center|top|bottom, not \"\(other)\"")
        }
        if offset != nil, case .baseline = alignment {
        } else if offset != nil {
            throw UsageError(message: "\(attachment.path).offset: goes with \"align\":\"baseline\" only")
        }
        // Without an image the box is empty space of its size (nothing draws an empty identifier).
        let content: AttachmentContent =
            try attachment.string("image").map { .image(.file(path: $0)) }
            ?? .custom(identifier: "")
        return TextAttachment(
            width: width, height: height, alignment: alignment, content: content,
            altText: try attachment.string("alt") ?? "")
    }

    /// An object's members with the path that names them in messages.
    private struct Members {
        let members: [(String, JSONValue)]
        let path: String

        init(_ members: [(String, JSONValue)], path: String) {
            self.members = members
            self.path = path
        }

        subscript(key: String) -> JSONValue? { members.last { $0.0 == key }?.1 }

        func rejectUnknownKeys(allowed: Set<String>) throws(UsageError) {
            if let unknown = members.first(where: { !allowed.contains($0.0) }) {
                throw UsageError(
                    message:
                        "\(path): unknown key \"\(unknown.0)\" (known: \(allowed.sorted().joined(separator: ", ")))")
            }
        }

        func fail(_ key: String, _ problem: String) -> UsageError {
            UsageError(message: "\(path).\(key): \(problem)")
        }

        func string(_ key: String) throws(UsageError) -> String? {
            switch self[key] {
            case nil: return nil
            case .string(let text)?: return text
            default: throw fail(key, "must be a string")
            }
        }

        /// An array of strings; a member that is not one is named by its index (`parts[1]`).
        func strings(_ key: String) throws(UsageError) -> [String]? {
            switch self[key] {
            case nil: return nil
            case .array(let values)?:
                var strings: [String] = []
                for (index, value) in values.enumerated() {
                    guard case .string(let text) = value else { throw fail("\(key)[\(index)]", "must be a string") }
                    strings.append(text)
                }
                return strings
            default: throw fail(key, "must be an array of strings")
            }
        }

        func bool(_ key: String) throws(UsageError) -> Bool? {
            switch self[key] {
            case nil: return nil
            case .bool(let value)?: return value
            default: throw fail(key, "must be true or false")
            }
        }

        /// A finite number, at least `minimum` (or more than `above`).
        func number(_ key: String, atLeast minimum: Double? = nil, above: Double? = nil) throws(UsageError) -> Double? {
            guard let value = self[key] else { return nil }
            guard case .number(let number) = value, number.isFinite else { throw fail(key, "must be a number") }
            if let minimum, number < minimum { throw fail(key, "must be a number ≥ \(Self.format(minimum))") }
            if let above, number <= above { throw fail(key, "must be a number > \(Self.format(above))") }
            return number
        }

        /// A colour in any of ``ColorReader``'s forms: hex, a semantic name, or a colour for each appearance.
        func color(_ key: String) throws(UsageError) -> LabelColor? {
            guard let value = self[key] else { return nil }
            do throws(ColorReadError) {
                return try ColorReader.color(value)
            } catch {
                throw fail(key, error.description)
            }
        }

        /// One of `type`'s raw values; one near the string given is suggested.
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, of type: T.Type) throws(UsageError) -> T?
        where T.RawValue == String {
            guard let text = try string(key) else { return nil }
            guard let value = T(rawValue: text) else {
                var problem = "must be one of \(T.choices), not \(JSONValue.string(text).text)"
                if let near = T.nearestChoice(to: text) {
                    problem += "; did you mean \"\(near)\"?"
                }
                throw fail(key, problem)
            }
            return value
        }

        /// Tate-chu-yoko in vertical text: `"all"` (the whole run in one cell) or a whole number N ≥ 1 (each run of at
        /// most N ASCII digits, CSS `digits N`).
        func combineUpright(_ key: String) throws(UsageError) -> CombineUpright? {
            switch self[key] {
            case nil: return nil
            case .string("all")?: return .all
            case .number(let count)? where count >= 1 && count <= 100 && count == count.rounded():
                return .digits(Int(count))
            default: throw fail(key, "must be \"all\" or a whole number of digits from 1 to 100")
            }
        }

        /// A CSS weight, 1…1000, or one of its names.
        func weight(_ key: String) throws(UsageError) -> Int? {
            let names: [String: FontWeight] = [
                "thin": .thin, "light": .light, "regular": .regular, "normal": .regular, "medium": .medium,
                "semibold": .semibold, "bold": .bold, "black": .black,
            ]
            switch self[key] {
            case nil: return nil
            case .number(let number)? where number >= 1 && number <= 1000 && number == number.rounded():
                return Int(number)
            case .string(let name)?:
                if let weight = names[name] { return weight.rawValue }
                fallthrough
            default:
                throw fail(key, "must be a whole number 1…1000 or one of \(names.keys.sorted().joined(separator: "|"))")
            }
        }

        func object(_ key: String) throws(UsageError) -> Members? {
            switch self[key] {
            case nil: return nil
            case .object(let members)?: return Members(members, path: "\(path).\(key)")
            default: throw fail(key, "must be an object")
            }
        }

        private static func format(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
    }
}
