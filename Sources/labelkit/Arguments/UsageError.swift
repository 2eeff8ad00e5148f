/// A usage or input error: printed on stderr, exit code 2.
struct UsageError: Error {
    var message: String
}

extension UsageError {
    /// The error of a command-line option whose text was refused: `--width needs a number ≥ 0, not 'abc'`.
    init(option name: String, text: String, problem: OptionValueError) {
        switch problem {
        case .needs(let requirement): message = "--\(name) needs \(requirement), not '\(text)'"
        case .mustBe(let requirement, let suggestion):
            message = "--\(name) must be \(requirement), not '\(text)'"
            if let suggestion { message += "; did you mean \(suggestion)?" }
        case .phrase(let phrase): message = "--\(name) \(phrase)"
        case .detail(let detail): message = "--\(name): \(detail)"
        }
    }

    /// The error of a batch record's member that was refused: `line 3: "width" must be a number ≥ 0`.
    init(line: Int, key: String, problem: OptionValueError) {
        switch problem {
        case .needs(let requirement), .mustBe(let requirement, suggestion: nil):
            message = "line \(line): \"\(key)\" must be \(requirement)"
        case .mustBe(let requirement, let suggestion?):
            message = "line \(line): \"\(key)\" must be \(requirement); did you mean \"\(suggestion)\"?"
        case .phrase(let phrase): message = "line \(line): \"\(key)\" \(phrase)"
        case .detail(let detail): message = "line \(line): \"\(key)\": \(detail)"
        }
    }
}
