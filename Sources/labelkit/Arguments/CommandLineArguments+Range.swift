extension CommandLineArguments {
    /// The UTF-16 range given as `--NAME START,LENGTH`, or nil when the option is absent.
    func utf16Range(_ name: String) throws(UsageError) -> Range<Int>? {
        guard let text = string(name) else { return nil }
        let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let start = parts[0], let length = parts[1], start >= 0, length >= 0,
            start <= Int.max - length
        else {
            throw UsageError(message: "--\(name) needs START,LENGTH with whole numbers ≥ 0, not '\(text)'")
        }
        return start..<(start + length)
    }
}
