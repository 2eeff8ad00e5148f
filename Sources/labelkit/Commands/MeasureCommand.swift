import LabelKit

/// `labelkit measure`: the size a label needs, as JSON.
enum MeasureCommand: Command {
    static let name = "measure"
    static let summary = "print the size, line count and truncation of a text as JSON"
    static let help = """
        USAGE: labelkit measure [OPTIONS] TEXT
               labelkit measure [OPTIONS] --batch FILE

        Prints {"width":W,"height":H,"lines":N,"truncated":B}: the label's size rounded up to whole pixels.
        With --batch, FILE (or - for stdin) holds JSON Lines, each an object with "text" and optional "width",
        "lines", "font", "size" and "height"; one result object is printed per line, in order.

        OPTIONS:
        \(LayoutOptions.help)
          --batch FILE            measure every record of a JSON Lines file
          --help                  show this help
        """
    static let options = OptionSpecification(valued: LayoutOptions.valued.union(["batch"]), flags: LayoutOptions.flags)

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        let options = try LayoutOptions(arguments)
        if let batch = arguments.string("batch") {
            guard arguments.positionals.isEmpty else {
                throw UsageError(message: "give either TEXT or --batch, not both")
            }
            return try runBatch(path: batch) { (record, line) throws(UsageError) in
                let text = try BatchReader.text(of: record, line: line)
                let layout = try options.applying(record: record, line: line).layout(text, prefix: "line \(line): ")
                return measurement(layout)
            }
        }
        let layout = try options.layout(try arguments.text())
        var output = StandardOutput()
        output.writeLine(measurement(layout).text)
        output.flush()
        return 0
    }

    static func measurement(_ layout: TextLayout) -> JSONValue {
        .object([
            ("width", .number(layout.size.width)), ("height", .number(layout.size.height)),
            ("lines", .number(Double(layout.lines.count))), ("truncated", .bool(layout.isTruncated)),
        ])
    }
}
