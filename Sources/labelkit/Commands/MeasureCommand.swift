import LabelKit
import LabelKitJSON

/// `labelkit measure`: the size a label needs, as JSON.
enum MeasureCommand: Command {
    static let name = "measure"
    static let summary = "print the size, line count and truncation of a text as JSON"
    static let discussion = """
        USAGE: labelkit measure [OPTIONS] TEXT
               labelkit measure [OPTIONS] --batch FILE [--jobs N]

        Prints {"width":W,"height":H,"lines":N,"truncated":B}: the label's size rounded up to whole pixels.
        With --batch, FILE (or - for stdin) holds JSON Lines, one label per line (see BATCH RECORDS); one result
        object is printed per line, in order.
        """
    static let options = LayoutOptions.options + BatchSettings.options

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        let options = try LayoutOptions(arguments)
        if let batch = try BatchSettings(arguments) {
            return try runBatch(batch) { (record) throws(UsageError) in
                let text = try TextSource(record)
                return measurement(try options.applying(record).measure(text, prefix: "line \(record.line): "))
            }
        }
        return printResult(measurement(try options.measure(try TextSource(arguments))))
    }

    static func measurement(_ measurement: TextMeasurement) -> JSONValue {
        .object([
            ("width", .number(measurement.size.width)), ("height", .number(measurement.size.height)),
            ("lines", .number(Double(measurement.lineCount))), ("truncated", .bool(measurement.isTruncated)),
        ])
    }
}
