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
        "scale":S, the scale the text was shrunk to, when --min-scale (or "minScale") is given.
        With --batch, FILE (or - for stdin) holds JSON Lines, one label per line (see BATCH RECORDS); one result
        object is printed per line, in order.
        """
    static let options = LayoutOptions.options + BatchSettings.options

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        let options = try LayoutOptions(arguments)
        if let batch = try BatchSettings(arguments) {
            return try runBatch(batch) { (record) throws(UsageError) in
                let text = try TextSource(record)
                let recordOptions = try options.applying(record)
                return measurement(
                    try recordOptions.measure(text, prefix: "line \(record.line): "),
                    showsScale: recordOptions.minimumScale != nil)
            }
        }
        return printResult(
            measurement(try options.measure(try TextSource(arguments)), showsScale: options.minimumScale != nil))
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
