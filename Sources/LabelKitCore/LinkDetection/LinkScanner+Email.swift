extension LinkScanner {
    /// Finds e-mail addresses (`local@domain.tld`, optionally `mailto:`) from each `@`, looking back at most the
    /// 64 characters a local part may have.
    func scanEmails(into matches: inout [RawLinkMatch]) {
        var index = 0
        while index < count {
            if scalars[index] == 0x40, let match = email(atSign: index) {
                matches.append(match)
                index = match.range.upperBound
                continue
            }
            index += 1
        }
    }

    private func email(atSign at: Int) -> RawLinkMatch? {
        var localStart = at
        while localStart > 0, ScalarClass.isEmailLocalCharacter(scalars[localStart - 1]) {
            localStart -= 1
            guard at - localStart <= 64 else { return nil }
        }
        while localStart < at, scalars[localStart] == 0x2E { localStart += 1 }
        guard localStart < at, scalars[at - 1] != 0x2E else { return nil }
        for index in localStart..<(at - 1) where scalars[index] == 0x2E && scalars[index + 1] == 0x2E { return nil }

        // The domain: labels of ASCII letters, digits, "-" and Latin accents (so that a domain next to CJK text
        // ends where the CJK starts), the last one starting with a TLD followed by no letter or digit.
        var best: Int?
        var labelStart = at + 1
        var labelIndex = 0
        while true {
            if labelIndex >= 1, let end = emailTopLevelDomainEnd(at: labelStart) { best = end }
            var position = labelStart
            while position < count, ScalarClass.isBareDomainCharacter(scalars[position]) { position += 1 }
            guard position > labelStart, position - labelStart <= 63,
                scalars[labelStart] != 0x2D, scalars[position - 1] != 0x2D,
                scalar(at: position) == 0x2E
            else { break }
            labelStart = position + 1
            labelIndex += 1
        }
        guard let domainEnd = best, domainEnd - at - 1 <= 255 else { return nil }
        let start = matchesASCII("mailto:", at: localStart - 7) ? localStart - 7 : localStart
        let address = string(localStart..<domainEnd)
        return RawLinkMatch(
            kind: .email, range: start..<domainEnd, payload: "mailto:" + address,
            hostRange: (at + 1)..<domainEnd)
    }

    private func emailTopLevelDomainEnd(at start: Int) -> Int? {
        var best: Int?
        topLevelDomains.forEachMatch(in: scalars, from: start) { end in
            if let next = scalar(at: end), ScalarClass.isBareDomainCharacter(next) || next == 0x40 { return }
            best = end
        }
        return best
    }
}
