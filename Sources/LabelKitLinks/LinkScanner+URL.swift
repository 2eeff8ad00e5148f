extension LinkScanner {
    /// Finds URLs: with a scheme (`http`, `https`, `ftp`, the app's registered schemes, and the forbidden
    /// `javascript`, `data`, `file` and `vbscript`, found so that they can be flagged), bare domains ending in a
    /// known TLD, and bare IPv4 addresses.
    func scanURLs(into matches: inout [RawLinkMatch]) {
        var index = 0
        // The next "." at or after `index`: a bare domain or address needs one, so where none is left the
        // attempts are skipped. It only moves forward, so finding it costs one pass in all.
        var nextDot = 0
        while index < count {
            let current = scalars[index]
            let previous = scalar(at: index - 1)
            if ScalarClass.isASCIILetter(current), precedingAllowsURL(previous), let match = schemeURL(at: index) {
                matches.append(match)
                index = match.range.upperBound
                continue
            }
            if nextDot < index {
                nextDot = index
                while nextDot < count, scalars[nextDot] != 0x2E { nextDot += 1 }
            }
            if nextDot < count, isBareDomainCharacter(current), current != 0x2D,
                precedingAllowsBareDomain(previous, current), let match = bareURL(at: index)
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

    /// For bare domains also not `-`, `_`, `.` or `/` (twitter-text's `invalidUrlWithoutProtocolPrecedingChars`),
    /// and not inside a word. An ASCII domain or address may start right after a letter where the script changes,
    /// or after a letter of a script written without spaces, which is how `日本語example.com` yields `example.com`
    /// and `サーバは10.0.0.1` yields `10.0.0.1`.
    private func precedingAllowsBareDomain(_ previous: UInt32?, _ current: UInt32) -> Bool {
        guard let previous else { return true }
        guard precedingAllowsURL(previous) else { return false }
        switch previous {
        case 0x2D, 0x5F, 0x2E, 0x2F: return false
        default: break
        }
        guard isBareDomainCharacter(previous) else { return true }
        guard current < 0x80 else { return false }
        let previousScript = script(of: previous)
        if previousScript.isWrittenWithoutSpaces { return true }
        return previousScript != .common && !previousScript.continues(into: script(of: current))
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
        guard scalar(at: position) == 0x3A else { return nil }
        let scheme = string(start..<position).lowercased()
        let schemeEnd = position + 1
        let hasSlashes = matchesASCII("//", at: schemeEnd)
        if LinkSafetyPolicy.forbiddenSchemes.contains(scheme) {
            return opaqueURL(start: start, schemeEnd: schemeEnd)
        }
        guard hasSlashes else { return nil }
        let authorityStart = schemeEnd + 2
        if scheme == "http" || scheme == "https" || scheme == "ftp" {
            return webURL(start: start, schemeEnd: schemeEnd, authorityStart: authorityStart)
        }
        guard allowedSchemes.contains(scheme), !LinkSafetyPolicy.defaultSchemes.contains(scheme) else { return nil }
        return appURL(start: start, schemeEnd: schemeEnd, authorityStart: authorityStart)
    }

    /// `http://`, `https://` or `ftp://` with any host: a domain with or without a TLD, a single label, an IPv4 or
    /// bracketed IPv6 address, after optional user info; then a port up to 65535 and a path.
    private func webURL(start: Int, schemeEnd: Int, authorityStart: Int) -> RawLinkMatch? {
        let userInfoEnd = self.userInfoEnd(from: authorityStart)
        let hostStart = userInfoEnd ?? authorityStart
        guard let hostEnd = ipv6HostEnd(from: hostStart) ?? explicitHostEnd(from: hostStart),
            let afterPort = portEnd(from: hostEnd)
        else { return nil }
        guard let end = endAfterHost(hostStart: hostStart, hostEnd: hostEnd, afterPort: afterPort) else { return nil }
        let userInfo = userInfoEnd.map { authorityStart..<($0 - 1) }
        return RawLinkMatch(
            kind: .url, range: start..<end,
            address: AddressParts(form: .url, schemeEnd: schemeEnd, userInfo: userInfo, host: hostStart..<hostEnd))
    }

    /// A registered app scheme (`myapp://item/42`): any host characters, possibly none, then a path.
    private func appURL(start: Int, schemeEnd: Int, authorityStart: Int) -> RawLinkMatch? {
        var hostEnd = authorityStart
        while hostEnd < count, ScalarClass.isHostCharacter(scalars[hostEnd]) || scalars[hostEnd] == 0x2E {
            hostEnd += 1
        }
        while hostEnd > authorityStart, scalars[hostEnd - 1] == 0x2E { hostEnd -= 1 }
        let afterPort = portEnd(from: hostEnd) ?? hostEnd
        guard let end = endAfterHost(hostStart: authorityStart, hostEnd: hostEnd, afterPort: afterPort),
            end > authorityStart
        else { return nil }
        return RawLinkMatch(
            kind: .url, range: start..<end,
            address: AddressParts(form: .url, schemeEnd: schemeEnd, host: authorityStart..<hostEnd))
    }

    /// `javascript:`, `data:`, `file:` and `vbscript:` links, found whole so that the safety policy flags them and
    /// gives them no target: everything up to a space, as a path is scanned.
    private func opaqueURL(start: Int, schemeEnd: Int) -> RawLinkMatch? {
        let end = tailEnd(from: schemeEnd, afterHost: false)
        guard end > schemeEnd else { return nil }
        return RawLinkMatch(
            kind: .url, range: start..<end,
            address: AddressParts(form: .opaque, schemeEnd: schemeEnd, host: schemeEnd..<schemeEnd))
    }

    // MARK: Bare domains and IPv4 addresses

    private func bareURL(at start: Int) -> RawLinkMatch? {
        if ScalarClass.isASCIIDigit(scalars[start]), let hostEnd = bareIPv4HostEnd(from: start) {
            return bareURL(start: start, hostEnd: hostEnd, form: .bareIPAddress)
        }
        guard let hostEnd = domainHostEnd(from: start, bare: true) else { return nil }
        return bareURL(start: start, hostEnd: hostEnd, form: .bareDomain)
    }

    private func bareURL(start: Int, hostEnd: Int, form: AddressParts.Form) -> RawLinkMatch? {
        guard let afterPort = portEnd(from: hostEnd),
            let end = endAfterHost(hostStart: start, hostEnd: hostEnd, afterPort: afterPort)
        else { return nil }
        return RawLinkMatch(
            kind: .url, range: start..<end, address: AddressParts(form: form, host: start..<hostEnd))
    }

    /// The end of a URL after its host and port: by twitter-text's `t.co` rule, or after the path, query and
    /// fragment if one starts there; `nil` when a `t.co` slug is too long.
    private func endAfterHost(hostStart: Int, hostEnd: Int, afterPort: Int) -> Int? {
        if let shortLinkEnd = shortLinkEnd(hostStart: hostStart, hostEnd: hostEnd) {
            return shortLinkEnd >= 0 ? shortLinkEnd : nil
        }
        guard let opener = scalar(at: afterPort), opener == 0x2F || opener == 0x3F || opener == 0x23 else {
            return afterPort
        }
        return tailEnd(from: afterPort, afterHost: true)
    }
}
