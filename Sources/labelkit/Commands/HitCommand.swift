import Foundation
import LabelKit

/// `labelkit hit`: what is under a point — the cluster, the link and whether it is the truncation token.
enum HitCommand: Command {
    static let name = "hit"
    static let summary = "print the character, link and token under points as JSON"
    static let help = """
        USAGE: labelkit hit [OPTIONS] --x X --y Y TEXT
               labelkit hit [OPTIONS] --points "X,Y X,Y …" TEXT
               labelkit hit [OPTIONS] --batch FILE

        Prints {"index":I|null,"length":L|null,"link":{"start":S,"length":N,"target":"…"}|null,"token":B}: the UTF-16
        range of the grapheme cluster under the point (in the label's coordinates: origin top-left, insets and vertical
        alignment included), the link there (an exact hit, else the nearest within --radius) and whether the point is on
        the truncation token. With --points, prints {"hits":[…]} with one such object per point. With --batch, FILE
        (or - for stdin) holds JSON Lines with "text", optional "width", "lines", "font", "size", "height", and
        "points":[[x,y],…]; one {"hits":[…]} is printed per line.

        OPTIONS:
        \(LayoutOptions.help)
          --x X, --y Y            the point
          --points "X,Y …"        several points, separated by spaces
          --radius R              touch radius for finding a link (default 0)
          --batch FILE            hit-test every record of a JSON Lines file
          --help                  show this help
        """
    static let options = OptionSpecification(
        valued: LayoutOptions.valued.union(["x", "y", "points", "radius", "batch"]), flags: LayoutOptions.flags
    )

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        let options = try LayoutOptions(arguments)
        let radius = try arguments.double("radius", minimum: 0) ?? 0
        var output = StandardOutput()
        if let batch = arguments.string("batch") {
            guard arguments.positionals.isEmpty else {
                throw UsageError(message: "give either TEXT or --batch, not both")
            }
            return try runBatch(path: batch) { (record, line) throws(UsageError) in
                let text = try BatchReader.text(of: record, line: line)
                let points = try batchPoints(record, line: line)
                let layout = try options.applying(record: record, line: line).layout(text, prefix: "line \(line): ")
                return .object([("hits", .array(points.map { hit(layout, at: $0, radius: radius) }))])
            }
        }
        let text = try arguments.text()
        if let list = arguments.string("points") {
            let points = try parsePoints(list)
            let layout = try options.layout(text)
            output.writeLine(
                JSONValue.object([("hits", .array(points.map { hit(layout, at: $0, radius: radius) }))]).text)
        } else {
            guard let x = try arguments.double("x"), let y = try arguments.double("y") else {
                throw UsageError(message: "give --x and --y, or --points")
            }
            let layout = try options.layout(text)
            output.writeLine(hit(layout, at: CGPoint(x: x, y: y), radius: radius).text)
        }
        output.flush()
        return 0
    }

    static func hit(_ layout: TextLayout, at point: CGPoint, radius: Double) -> JSONValue {
        let character = layout.characterIndex(at: point)
        let link = layout.link(at: point, radius: radius)
        return .object([
            ("index", character.map { .number(Double($0.range.lowerBound)) } ?? .null),
            ("length", character.map { .number(Double($0.range.count)) } ?? .null),
            ("link", link.map { linkJSON($0.link) } ?? .null),
            ("token", .bool(character?.isInTruncationToken ?? false)),
        ])
    }

    static func linkJSON(_ link: LayoutLink) -> JSONValue {
        .object([
            ("start", .number(Double(link.range.lowerBound))), ("length", .number(Double(link.range.count))),
            ("target", .string(link.target.absoluteString)),
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

    static func batchPoints(_ record: [String: Any], line: Int) throws(UsageError) -> [CGPoint] {
        guard let list = record["points"] as? [Any] else {
            throw UsageError(message: "line \(line): missing \"points\":[[x,y],…]")
        }
        var points: [CGPoint] = []
        for item in list {
            guard let pair = item as? [Any], pair.count == 2, let x = jsonNumber(pair[0]), let y = jsonNumber(pair[1])
            else { throw UsageError(message: "line \(line): each point must be [x,y] with two numbers") }
            points.append(CGPoint(x: x, y: y))
        }
        return points
    }
}
