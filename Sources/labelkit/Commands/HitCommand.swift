import Foundation
import LabelKit
import LabelKitJSON

/// `labelkit hit`: what is under a point — the cluster, the link and whether it is the truncation token.
enum HitCommand: Command {
    static let name = "hit"
    static let summary = "print the character, link and token under points as JSON"
    static let help = """
        USAGE: labelkit hit [OPTIONS] --x X --y Y TEXT
               labelkit hit [OPTIONS] --points "X,Y X,Y …" TEXT
               labelkit hit [OPTIONS] --batch FILE [--jobs N]

        Prints {"index":I|null,"length":L|null,"link":{"start":S,"length":N,"target":"…","safe":B,"warnings":[…]}|null,
        "token":B,"attachment":{"index":I,"alt":"…"}|null}: the UTF-16 range of the grapheme cluster under the point
        (in the label's coordinates: origin top-left, insets and vertical alignment included), the link there (an
        exact hit, else the nearest within --radius) with the safety warnings link detection raised for it (as
        'labelkit links' prints them), whether the point is on the truncation token, and the attachment whose box
        holds the point (its U+FFFC's UTF-16 index and its alt text). With --points, prints {"hits":[…]} with one such
        object per point. With --batch, FILE (or - for stdin) holds JSON Lines with "text" (or "runs", as --runs
        reads TEXT), optional "width", "lines", "font", "size", "height", "indent", "headIndent", "tailIndent",
        "paragraphSpacing":[before,after], and "points":[[x,y],…]; one {"hits":[…]} is printed per line.

        OPTIONS:
        \(LayoutOptions.help)
          --x X, --y Y            the point
          --points "X,Y …"        several points, separated by spaces
          --radius R              touch radius for finding a link (default 0)
        \(BatchSettings.help)
          --help                  show this help
        """
    static let options = OptionSpecification(
        valued: LayoutOptions.valued.union(["x", "y", "points", "radius"]).union(BatchSettings.options),
        flags: LayoutOptions.flags
    )

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        let options = try LayoutOptions(arguments)
        let radius = try arguments.double("radius", minimum: 0) ?? 0
        if let batch = try BatchSettings(arguments) {
            return try runBatch(batch) { (record) throws(UsageError) in
                let text = try TextSource(record)
                let points = try record.points()
                let layout = try options.applying(record).layout(text, prefix: "line \(record.line): ")
                return .object([("hits", .array(points.map { hit(layout, at: $0, radius: radius) }))])
            }
        }
        let text = try TextSource(arguments)
        if let list = arguments.string("points") {
            let points = try parsePoints(list)
            let layout = try options.layout(text)
            return printResult(.object([("hits", .array(points.map { hit(layout, at: $0, radius: radius) }))]))
        }
        guard let x = try arguments.double("x"), let y = try arguments.double("y") else {
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
        .object([
            ("start", .number(Double(link.range.lowerBound))), ("length", .number(Double(link.range.count))),
            ("target", .string(link.target.absoluteString)), ("safe", .bool(link.isSafe)),
            ("warnings", .array(link.warnings.names.map { .string($0) })),
        ])
    }

    static func parsePoints(_ list: String) throws(UsageError) -> [CGPoint] {
        var points: [CGPoint] = []
        for pair in list.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
                throw UsageError(message: "--points needs \"X,Y X,Y …\", not '\(pair)'")
            }
            points.append(CGPoint(x: x, y: y))
        }
        guard !points.isEmpty else { throw UsageError(message: "--points is empty") }
        return points
    }

}
