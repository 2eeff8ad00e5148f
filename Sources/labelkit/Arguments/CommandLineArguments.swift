/// A usage or input error: printed on stderr, exit code 2.
struct UsageError: Error {
    var message: String
}

/// The declared options of a command: which take a value and which are flags.
struct OptionSpecification {
    var valued: Set<String>
    var flags: Set<String>
}

/// Arguments split into options, flags and positionals, checked against a specification.
struct CommandLineArguments {
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    init(_ arguments: [String], specification: OptionSpecification) throws(UsageError) {
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
            if specification.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "option --\(name) takes no value") }
                flags.insert(name)
            } else if specification.valued.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError(message: "option --\(name) needs a value") }
                    values[name] = arguments[index]
                    index += 1
                }
            } else {
                throw UsageError(message: "unknown option --\(name)")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func string(_ name: String) -> String? { values[name] }

    func double(_ name: String, minimum: Double = -.infinity) throws(UsageError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = Double(text), value.isFinite, value >= minimum else {
            throw UsageError(
                message:
                    "--\(name) needs a number\(minimum > -.infinity ? " ≥ \(Self.format(minimum))" : ""), not '\(text)'"
            )
        }
        return value
    }

    func integer(_ name: String, minimum: Int = .min) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), value >= minimum else {
            throw UsageError(message: "--\(name) needs a whole number ≥ \(minimum), not '\(text)'")
        }
        return value
    }

    func choice<T: RawRepresentable>(_ name: String, of type: T.Type) throws(UsageError) -> T?
    where T.RawValue == String, T: CaseIterable {
        guard let text = values[name] else { return nil }
        guard let value = T(rawValue: text) else {
            let choices = T.allCases.map(\.rawValue).joined(separator: "|")
            throw UsageError(message: "--\(name) must be one of \(choices), not '\(text)'")
        }
        return value
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

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
