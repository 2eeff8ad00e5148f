import Foundation
import LabelKit
import LabelKitJSON

/// `labelkit links`: the links LinkDetector finds in a text, as JSON.
enum LinksCommand: Command {
    static let name = "links"
    static let summary = "print the URLs, e-mails, phones, mentions and hashtags found in text as JSON"
    static let discussion = """
        USAGE: labelkit links [--kinds KINDS] [--runs | --html | --pango-markup] TEXT
               labelkit links [--kinds KINDS] [--html | --pango-markup] --batch FILE [--jobs N]

        Prints {"links":[{"kind":"url","start":S,"length":N,"text":"…","target":"…","safe":B,"warnings":[…]},…]}:
        each link's kind, its UTF-16 range, its text as written, its target (hosts in punycode and paths
        percent-encoded; https:// added to bare domains, http:// to bare IPv4 addresses, mailto:, tel:, sms:; null
        when there is none or its scheme is not allowed), whether it raised no safety warning and the warnings it
        raised (disallowedScheme, bidirectionalControl, mixedScriptHost, userInfo). With --batch, FILE (or - for
        stdin) holds JSON Lines with "text" (or "runs", "html", "pangoMarkup"); one {"links":[…]} is printed per
        line. With --runs, TEXT is a JSON array of runs, searched as the characters they lay out. With --html or
        --pango-markup, TEXT is markup: its <a href> links are listed with kind "explicit", beside the links found in
        its text, and offsets count UTF-16 code units of the text it reads as (the reader's warnings go to stderr).
        --tab-stops, --tab-interval and --line-height are taken as the layout commands take them (the paragraph the
        markup starts from); they move no link.
        """

    static let kinds = Option(
        "kinds", .linkKinds,
        help:
            "comma-separated: url,email,phone,mention,hashtag,cashtag or all (default url,email,phone,mention,hashtag)")

    static let options: [any OptionDeclaration] =
        [
            kinds, LayoutOptions.runs, LayoutOptions.html, LayoutOptions.pangoMarkup, LayoutOptions.tabStops,
            LayoutOptions.tabInterval, LayoutOptions.lineHeight,
        ] + BatchSettings.options

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        try TextSource.checkKindFlags(arguments)
        let detector = LinkDetector(kinds: arguments.value(of: kinds) ?? .standard)
        let markupOptions = try markupOptions(arguments, over: MarkupOptions())
        if let batch = try BatchSettings(arguments) {
            let textLanguage = TextSource.markupLanguage(of: arguments)
            return try runBatch(batch) { (record) throws(UsageError) in
                let source = try TextSource(record, textLanguage: textLanguage)
                return try links(in: source, detector, try Self.markupOptions(record, over: markupOptions))
            }
        }
        return printResult(try links(in: TextSource(arguments), detector, markupOptions))
    }

    /// The links in `source`: those `detector` finds in its characters, and in markup also the markup's own links
    /// (`<a href>`), listed with kind `explicit`.
    static func links(in source: TextSource, _ detector: LinkDetector, _ options: MarkupOptions) throws(UsageError)
        -> JSONValue
    {
        switch source {
        case .text(let text): links(detector.links(in: text))
        case .runs(let runs): links(detector.links(in: String(runs.characters)))
        case .markup(let language, let text, let origin):
            links(detector.detectLinks(in: try language.read(text, options: options, origin: origin)).links)
        }
    }

    /// `base` with the tab stops, tab interval and line height `values` give set on the paragraph markup starts from
    /// (LabelKit's default style otherwise: no link's offsets depend on it).
    static func markupOptions(_ values: some OptionValueSource, over base: MarkupOptions) throws(UsageError)
        -> MarkupOptions
    {
        var options = base
        if let stops = try values.value(of: LayoutOptions.tabStops) { options.paragraphStyle.tabStops = stops }
        if let interval = try values.value(of: LayoutOptions.tabInterval) {
            options.paragraphStyle.defaultTabInterval = interval
        }
        if let height = try values.value(of: LayoutOptions.lineHeight) { options.paragraphStyle.lineHeight = height }
        return options
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
