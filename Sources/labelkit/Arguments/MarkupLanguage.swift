import Foundation
import LabelKit
import LabelKitJSON

/// The markup languages TEXT may be written in besides `--markup`'s: HTML (`--html`) and Pango markup
/// (`--pango-markup`), read by ``LabelKitText/LabelMarkup``'s readers.
enum MarkupLanguage: CaseIterable, Sendable {
    case html
    case pango

    /// The flag that says TEXT is in this language.
    var option: Option<Bool> {
        switch self {
        case .html: LayoutOptions.html
        case .pango: LayoutOptions.pangoMarkup
        }
    }

    /// Reads `text`: its attributed string, with each warning the reader gives printed on standard error
    /// (`labelkit: warning: line L, column C: …`, after the record's line and key in a batch). Markup that cannot be
    /// read is a usage error that names where it came from and the place in the markup: `--html: line 1, column 9:
    /// …`, or in a batch `line 3: "html": line 1, column 9: …`.
    func read(_ text: String, options: MarkupOptions, origin: MarkupOrigin) throws(UsageError) -> AttributedString {
        let result: MarkupResult
        do throws(MarkupError) {
            switch self {
            case .html: result = try LabelMarkup.html(text, options: options)
            case .pango: result = try LabelMarkup.pango(text, options: options)
            }
        } catch {
            throw UsageError(message: origin.naming(error.description))
        }
        for warning in result.warnings {
            printError("labelkit: warning: " + origin.warningPrefix + warning.description)
        }
        return result.text
    }
}

/// Where markup came from, for its messages: the command line's TEXT or a batch record's member.
enum MarkupOrigin: Sendable {
    /// TEXT, read as the option of this name says (`html`).
    case commandLine(option: String)
    /// The member `key` of the record on line `line`.
    case record(line: Int, key: String)

    /// `detail` after the option's name or the record's line and key: `--html: detail`, `line 3: "html": detail`.
    func naming(_ detail: String) -> String {
        switch self {
        case .commandLine(let option): "--\(option): \(detail)"
        case .record(let line, let key): "line \(line): \"\(key)\": \(detail)"
        }
    }

    /// What goes before a warning's place: nothing for TEXT, the record's line and key in a batch.
    var warningPrefix: String {
        switch self {
        case .commandLine: ""
        case .record(let line, let key): "line \(line): \"\(key)\": "
        }
    }
}
