extension LinkScanner {
    /// Finds URLs with a scheme (http, https or an app scheme) and bare domains ending in a known TLD.
    func scanURLs(into matches: inout [RawLinkMatch]) {
        var index = 0
        while index < count {
            let current = scalars[index]
            let previous = scalar(at: index - 1)
            if ScalarClass.isASCIILetter(current), precedingAllowsURL(previous), let match = schemeURL(at: index) {
                matches.append(match)
                index = match.range.upperBound
                continue
            }
            if ScalarClass.isBareDomainCharacter(current), current != 0x2D,
                precedingAllowsBareDomain(previous), let match = bareDomainURL(at: index)
            {
                matches.append(match)
                index = match.range.upperBound
                continue
            }
            index += 1
        }
    }

    /// twitter-text's `validUrlPrecedingChars`: not a letter, digit, `@`, `$` or `#` (ASCII or fullwidth).
    private func precedingAllowsURL(_ previous: UInt32?) -> Bool {
        guard let previous else { return true }
        if ScalarClass.isASCIIAlphanumeric(previous) { return false }
        switch previous {
        case 0x40, 0xFF20, 0x24, 0x23, 0xFF03: return false
        default: return true
        }
    }

    /// For bare domains also not `-`, `_`, `.` or `/` (twitter-text's `invalidUrlWithoutProtocolPrecedingChars`)
    /// and not inside a run of domain letters.
    private func precedingAllowsBareDomain(_ previous: UInt32?) -> Bool {
        guard let previous else { return true }
        guard precedingAllowsURL(previous), !ScalarClass.isBareDomainCharacter(previous) else { return false }
        switch previous {
        case 0x2D, 0x5F, 0x2E, 0x2F: return false
        default: return true
        }
    }

    // MARK: Scheme URLs

    private func schemeURL(at start: Int) -> RawLinkMatch? {
        // The scheme: letters, digits, + . - ; bounded so that a failed attempt costs O(1).
        var position = start
        while position < count, position - start < 32 {
            let c = scalars[position]
            guard ScalarClass.isASCIIAlphanumeric(c) || c == 0x2B || c == 0x2E || c == 0x2D else { break }
            position += 1
        }
        guard matchesASCII("://", at: position) else { return nil }
        let scheme = string(start..<position).lowercased()
        let isWeb = scheme == "http" || scheme == "https"
        guard isWeb || (allowedSchemes.contains(scheme) && !LinkSafetyPolicy.defaultSchemes.contains(scheme)) else {
            return nil
        }
        let authorityStart = position + 3

        let hostStart = userInfoEnd(from: authorityStart) ?? authorityStart
        let hostEnd: Int
        if isWeb {
            guard
                let end = ipv6HostEnd(from: hostStart) ?? ipv4HostEnd(from: hostStart)
                    ?? domainHostEnd(from: hostStart, bare: false)
            else { return nil }
            hostEnd = end
        } else {
            var end = hostStart
            while end < count,
                ScalarClass.isDomainCharacter(scalars[end]) || scalars[end] == 0x2E
                    || scalars[end] == 0x2D || scalars[end] == 0x5F
            {
                end += 1
            }
            hostEnd = end
        }
        var end = tailEnd(from: hostEnd)
        if isWeb, let shortLinkEnd = shortLinkEnd(hostStart: hostStart, hostEnd: hostEnd, urlEnd: end) {
            guard shortLinkEnd >= 0 else { return nil }
            end = shortLinkEnd
        }
        guard end > authorityStart else { return nil }
        return RawLinkMatch(
            kind: .url, range: start..<end, payload: string(start..<end), hostRange: hostStart..<hostEnd)
    }

    /// The end of `user:password@` if the authority starts with one.
    private func userInfoEnd(from start: Int) -> Int? {
        var position = start
        while position < count, position - start < 256 {
            let c = scalars[position]
            if c == 0x40 { return position > start ? position + 1 : nil }
            let allowed =
                ScalarClass.isASCIIAlphanumeric(c) || c == 0x2D || c == 0x2E || c == 0x5F || c == 0x7E
                || c == 0x25 || c == 0x21 || c == 0x24 || c == 0x26 || c == 0x2A || c == 0x2B || c == 0x2C
                || c == 0x3B || c == 0x3D || c == 0x3A
            guard allowed else { return nil }
            position += 1
        }
        return nil
    }

    /// `[…]` holding an IPv6 address (hex digits, `:` and a dotted IPv4 tail).
    private func ipv6HostEnd(from start: Int) -> Int? {
        guard scalar(at: start) == 0x5B else { return nil }
        var position = start + 1
        var colons = 0
        while position < count, position - start < 64 {
            let c = scalars[position]
            if c == 0x5D { return colons >= 2 ? position + 1 : nil }
            if c == 0x3A {
                colons += 1
            } else if !(ScalarClass.isASCIIDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66)
                || c == 0x2E)
            {
                return nil
            }
            position += 1
        }
        return nil
    }

    /// A dotted-quad IPv4 address, each part at most 255, not followed by more host characters.
    private func ipv4HostEnd(from start: Int) -> Int? {
        var position = start
        for part in 0..<4 {
            if part > 0 {
                guard scalar(at: position) == 0x2E else { return nil }
                position += 1
            }
            var value = 0
            let partStart = position
            while position < count, ScalarClass.isASCIIDigit(scalars[position]), position - partStart < 3 {
                value = value * 10 + Int(scalars[position] - 0x30)
                position += 1
            }
            guard position > partStart, value <= 255 else { return nil }
        }
        if let next = scalar(at: position),
            ScalarClass.isDomainCharacter(next) || next == 0x2D || next == 0x5F
                || (next == 0x2E && scalar(at: position + 1).map(ScalarClass.isDomainCharacter) == true)
        {
            return nil
        }
        return position
    }

    /// The end of the longest valid host starting at `start`: labels separated by dots, the last one a TLD
    /// (followed by neither a letter, digit, `@`, `+` nor `-`) or a punycode label.
    ///
    /// Scheme hosts take any domain character in their labels (`http://例え.jp`); bare domains only
    /// `[-a-z0-9]` and Latin accents, which is how `日本語example.com` yields `example.com`.
    func domainHostEnd(from start: Int, bare: Bool) -> Int? {
        var best: Int?
        var labelStart = start
        var labelIndex = 0
        var earlierLabelsAreValidSubdomains = true   // labels 0..<(labelIndex - 1)
        var previousIsValidSubdomain = false
        var previousIsValidDomainName = false
        while true {
            if labelIndex >= 1, earlierLabelsAreValidSubdomains, previousIsValidDomainName {
                if let end = topLevelDomainEnd(at: labelStart) { best = end }
            }
            var position = labelStart
            var hasUnderscore = false
            var isASCII = true
            while position < count {
                let c = scalars[position]
                if bare {
                    guard ScalarClass.isBareDomainCharacter(c) else { break }
                } else {
                    guard ScalarClass.isDomainCharacter(c) || c == 0x2D || c == 0x5F else { break }
                    if c == 0x5F { hasUnderscore = true }
                }
                if c >= 0x80 { isASCII = false }
                position += 1
            }
            let labelEnd = position
            guard labelEnd > labelStart else { break }
            let first = scalars[labelStart]
            let last = scalars[labelEnd - 1]
            let edgesAreValid = first != 0x2D && first != 0x5F && last != 0x2D && last != 0x5F
            let isPunycode = matchesASCII("xn--", at: labelStart)
            // 63 scalars stands in for DNS's 63 bytes after punycode encoding.
            let isValidSubdomain = edgesAreValid && labelEnd - labelStart <= 63 && (!isPunycode || isASCII)
            earlierLabelsAreValidSubdomains =
                earlierLabelsAreValidSubdomains && (labelIndex == 0 || previousIsValidSubdomain)
            previousIsValidSubdomain = isValidSubdomain
            previousIsValidDomainName = isValidSubdomain && !hasUnderscore
            guard earlierLabelsAreValidSubdomains, isValidSubdomain, scalar(at: labelEnd) == 0x2E else { break }
            labelStart = labelEnd + 1
            labelIndex += 1
        }
        return best
    }

    /// The end of a TLD (or punycode label) starting at `start`, if one ends at a valid boundary.
    private func topLevelDomainEnd(at start: Int) -> Int? {
        var best: Int?
        topLevelDomains.forEachMatch(in: scalars, from: start) { end in
            if !isInvalidAfterTopLevelDomain(scalar(at: end)) { best = end }
        }
        if best == nil, matchesASCII("xn--", at: start) {
            var position = start + 4
            while position < count, ScalarClass.isASCIIAlphanumeric(scalars[position]) || scalars[position] == 0x2D {
                position += 1
            }
            if position > start + 4 { best = position }
        }
        return best
    }

    /// twitter-text's lookahead after a TLD: `(?=[^0-9a-z@+-]|$)`.
    private func isInvalidAfterTopLevelDomain(_ next: UInt32?) -> Bool {
        guard let next else { return false }
        return ScalarClass.isASCIIAlphanumeric(next) || next == 0x40 || next == 0x2B || next == 0x2D
    }

    /// The end of the port, path, query and fragment after a host; trailing punctuation is left out.
    private func tailEnd(from hostEnd: Int) -> Int {
        var end = hostEnd
        var position = hostEnd
        if scalar(at: position) == 0x3A, let digit = scalar(at: position + 1), ScalarClass.isASCIIDigit(digit) {
            position += 1
            while position < count, ScalarClass.isASCIIDigit(scalars[position]) { position += 1 }
            end = position
        }
        if let opener = scalar(at: position), opener == 0x2F || opener == 0x23 {
            // "/" alone is a path; a bare "#" needs a fragment after it.
            let pathStart = position
            if opener == 0x2F { end = position + 1 }
            position += 1
            while position < count {
                let c = scalars[position]
                if c == 0x28 {
                    guard let close = balancedParenthesesEnd(from: position) else { break }
                    position = close
                    end = position
                } else if ScalarClass.isPathCharacter(c) {
                    position += 1
                    if ScalarClass.isPathEndingCharacter(c) { end = position }
                } else {
                    break
                }
            }
            if opener == 0x23, end == pathStart + 1 { end = pathStart }
        }
        if end == position, scalar(at: end) == 0x3F {
            position = end + 1
            var queryEnd: Int?
            while position < count, ScalarClass.isQueryCharacter(scalars[position]) {
                if ScalarClass.isQueryEndingCharacter(scalars[position]) { queryEnd = position + 1 }
                position += 1
            }
            if let queryEnd { end = queryEnd }
        }
        return end
    }

    /// twitter-text's `validUrlBalancedParens`: `(…)` holding path characters, nested at most once.
    private func balancedParenthesesEnd(from open: Int) -> Int? {
        var position = open + 1
        var before = 0
        while position < count, ScalarClass.isPathCharacter(scalars[position]) {
            position += 1
            before += 1
        }
        if scalar(at: position) == 0x29 { return before > 0 ? position + 1 : nil }
        guard scalar(at: position) == 0x28 else { return nil }
        position += 1
        let innerStart = position
        while position < count, ScalarClass.isPathCharacter(scalars[position]) { position += 1 }
        guard position > innerStart, scalar(at: position) == 0x29 else { return nil }
        position += 1
        while position < count, ScalarClass.isPathCharacter(scalars[position]) { position += 1 }
        guard scalar(at: position) == 0x29 else { return nil }
        return position + 1
    }

    /// twitter-text's rule for its own short links: `t.co/` takes only an alphanumeric slug (at most 40) and a
    /// query. Returns `nil` when the rule does not apply, -1 when the link is invalid.
    private func shortLinkEnd(hostStart: Int, hostEnd: Int, urlEnd: Int) -> Int? {
        guard hostEnd - hostStart == 4, matchesASCII("t.co/", at: hostStart) else { return nil }
        var position = hostEnd + 1
        while position < count, ScalarClass.isASCIIAlphanumeric(scalars[position]) { position += 1 }
        let slugLength = position - hostEnd - 1
        guard slugLength > 0 else { return nil }
        guard slugLength <= 40 else { return -1 }
        if scalar(at: position) == 0x3F {
            var queryPosition = position + 1
            var queryEnd: Int?
            while queryPosition < count, ScalarClass.isQueryCharacter(scalars[queryPosition]) {
                if ScalarClass.isQueryEndingCharacter(scalars[queryPosition]) { queryEnd = queryPosition + 1 }
                queryPosition += 1
            }
            if let queryEnd { position = queryEnd }
        }
        return min(position, urlEnd)
    }

    // MARK: Bare domains

    private func bareDomainURL(at start: Int) -> RawLinkMatch? {
        guard let hostEnd = domainHostEnd(from: start, bare: true) else { return nil }
        let end = tailEnd(from: hostEnd)
        let text = string(start..<end)
        return RawLinkMatch(kind: .url, range: start..<end, payload: "https://" + text, hostRange: start..<hostEnd)
    }
}
