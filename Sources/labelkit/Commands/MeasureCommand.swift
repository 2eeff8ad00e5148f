import LabelKit
import LabelKitJSON

/// `labelkit measure`: the size a label needs, as JSON.
enum MeasureCommand: Command {
    static let name = "measure"
    static let summary = "print the size, line count and truncation of a text as JSON"
    static let discussion = """
        USAGE: labelkit measure [OPTIONS] TEXT
               labelkit measure [OPTIONS] --batch FILE [--jobs N]

        Prints {"width":W,"height":H,"lines":N,"truncated":B}: the label's size rounded up to whole pixels, and
        "scale":S, the scale the text was shrunk to, when --min-scale (or "minScale") is given. With --line-details,
        also "lineDetails":[{"start":S,"length":L,"width":W,"hyphenated":B},…]: each line's UTF-16 range, the width
        of its content as drawn (its hyphen in, trailing white space out) and whether it ends in a hyphen.
        With --batch, FILE (or - for stdin) holds JSON Lines, one label per line (see BATCH RECORDS); one result
        object is printed per line, in order.
        """
    static let lineDetails = Option(
        "line-details", .flag, help: "add \"lineDetails\": each line's start, length, width and hyphen")
    static let options = LayoutOptions.options + [lineDetails] + BatchSettings.options

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        let options = try LayoutOptions(arguments)
        let showsLines = arguments.value(of: Self.lineDetails) ?? false
        let textLanguage = TextSource.markupLanguage(of: arguments)
        if let batch = try BatchSettings(arguments) {
            return try runBatch(batch) { (record) throws(UsageError) in
                try result(
                    of: TextSource(record, textLanguage: textLanguage), options.applying(record), showsLines,
                    "line \(record.line): ")
            }
        }
        let text = try TextSource(arguments)
        // The arguments are all read: fontconfig loads on another thread while the text is analysed.
        SystemFontSystem.shared.startLoading()
        return printResult(try result(of: text, options, showsLines, ""))
    }

    /// The result for one text: measured, or with `showsLines` laid out, so that its lines can be described.
    private static func result(
        of text: TextSource, _ options: LayoutOptions, _ showsLines: Bool, _ prefix: String
    ) throws(UsageError) -> JSONValue {
        let showsScale = options.minimumScale != nil
        guard showsLines else { return measurement(try options.measure(text, prefix: prefix), showsScale: showsScale) }
        let layout = try options.layout(text, prefix: prefix)
        guard case .object(var members) = measurement(TextMeasurement(layout), showsScale: showsScale) else {
            return measurement(TextMeasurement(layout), showsScale: showsScale)
        }
        let lines = layout.lines.map { line -> JSONValue in
            .object([
                ("start", .number(Double(line.textRange.lowerBound))),
                ("length", .number(Double(line.textRange.count))), ("width", .number(line.rect.width)),
                ("hyphenated", .bool(line.isHyphenated)),
            ])
        }
        members.append(("lineDetails", .array(lines)))
        return .object(members)
    }

    /// The result object; with `showsScale` (`--min-scale` or `"minScale"` given), the scale the text was laid out at.
    static func measurement(_ measurement: TextMeasurement, showsScale: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("width", .number(measurement.size.width)), ("height", .number(measurement.size.height)),
            ("lines", .number(Double(measurement.lineCount))), ("truncated", .bool(measurement.isTruncated)),
        ]
        if showsScale { members.append(("scale", .number(measurement.scaleFactor))) }
        return .object(members)
    }
}
