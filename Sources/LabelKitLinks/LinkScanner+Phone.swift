extension LinkScanner {
    /// Finds phone numbers: `+` and digits, or national numbers with separators (`03-1234-5678`,
    /// `(555) 123-4567`), optionally `tel:` or `sms:`; 7 to 15 digits; not dates, versions or IP addresses.
    func scanPhones(into matches: inout [RawLinkMatch]) {
        var index = 0
        while index < count {
            let c = scalars[index]
            if ScalarClass.isASCIIDigit(c) || c == 0x2B || c == 0x28 {
                switch phone(at: index) {
                case .found(let match):
                    matches.append(match)
                    index = match.range.upperBound
                    continue
                case .skip(let end):
                    index = max(end, index + 1)
                    continue
                case .none:
                    break
                }
            }
            index += 1
        }
    }

    private enum PhoneAttempt {
        case found(RawLinkMatch)
        /// Not a phone, and no phone starts before `end` (a run of too many digits).
        case skip(Int)
        case none
    }

    private func precedingAllowsPhone(_ previous: UInt32?) -> Bool {
        guard let previous else { return true }
        if ScalarClass.isASCIIAlphanumeric(previous) || ScalarClass.isLatinAccent(previous)
            || ScalarClass.isDecimalDigit(previous)
        {
            return false
        }
        switch previous {
        case 0x2E, 0x2C, 0x2F, 0x5F, 0x23, 0x40, 0x24, 0x20AC, 0xA3, 0xA5, 0x25, 0x26, 0x2D, 0x2B, 0x3A, 0x3D, 0x2A,
            0x5E, 0x5C, 0xFF03, 0xFF20:
            return false
        default:
            return true
        }
    }

    private func phone(at start: Int) -> PhoneAttempt {
        // "tel:" or "sms:" written before the number: the link's scheme.
        let isSMS = matchesASCII("sms:", at: start - 4)
        let hasTelPrefix = isSMS || matchesASCII("tel:", at: start - 4)
        guard hasTelPrefix || precedingAllowsPhone(scalar(at: start - 1)) else { return .none }

        var position = start
        let hasPlus = scalars[start] == 0x2B
        if hasPlus { position += 1 }
        guard position < count, ScalarClass.isASCIIDigit(scalars[position]) || scalars[position] == 0x28 else {
            return .none
        }
        if scalars[position] == 0x28, !(scalar(at: position + 1).map(ScalarClass.isASCIIDigit) ?? false) {
            return .none
        }

        var digits = 0
        var groups = DigitGroups()
        var currentGroup = 0
        var lastDigitEnd = position
        var parenthesisOpen = false
        var previousWasSeparator = true   // the start acts like one: "(" may open
        while position < count {
            let c = scalars[position]
            if ScalarClass.isASCIIDigit(c) {
                digits += 1
                currentGroup += 1
                position += 1
                lastDigitEnd = position
                previousWasSeparator = false
                if digits > 15 { return .skip(endOfNumberRun(from: position)) }
                continue
            }
            let isSeparator = c == 0x20 || c == 0xA0 || c == 0x2D || c == 0x2E || c == 0x2F || c == 0x28 || c == 0x29
            guard isSeparator else { break }
            if c == 0x28 {
                guard !parenthesisOpen, previousWasSeparator || position == start else { break }
                parenthesisOpen = true
            } else if c == 0x29 {
                guard parenthesisOpen, !previousWasSeparator else { break }
                parenthesisOpen = false
            } else if previousWasSeparator, !(scalar(at: position - 1) == 0x29 && c == 0x20), position != start {
                break
            }
            if currentGroup > 0 {
                groups.close(length: currentGroup, separator: c)
                currentGroup = 0
            }
            previousWasSeparator = true
            position += 1
        }
        if currentGroup > 0 { groups.close(length: currentGroup, separator: nil) }
        let end = lastDigitEnd
        guard digits >= 7, digits <= 15 else { return .none }
        // Parentheses must be balanced within the number.
        var depth = 0
        for index in start..<end {
            if scalars[index] == 0x28 { depth += 1 } else if scalars[index] == 0x29 { depth -= 1 }
        }
        guard depth == 0 else { return .none }
        guard hasPlus || hasTelPrefix || groups.count >= 2 else { return .none }
        // A leading "+" or a scheme says it is a number, whatever its groups look like.
        if !hasPlus, !hasTelPrefix, groups.looksLikeDate || groups.looksLikeVersionOrAddress { return .none }
        if let next = scalar(at: end) {
            if ScalarClass.isASCIILetter(next) || ScalarClass.isLatinAccent(next) || next == 0x3A || next == 0x25 {
                return .none
            }
            if next == 0x2E || next == 0x2C || next == 0x2D || next == 0x2F,
                let after = scalar(at: end + 1), ScalarClass.isASCIIDigit(after)
            {
                return .none
            }
        }

        var normalised = (isSMS ? "sms:" : "tel:") + (hasPlus ? "+" : "")
        for index in start..<end where ScalarClass.isASCIIDigit(scalars[index]) {
            normalised.unicodeScalars.append(Unicode.Scalar(UInt8(scalars[index])))
        }
        let matchStart = hasTelPrefix ? start - 4 : start
        return .found(RawLinkMatch(kind: .phone, range: matchStart..<end, payload: normalised))
    }

    private func endOfNumberRun(from position: Int) -> Int {
        var end = position
        while end < count {
            let c = scalars[end]
            guard
                ScalarClass.isASCIIDigit(c) || c == 0x20 || c == 0x2D || c == 0x2E || c == 0x28 || c == 0x29
                    || c == 0x2F
            else { break }
            end += 1
        }
        return end
    }

}

/// The digit groups of a phone candidate, kept without allocating: the first three lengths and separators.
private struct DigitGroups {
    var count = 0
    var lengths: (Int, Int, Int) = (0, 0, 0)
    var separators: (UInt32, UInt32) = (0, 0)
    /// Whether every separator between two groups is a dot.
    var onlyDotSeparators = true
    /// The separator after the last closed group, counted once another group follows.
    private var pendingSeparator: UInt32?

    mutating func close(length: Int, separator: UInt32?) {
        if let pendingSeparator {
            if pendingSeparator != 0x2E { onlyDotSeparators = false }
            if count == 1 { separators.0 = pendingSeparator } else if count == 2 { separators.1 = pendingSeparator }
        }
        switch count {
        case 0: lengths.0 = length
        case 1: lengths.1 = length
        case 2: lengths.2 = length
        default: break
        }
        count += 1
        pendingSeparator = separator
    }

    /// `2024-01-15`, `15.01.2024`, `01/15/2024`: one separator twice, a four-digit year first or last.
    var looksLikeDate: Bool {
        guard count >= 3, separators.0 == separators.1,
            separators.0 == 0x2D || separators.0 == 0x2E || separators.0 == 0x2F
        else { return false }
        return (lengths.0 == 4 && lengths.1 <= 2 && lengths.2 <= 2)
            || (lengths.0 <= 2 && lengths.1 <= 2 && lengths.2 == 4)
    }

    /// `192.168.100.200`, `1.22.333.4444`: four or more groups separated only by dots.
    var looksLikeVersionOrAddress: Bool { count >= 4 && onlyDotSeparators }
}
