/// The parts of `--help` written from option declarations: the OPTIONS list and the keys a batch record may hold.
enum OptionsHelp {
    /// Where each option's help starts: after two spaces and a column for `--name PLACEHOLDER`.
    static let helpColumn = 26
    /// The longest line the list writes.
    static let lineWidth = 115

    /// One entry per option, in the order given: `  --width PX              wrap at this width (default: no limit)`,
    /// the help wrapped at ``lineWidth`` under its own column.
    static func list(_ options: [any OptionDeclaration]) -> String {
        options.map(entry).joined(separator: "\n")
    }

    private static func entry(_ option: any OptionDeclaration) -> String {
        let name = "  --" + option.name + (option.placeholder.map { " " + $0 } ?? "")
        let indent = String(repeating: " ", count: helpColumn)
        var lines = wrap(option.help, width: lineWidth - helpColumn).map { indent + $0 }
        if name.count < helpColumn, let first = lines.first {
            lines[0] = padded(name, to: helpColumn) + first.dropFirst(helpColumn)
        } else {
            lines.insert(name, at: 0)
        }
        return lines.joined(separator: "\n")
    }

    /// `text` and spaces up to `width` characters. Not Foundation's `padding(toLength:withPad:startingAt:)`, which
    /// bridges through `NSString`: a tenth of `labelkit measure --help`'s instructions.
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// `text`'s words in lines of at most `width` characters (a longer word has a line of its own).
    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return lines
    }

    /// The BATCH RECORDS part of the help of a command that takes `--batch`: the keys a record may hold, from the
    /// declarations of the options they set (with the option's name where it is not the key's); nil for a command
    /// without `--batch`.
    static func batchRecords(_ options: [any OptionDeclaration]) -> String? {
        guard options.contains(where: { $0.name == BatchSettings.batch.name }) else { return nil }
        let keys = options.compactMap { option -> String? in
            guard let key = option.batchKey else { return nil }
            let form = option.batchForm.map { ":" + $0 } ?? ""
            return "\"\(key)\"\(form)" + (key == option.name ? "" : " (--\(option.name))")
        }
        var text =
            "Each line of the --batch input is a JSON object with \"text\" (read as --markup, --html or "
            + "--pango-markup say), or \"runs\" (an array of runs as --runs reads TEXT), \"html\" or \"pangoMarkup\" "
            + "(markup of that kind, whatever the flags), one of the four"
        if let last = keys.last {
            let list = keys.count == 1 ? last : keys.dropLast().joined(separator: ", ") + " and " + last
            text += " and any of \(list), each setting the option of its name for that line alone"
        }
        text += "; other keys are ignored."
        return wrap(text, width: lineWidth - 2).map { "  " + $0 }.joined(separator: "\n")
    }
}
