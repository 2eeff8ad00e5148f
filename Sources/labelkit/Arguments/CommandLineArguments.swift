/// A command's arguments: each option's value, parsed as its declaration says, and the positionals (TEXT).
///
/// `--name value`, `--name=value` and flags `--name`; `--` ends the options and `-` is a positional. An option the
/// command does not declare is an error that names the nearest declared one, when one is near.
struct CommandLineArguments: OptionValueSource {
    /// The options the command accepts.
    let options: [any OptionDeclaration]
    /// The parsed value of each option given, by name; the last one wins when an option is repeated.
    private var values: [String: any Sendable] = [:]
    private(set) var positionals: [String] = []

    init(_ arguments: [String], options: [any OptionDeclaration]) throws(UsageError) {
        self.options = options
        var byName: [String: any OptionDeclaration] = [:]
        for option in options {
            assert(byName[option.name] == nil, "--\(option.name) is declared twice")
            byName[option.name] = option
        }
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String? = nil
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = byName[name] else {
                throw UsageError(message: Self.unknownOptionMessage(name, among: options.map(\.name)))
            }
            guard option.placeholder != nil else {
                guard inlineValue == nil else { throw UsageError(message: "option --\(name) takes no value") }
                values[name] = true
                continue
            }
            let text: String
            if let inlineValue {
                text = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError(message: "option --\(name) needs a value") }
                text = arguments[index]
                index += 1
            }
            values[name] = try option.parsedValue(text)
        }
    }

    /// The value given for `option`, nil when it was not given.
    func value<Value>(of option: Option<Value>) -> Value? {
        assert(options.contains { $0.name == option.name }, "--\(option.name) is not declared by this command")
        return values[option.name] as? Value
    }

    /// Whether the flag was given.
    func isSet(_ flag: Option<Bool>) -> Bool {
        value(of: flag) ?? false
    }

    /// The single TEXT argument.
    func text() throws(UsageError) -> String {
        guard positionals.count == 1, let text = positionals.first else {
            throw UsageError(
                message: positionals.isEmpty
                    ? "missing TEXT" : "expected one TEXT, got \(positionals.count) arguments (quote the text)")
        }
        return text
    }
}
