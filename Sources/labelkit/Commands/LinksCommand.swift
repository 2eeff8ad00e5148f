import Foundation
import LabelKit
import LabelKitJSON

/// `labelkit links`: the links LinkDetector finds in a text, as JSON.
enum LinksCommand: Command {
    static let name = "links"
    static let summary = "print the URLs, e-mails, phones, mentions and hashtags found in text as JSON"
    static let discussion = """
        USAGE: labelkit links [--kinds KINDS] [--runs] TEXT
               labelkit links [--kinds KINDS] --batch FILE [--jobs N]

        Prints {"links":[{"kind":"url","start":S,"length":N,"text":"…","target":"…","safe":B,"warnings":[…]},…]}:
        each link's kind, its UTF-16 range, its text as written, its target (hosts in punycode and paths
        percent-encoded; https:// added to bare domains, http:// to bare IPv4 addresses, mailto:, tel:, sms:; null
        when there is none or its scheme is not allowed), whether it raised no safety warning and the warnings it
        raised (disallowedScheme, bidirectionalControl, mixedScriptHost, userInfo). With --batch, FILE (or - for
        stdin) holds JSON Lines with "text" (or "runs"); one {"links":[…]} is printed per line. With --runs, TEXT is a
        JSON array of runs, searched as the characters they lay out.
        """

    static let kinds = Option(
        "kinds", .linkKinds,
        help:
            "comma-separated: url,email,phone,mention,hashtag,cashtag or all (default url,email,phone,mention,hashtag)")

    static let options: [any OptionDeclaration] = [kinds, LayoutOptions.runs] + BatchSettings.options

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        let detector = LinkDetector(kinds: arguments.value(of: kinds) ?? .standard)
        if let batch = try BatchSettings(arguments) {
            return try runBatch(batch) { (record) throws(UsageError) in
                links(detector.links(in: try TextSource(record).plainText))
            }
        }
        return printResult(links(detector.links(in: try TextSource(arguments).plainText)))
    }

    static func links(_ links: [DetectedLink]) -> JSONValue {
        .object([
            (
                "links",
                .array(
                    links.map { link in
                        .object(
                            [
                                ("kind", .string(link.kind.description)),
                                ("start", .number(Double(link.range.lowerBound))),
                                ("length", .number(Double(link.range.count))),
                                ("text", .string(link.text)),
                                ("target", link.target.map { .string($0.absoluteString) } ?? .null),
                            ] + JSONValue.linkSafety(isSafe: link.isSafe, warnings: link.warnings))
                    })
            )
        ])
    }
}
