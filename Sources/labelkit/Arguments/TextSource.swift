import Foundation
import LabelKit

/// What a command lays out: TEXT as given (plain, or markup with `--markup`), or styled runs (`--runs` TEXT, or a
/// batch record's `"runs"`).
enum TextSource {
    /// A string, read as markup when the options ask for it.
    case text(String)
    /// Runs already turned into an attributed string.
    case runs(AttributedString)

    /// The command line's TEXT: runs with `--runs`, else the string.
    init(_ arguments: CommandLineArguments) throws(UsageError) {
        let text = try arguments.text()
        self = arguments.isSet(LayoutOptions.runs) ? .runs(try RunsJSON.parse(text: text)) : .text(text)
    }

    /// A batch record's `"runs"` array or its `"text"` string (one of them).
    init(_ record: BatchRecord) throws(UsageError) {
        switch (record.members["runs"], record.members["text"]) {
        case (.array(let runs)?, nil):
            do {
                self = .runs(try RunsJSON.attributedString(runs))
            } catch {
                throw UsageError(message: "line \(record.line): \(error.message)")
            }
        case (_?, nil):
            throw UsageError(message: "line \(record.line): \"runs\" must be an array of runs")
        case (_?, _?):
            throw UsageError(message: "line \(record.line): give either \"text\" or \"runs\", not both")
        case (nil, _):
            self = .text(try record.text())
        }
    }

    /// The characters that are laid out (an attachment is its U+FFFC): what UTF-16 offsets count.
    var plainText: String {
        switch self {
        case .text(let text): text
        case .runs(let runs): String(runs.characters)
        }
    }
}
