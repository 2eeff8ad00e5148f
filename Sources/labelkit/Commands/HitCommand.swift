import Foundation
import LabelKit
import LabelKitJSON

/// `labelkit hit`: what is under a point — the cluster, the link and whether it is the truncation token.
enum HitCommand: Command {
    static let name = "hit"
    static let summary = "print the character, link and token under points as JSON"
    static let discussion = """
        USAGE: labelkit hit [OPTIONS] --x X --y Y TEXT
               labelkit hit [OPTIONS] --points "X,Y X,Y …" TEXT
               labelkit hit [OPTIONS] --batch FILE [--jobs N]

        Prints {"index":I|null,"length":L|null,"link":{"start":S,"length":N,"target":"…","safe":B,"warnings":[…]}|null,
        "token":B,"attachment":{"index":I,"alt":"…"}|null}: the UTF-16 range of the grapheme cluster under the point
        (in the label's coordinates: origin top-left, insets and vertical alignment included), the link there (an
        exact hit, else the nearest within --radius) with its safety as 'labelkit links' prints it (the warnings
        link detection raised, or that the app's own links raise: markup, a run's "link", the token), whether the
        point is on the truncation token, and the attachment whose box holds the point (its U+FFFC's UTF-16 index
        and its alt text). With --points, prints {"hits":[…]} with one such object per point. With --batch, FILE (or
        - for stdin) holds JSON Lines, one label per line with its "points" (see BATCH RECORDS); one {"hits":[…]} is
        printed per line.
        """

    static let x = Option("x", .number(placeholder: "X"), help: "the point's x (with --y)")
    static let y = Option("y", .number(placeholder: "Y"), help: "the point's y (with --x)")
    static let points = Option(
        "points", .points, batchKey: "points",
        help: "several points, separated by spaces (in a batch record, required: [[x,y],…])")
    static let radius = Option(
        "radius", .number(minimum: 0, placeholder: "R"), help: "touch radius for finding a link (default 0)")

    static let options: [any OptionDeclaration] =
        LayoutOptions.options + [x, y, points, radius] + BatchSettings.options

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        let options = try LayoutOptions(arguments, checksLinkSafety: true)
        let radius = arguments.value(of: radius) ?? 0
        let textLanguage = TextSource.markupLanguage(of: arguments)
        if let batch = try BatchSettings(arguments) {
            return try runBatch(batch) { (record) throws(UsageError) in
                let text = try TextSource(record, textLanguage: textLanguage)
                let points = try record.requiredValue(of: points)
                let layout = try options.applying(record).layout(text, prefix: "line \(record.line): ")
                return .object([("hits", .array(points.map { hit(layout, at: $0, radius: radius) }))])
            }
        }
        let text = try TextSource(arguments)
        if let points = arguments.value(of: points) {
            let layout = try options.layout(text)
            return printResult(.object([("hits", .array(points.map { hit(layout, at: $0, radius: radius) }))]))
        }
        guard let x = arguments.value(of: x), let y = arguments.value(of: y) else {
            throw UsageError(message: "give --x and --y, or --points")
        }
        return printResult(hit(try options.layout(text), at: CGPoint(x: x, y: y), radius: radius))
    }

    static func hit(_ layout: TextLayout, at point: CGPoint, radius: Double) -> JSONValue {
        let character = layout.character(at: point)
        let link = layout.link(at: point, radius: radius)
        return .object([
            ("index", character.map { .number(Double($0.range.lowerBound)) } ?? .null),
            ("length", character.map { .number(Double($0.range.count)) } ?? .null),
            ("link", link.map { linkJSON($0.link) } ?? .null),
            ("token", .bool(character?.isInTruncationToken ?? false)),
            ("attachment", layout.attachment(at: point).map(attachmentJSON) ?? .null),
        ])
    }

    static func attachmentJSON(_ attachment: LayoutAttachment) -> JSONValue {
        .object([
            ("index", .number(Double(attachment.index))), ("alt", .string(attachment.attachment.altText)),
        ])
    }

    static func linkJSON(_ link: LayoutLink) -> JSONValue {
        .object(
            [
                ("start", .number(Double(link.range.lowerBound))), ("length", .number(Double(link.range.count))),
                ("target", .string(link.target.absoluteString)),
            ] + JSONValue.linkSafety(isSafe: link.isSafe, warnings: link.warnings))
    }
}

extension OptionValue where Value == [CGPoint] {
    /// Points: `"X,Y X,Y …"` on the command line, `[[x,y],…]` in a batch record.
    static var points: Self {
        Self(
            placeholder: "\"X,Y …\"", batchForm: "[[x,y],…]",
            parse: { (list) throws(OptionValueError) in
                var points: [CGPoint] = []
                for pair in list.split(whereSeparator: \.isWhitespace) {
                    let parts = pair.split(separator: ",", omittingEmptySubsequences: false)
                    guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite
                    else { throw .phrase("needs \"X,Y X,Y …\", not '\(pair)'") }
                    points.append(CGPoint(x: x, y: y))
                }
                guard !points.isEmpty else { throw .phrase("is empty") }
                return points
            },
            decode: { (json) throws(OptionValueError) in
                switch json {
                case .null: return nil
                case .array(let list):
                    var points: [CGPoint] = []
                    points.reserveCapacity(list.count)
                    for item in list {
                        guard case .array(let pair) = item, pair.count == 2, case .number(let x) = pair[0],
                            case .number(let y) = pair[1]
                        else { throw .needs("[[x,y],…] with two numbers in each point") }
                        points.append(CGPoint(x: x, y: y))
                    }
                    return points
                default: throw .needs("[[x,y],…] with two numbers in each point")
                }
            })
    }
}
