import Foundation
import LabelKit
import LabelKitJSON

/// `labelkit rects`: the rectangles a range of text covers, one per line fragment.
enum RectsCommand: Command {
    static let name = "rects"
    static let summary = "print the rectangles of a UTF-16 range as JSON"
    static let discussion = """
        USAGE: labelkit rects [OPTIONS] --range START,LENGTH TEXT
               labelkit rects [OPTIONS] --batch FILE [--jobs N]

        Prints {"rects":[[x,y,w,h],…]}: one rectangle per line fragment of the range (several on a line where
        right-to-left text splits it), in the label's coordinates. START and LENGTH count UTF-16 code units of the text
        as laid out (after --markup, --html or --pango-markup is read; an attachment is one). With --batch, FILE (or - for stdin) holds JSON
        Lines, one label per line with its "range" (see BATCH RECORDS); one {"rects":[…]} is printed per line.
        With --ruby, prints the rectangles of the ruby annotations whose bases intersect the range instead, one per
        annotation (or part of a mono ruby), in text order.
        With --checkbox, TEXT is a checkbox's title (as in 'labelkit interact --checkbox') and the rects are in the
        control's coordinates, followed by the box: {"rects":[…],"box":[x,y,w,h]}.
        """

    static let range = Option(
        "range", .utf16Range, batchKey: "range", help: "the UTF-16 range (in a batch record, required: [start,length])")
    static let ruby = Option(
        "ruby", .flag, help: "print the rects of the ruby annotations whose bases intersect the range")
    static let checkbox = Option(
        "checkbox", .flag, help: "TEXT is a checkbox's title; report control coordinates and the box")

    static let options: [any OptionDeclaration] =
        LayoutOptions.options + [range, ruby] + BatchSettings.options + [checkbox]

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        let options = try LayoutOptions(arguments)
        let isCheckbox = arguments.isSet(checkbox)
        let annotations = arguments.isSet(ruby)
        let textLanguage = TextSource.markupLanguage(of: arguments)
        if let batch = try BatchSettings(arguments) {
            return try runBatch(batch) { (record) throws(UsageError) in
                let text = try TextSource(record, textLanguage: textLanguage)
                let range = try record.requiredValue(of: range)
                let recordOptions = try options.applying(record)
                if isCheckbox { return try checkboxRects(recordOptions, text: text, range) }
                return rects(
                    try recordOptions.layout(text, prefix: "line \(record.line): "), range, ruby: annotations)
            }
        }
        guard let range = arguments.value(of: range) else {
            throw UsageError(message: "missing --range START,LENGTH")
        }
        let text = try TextSource(arguments)
        if isCheckbox { return printResult(try checkboxRects(options, text: text, range)) }
        return printResult(rects(try options.layout(text), range, ruby: annotations))
    }

    static func rects(_ layout: TextLayout, _ range: Range<Int>, ruby: Bool = false) -> JSONValue {
        let rects = ruby ? layout.rubyRects(for: range) : layout.rects(for: range)
        return .object([("rects", .array(rects.map { JSONValue.rect($0.rect) }))])
    }

    static func checkboxRects(_ options: LayoutOptions, text: TextSource, _ range: Range<Int>) throws(UsageError)
        -> JSONValue
    {
        let layout = try options.checkboxLayout(CheckboxWithLink(title: try options.attributedText(text)))
        return .object([
            ("rects", .array(layout.title.rects(for: range).map { JSONValue.rect(layout.controlRect($0.rect)) })),
            ("box", .rect(layout.boxFrame)),
        ])
    }
}
