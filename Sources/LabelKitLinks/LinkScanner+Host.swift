extension LinkScanner {
    /// The end of `user:password@` if the authority starts with one (ASCII unreserved characters, `%`, sub-delims
    /// and `:`, at most 256 of them, so that a failed attempt costs O(1)).
    func userInfoEnd(from start: Int) -> Int? {
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
    func ipv6HostEnd(from start: Int) -> Int? {
        guard scalar(at: start) == 0x5B else { return nil }
        var position = start + 1
        var colons = 0
        while position < count, position - start < 64 {
            let c = scalars[position]
            if c == 0x5D { return colons >= 2 ? position + 1 : nil }
            if c == 0x3A {
                colons += 1
            } else if !(ScalarClass.isASCIIDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66) || c == 0x2E) {
                return nil
            }
            position += 1
        }
        return nil
    }

    /// A dotted-quad IPv4 address without a scheme (`8.8.4.4`): each part at most 255 and without a leading zero,
    /// not followed by more host characters (`1.2.3.4.5` is a version, not an address) unless the text runs on in
    /// a script written without spaces.
    func bareIPv4HostEnd(from start: Int) -> Int? {
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
            guard position > partStart, value <= 255, scalars[partStart] != 0x30 || position == partStart + 1 else {
                return nil
            }
        }
        if let next = scalar(at: position) {
            if ScalarClass.isHostCharacter(next) { return script(of: next).isWrittenWithoutSpaces ? position : nil }
            if next == 0x2E, let after = scalar(at: position + 1), ScalarClass.isHostCharacter(after) { return nil }
        }
        return position
    }

    /// The end of the host after an explicit scheme, where any host is a host: a domain whether or not its TLD is
    /// known (`intranet.corp`), a single label (`localhost`, `build-01`, `1234`) or a dotted-quad IPv4 address.
    ///
    /// The labels must be valid DNS labels (at most 63 characters, no `-` or `_` at either end, `_` only in
    /// subdomains, `xn--` only on ASCII) and a TLD that is not on the list must be a name: letters only, at least
    /// two (`.x`, `.c_o_m`, `.com-and-more` are not TLDs). When a label runs into text of another script
    /// (`http://example.comだよね`), the host is the longest prefix ending in a known TLD, as twitter-text does, or
    /// else it ends where the script changes.
    func explicitHostEnd(from start: Int, limit: Int? = nil) -> Int? {
        let limit = limit ?? count
        var labels = HostLabels()
        var labelStart = start
        while true {
            var label = HostLabel(start: labelStart)
            var position = labelStart
            var runScript = LinkScript.common
            while position < limit {
                let c = scalars[position]
                guard ScalarClass.isHostCharacter(c) else { break }
                let script = script(of: c)
                label.take(c, script: script)
                if script != .common {
                    if labels.firstGlue == nil, !runScript.continues(into: script) { labels.firstGlue = position }
                    runScript = script
                } else if c < 0x80, !ScalarClass.isASCIIDigit(c) {
                    runScript = .common
                }
                position += 1
            }
            guard position > labelStart else { break }
            label.end = position
            label.isPunycode = matchesASCII("xn--", at: labelStart)
            labels.append(label)
            guard position + 1 < limit, scalars[position] == 0x2E else { break }
            guard ScalarClass.isHostCharacter(scalars[position + 1]) else {
                // "example..com" has an empty label; "example.com..." ends a sentence.
                var afterDots = position + 1
                while afterDots < limit, scalars[afterDots] == 0x2E { afterDots += 1 }
                if afterDots < limit, ScalarClass.isHostCharacter(scalars[afterDots]) { return nil }
                break
            }
            labelStart = position + 1
        }
        guard let hostEnd = labels.end else { return nil }
        if labels.firstGlue == nil, labels.isValidExplicitHost { return hostEnd }
        guard limit == count else { return nil }
        if let end = domainHostEnd(from: start, bare: false) { return end }
        if let glue = labels.firstGlue, glue > start { return explicitHostEnd(from: start, limit: glue) }
        return nil
    }

    /// The end of the longest valid host starting at `start`: labels separated by dots, the last one a known TLD
    /// (followed by neither a letter, digit, `@`, `+` nor `-`) or a punycode label.
    ///
    /// Bare domains take letters of every script in their labels, but a label ends where the script changes, which
    /// is how `日本語example.com` yields `example.com` and `example.comです` yields `example.com`; a host after a
    /// scheme (twitter-text's rule, the fallback of ``explicitHostEnd(from:limit:)``) takes any host character.
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
            var runScript = LinkScript.common
            while position < count {
                let c = scalars[position]
                if bare {
                    guard isBareDomainCharacter(c) else { break }
                    let script = script(of: c)
                    if script != .common {
                        guard runScript.continues(into: script) else { break }
                        runScript = script
                    } else if c == 0x2D {
                        runScript = .common
                    }
                } else {
                    guard ScalarClass.isHostCharacter(c) else { break }
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

    /// The end of `:port` after a host (the host's end when there is none), or `nil` when the port is above
    /// 65535: `example.com:99999` is not a link.
    func portEnd(from hostEnd: Int) -> Int? {
        guard scalar(at: hostEnd) == 0x3A, let digit = scalar(at: hostEnd + 1), ScalarClass.isASCIIDigit(digit) else {
            return hostEnd
        }
        var position = hostEnd + 1
        var value = 0
        while position < count, ScalarClass.isASCIIDigit(scalars[position]) {
            value = value * 10 + Int(scalars[position] - 0x30)
            guard value <= 65535 else { return nil }
            position += 1
        }
        return position
    }
}

/// One label of a host, described as it is scanned.
private struct HostLabel {
    var start: Int
    var end = 0
    var hasUnderscore = false
    var isASCII = true
    var isDigits = true
    /// Letters only (of any script): what a TLD is made of.
    var isLetters = true
    var digitValue = 0
    var isPunycode = false
    var first: UInt32 = 0
    var last: UInt32 = 0

    init(start: Int) { self.start = start }

    mutating func take(_ c: UInt32, script: LinkScript) {
        if first == 0 { first = c }
        last = c
        if c == 0x5F { hasUnderscore = true }
        if c >= 0x80 { isASCII = false }
        if ScalarClass.isASCIIDigit(c) {
            isLetters = false
            if isDigits, digitValue <= 255 { digitValue = digitValue * 10 + Int(c - 0x30) }
        } else {
            isDigits = false
            if c == 0x2D || c == 0x5F || (c >= 0x80 && script == .common) { isLetters = false }
        }
    }

    var length: Int { end - start }

    /// At most 63 characters, no `-` or `_` at either end, `xn--` only on ASCII.
    var isValid: Bool {
        length <= 63 && first != 0x2D && first != 0x5F && last != 0x2D && last != 0x5F && (!isPunycode || isASCII)
    }
}

/// What ``LinkScanner/explicitHostEnd(from:limit:)`` needs to know about a host's labels, kept without an array.
private struct HostLabels {
    var count = 0
    var end: Int?
    var allValid = true
    var allOctets = true
    var last: HostLabel?
    var beforeLast: HostLabel?
    /// Where a label first runs into text of another script.
    var firstGlue: Int?

    mutating func append(_ label: HostLabel) {
        count += 1
        end = label.end
        beforeLast = last
        last = label
        allValid = allValid && label.isValid
        allOctets = allOctets && label.isDigits && label.length <= 3 && label.digitValue <= 255
    }

    /// A single label without `_`; a dotted-quad address; or a domain whose second-level label has no `_` and
    /// whose TLD is letters only (at least two) or punycode.
    var isValidExplicitHost: Bool {
        guard allValid, let last else { return false }
        if count == 1 { return !last.hasUnderscore }
        if last.isDigits { return count == 4 && allOctets }
        guard !(beforeLast?.hasUnderscore ?? false) else { return false }
        return (last.isLetters && last.length >= 2) || (last.isPunycode && last.isASCII && last.length > 4)
    }
}
