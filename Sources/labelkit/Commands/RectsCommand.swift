import Foundation
import LabelKit

/// `labelkit rects`: the rectangles a range of text covers, one per line fragment.
enum RectsCommand: Command {
    static let name = "rects"
    static let summary = "print the rectangles of a UTF-16 range as JSON"
    static let help = """
        USAGE: labelkit rects [OPTIONS] --range START,LENGTH TEXT
               labelkit rects [OPTIONS] --batch FILE

        Prints {"rects":[[x,y,w,h],…]}: one rectangle per line fragment of the range (several on a line where
        right-to-left text splits it), in the label's coordinates. START and LENGTH count UTF-16 code units of the text
        as laid out (after --markup is applied). With --batch, FILE (or - for stdin) holds JSON Lines with "text",
        "range":[start,length] and optional layout keys; one {"rects":[…]} is printed per line.
        With --checkbox, TEXT is a checkbox's title (as in 'labelkit interact --checkbox') and the rects are in the
        control's coordinates, followed by the box: {"rects":[…],"box":[x,y,w,h]}.

        OPTIONS:
        \(LayoutOptions.help)
          --range START,LENGTH    the UTF-16 range
          --batch FILE            answer every record of a JSON Lines file
          --checkbox              TEXT is a checkbox's title; report control coordinates and the box
          --help                  show this help
        """
    static let options = OptionSpecification(
        valued: LayoutOptions.valued.union(["range", "batch"]), flags: LayoutOptions.flags.union(["checkbox"]))

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        let options = try LayoutOptions(arguments)
        if let batch = arguments.string("batch") {
            guard arguments.positionals.isEmpty else {
                throw UsageError(message: "give either TEXT or --batch, not both")
            }
            return try runBatch(path: batch) { (record, line) throws(UsageError) in
                let text = try BatchReader.text(of: record, line: line)
                guard let pair = record["range"] as? [Any], pair.count == 2,
                    let start = jsonNumber(pair[0]).flatMap(Int.init(exactly:)),
                    let length = jsonNumber(pair[1]).flatMap(Int.init(exactly:)), start >= 0, length >= 0
                else {
                    throw UsageError(message: "line \(line): missing \"range\":[start,length] with whole numbers ≥ 0")
                }
                let recordOptions = try options.applying(record: record, line: line)
                if arguments.has("checkbox") {
                    return try checkboxRects(recordOptions, text: text, start..<(start + length))
                }
                let layout = try recordOptions.layout(text, prefix: "line \(line): ")
                return rects(layout, start..<(start + length))
            }
        }
        guard let rangeText = arguments.string("range") else {
            throw UsageError(message: "missing --range START,LENGTH")
        }
        let parts = rangeText.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let start = parts[0], let length = parts[1], start >= 0, length >= 0 else {
            throw UsageError(message: "--range needs START,LENGTH with whole numbers ≥ 0, not '\(rangeText)'")
        }
        let text = try arguments.text()
        var output = StandardOutput()
        if arguments.has("checkbox") {
            output.writeLine(try checkboxRects(options, text: text, start..<(start + length)).text)
        } else {
            output.writeLine(rects(try options.layout(text), start..<(start + length)).text)
        }
        output.flush()
        return 0
    }

    static func rects(_ layout: TextLayout, _ range: Range<Int>) -> JSONValue {
        .object([("rects", .array(layout.rects(for: range).map { JSONValue(rect: $0.rect) }))])
    }

    static func checkboxRects(_ options: LayoutOptions, text: String, _ range: Range<Int>) throws(UsageError)
        -> JSONValue
    {
        let layout = try options.checkboxLayout(CheckboxWithLink(title: options.attributedText(text)))
        return .object([
            ("rects", .array(layout.title.rects(for: range).map { JSONValue(rect: layout.controlRect($0.rect)) })),
            ("box", JSONValue(rect: layout.boxFrame)),
        ])
    }
}
