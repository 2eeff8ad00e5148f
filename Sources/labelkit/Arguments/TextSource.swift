import Foundation
import LabelKit

/// What a command lays out: TEXT as given (plain, or markup with `--markup`), HTML or Pango markup (`--html`,
/// `--pango-markup`, a batch record's `"html"` or `"pangoMarkup"`), or styled runs (`--runs` TEXT, or a batch
/// record's `"runs"`).
enum TextSource {
    /// A string, read as markup when the options ask for it (`--markup`).
    case text(String)
    /// Runs already turned into an attributed string.
    case runs(AttributedString)
    /// HTML or Pango markup, read once the options give the style it starts from; `origin` names where it came from
    /// in messages.
    case markup(MarkupLanguage, String, origin: MarkupOrigin)

    /// The flags that say what TEXT is, of which at most one may be given.
    static let kindFlags = [LayoutOptions.markup, LayoutOptions.html, LayoutOptions.pangoMarkup, LayoutOptions.runs]
    /// The members of a batch record that hold its text, of which it gives one.
    static let recordKeys = ["text", "runs", "html", "pangoMarkup"]

    /// The command line's TEXT: runs with `--runs`, HTML with `--html`, Pango markup with `--pango-markup`, else the
    /// string.
    init(_ arguments: CommandLineArguments) throws(UsageError) {
        let text = try arguments.text()
        if Self.isSet(LayoutOptions.runs, in: arguments) {
            self = .runs(try RunsJSON.parse(text: text))
        } else if let language = Self.markupLanguage(of: arguments) {
            self = .markup(language, text, origin: .commandLine(option: language.option.name))
        } else {
            self = .text(text)
        }
    }

    /// A batch record's `"text"` string, `"runs"` array, `"html"` or `"pangoMarkup"` string (one of them). Its
    /// `"text"` is read as `textLanguage` when the command line asks for markup (`--html`, `--pango-markup`); the
    /// other keys say what they hold whatever the command line's flags.
    init(_ record: BatchRecord, textLanguage: MarkupLanguage?) throws(UsageError) {
        let given = Self.recordKeys.filter { record.members[$0] != nil }
        guard given.count <= 1 else {
            throw UsageError(message: "line \(record.line): " + Self.exclusionMessage(given.map { "\"\($0)\"" }))
        }
        switch given.first {
        case "runs":
            guard case .array(let runs)? = record.members["runs"] else {
                throw UsageError(message: "line \(record.line): \"runs\" must be an array of runs")
            }
            do {
                self = .runs(try RunsJSON.attributedString(runs))
            } catch {
                throw UsageError(message: "line \(record.line): \(error.message)")
            }
        case let key? where key != "text":
            let language: MarkupLanguage = key == "html" ? .html : .pango
            guard case .string(let text)? = record.members[key] else {
                throw UsageError(message: "line \(record.line): \"\(key)\" must be a string")
            }
            self = .markup(language, text, origin: .record(line: record.line, key: key))
        default:
            let text = try record.text()
            if let textLanguage {
                self = .markup(textLanguage, text, origin: .record(line: record.line, key: "text"))
            } else {
                self = .text(text)
            }
        }
    }

    /// Checks that `arguments` give at most one of `--markup`, `--html`, `--pango-markup` and `--runs` (of those
    /// the command accepts): `give either --markup or --html, not both`.
    static func checkKindFlags(_ arguments: CommandLineArguments) throws(UsageError) {
        let given = kindFlags.filter { isSet($0, in: arguments) }
        guard given.count <= 1 else { throw UsageError(message: exclusionMessage(given.map { "--" + $0.name })) }
    }

    /// The markup language the flags of `arguments` give TEXT (`--html`, `--pango-markup`), nil for none.
    static func markupLanguage(of arguments: CommandLineArguments) -> MarkupLanguage? {
        MarkupLanguage.allCases.first { isSet($0.option, in: arguments) }
    }

    /// Whether `flag` is one the command accepts and was given.
    private static func isSet(_ flag: Option<Bool>, in arguments: CommandLineArguments) -> Bool {
        arguments.options.contains { $0.name == flag.name } && arguments.isSet(flag)
    }

    /// `give either A or B, not both`, or for more, `give only one of A, B and C`.
    static func exclusionMessage(_ names: [String]) -> String {
        guard names.count > 2, let last = names.last else {
            return "give either \(names.first ?? "") or \(names.last ?? ""), not both"
        }
        return "give only one of \(names.dropLast().joined(separator: ", ")) and \(last)"
    }
}
