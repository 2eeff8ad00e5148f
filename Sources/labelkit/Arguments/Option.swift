import LabelKitJSON

/// What the parser, `--help` and the batch reader need of an option, whatever the type of its value.
protocol OptionDeclaration: Sendable {
    /// The name after `--`.
    var name: String { get }
    /// What the option does, for `--help`.
    var help: String { get }
    /// What `--help` writes after the name (`PX`); nil for a flag, which takes no value.
    var placeholder: String? { get }
    /// The key of a batch record that sets the option for that record, if a record may.
    var batchKey: String? { get }
    /// How a record writes the value when it is more than a number or a string (`[before,after]`).
    var batchForm: String? { get }
    /// The value the command line's `text` stands for.
    func parsedValue(_ text: String) throws(UsageError) -> any Sendable
}

/// One command-line option, declared once: its name, the kind of its value, its help, and the batch key that sets
/// it in a record. Parsing (``CommandLineArguments``), `--help` (``OptionsHelp``) and batch records
/// (``BatchRecord``) all read this declaration, and a command lists the declarations it accepts.
///
/// ```swift
/// static let headIndent = Option(
///     "head-indent", .number(minimum: 0), batchKey: "headIndent",
///     help: "indent the other lines from the leading edge (default 0)")
///
/// let indent = arguments.value(of: LayoutOptions.headIndent)   // Double?
/// ```
struct Option<Value: Sendable>: OptionDeclaration {
    let name: String
    let value: OptionValue<Value>
    let batchKey: String?
    let help: String

    /// Declares `--name`; with a `batchKey`, a batch record's member of that name sets it too.
    init(_ name: String, _ value: OptionValue<Value>, batchKey: String? = nil, help: String) {
        precondition(batchKey == nil || value.decode != nil, "--\(name): no batch record can hold its value")
        self.name = name
        self.value = value
        self.batchKey = batchKey
        self.help = help
    }

    var placeholder: String? { value.placeholder }
    var batchForm: String? { value.batchForm }

    func parsedValue(_ text: String) throws(UsageError) -> any Sendable {
        do throws(OptionValueError) {
            return try value.parse(text)
        } catch {
            throw UsageError(option: name, text: text, problem: error)
        }
    }

    /// The value a batch record's member stands for (nil for null), from the record on line `line`.
    func batchValue(_ member: JSONValue, line: Int) throws(UsageError) -> Value? {
        guard let key = batchKey, let decode = value.decode else { return nil }
        do throws(OptionValueError) {
            return try decode(member)
        } catch {
            throw UsageError(line: line, key: key, problem: error)
        }
    }
}
