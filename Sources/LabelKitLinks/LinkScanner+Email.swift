extension LinkScanner {
    /// Finds e-mail addresses (`local@domain.tld`, optionally `mailto:`) from each `@`, looking back at most the
    /// 64 characters a local part may have.
    ///
    /// Local parts: the dot-atom of RFC 5322 (`name+tag`, `first.last`), letters of any script (RFC 6531), or a
    /// quoted string (`"first last"@example.com`). Domains: labels of any script ending in a known TLD, or after an
    /// explicit `mailto:` any host, a single label included (`mailto:ops@intranet`), then a `?query`.
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
        guard
            let localStart = scalar(at: at - 1) == 0x22 ? quotedLocalPartStart(atSign: at) : localPartStart(atSign: at)
        else { return nil }
        let hasMailto = matchesASCII("mailto:", at: localStart - 7)
        let domainStart = at + 1
        guard
            let domainEnd = hasMailto
                ? explicitHostEnd(from: domainStart) : domainHostEnd(from: domainStart, bare: true),
            domainEnd - domainStart <= 255, !scalars[domainStart..<domainEnd].contains(0x5F)
        else { return nil }
        var end = domainEnd
        if hasMailto, scalar(at: domainEnd) == 0x3F { end = tailEnd(from: domainEnd, afterHost: true) }
        let start = hasMailto ? localStart - 7 : localStart
        return RawLinkMatch(
            kind: .email, range: start..<end,
            address: AddressParts(
                form: .email, schemeEnd: hasMailto ? localStart : nil, host: domainStart..<domainEnd))
    }

    /// The start of a dot-atom local part ending right before the `@`: ASCII `atext` and dots, and letters of any
    /// script, the same script throughout (`連絡先taro@example.jp` is `taro@example.jp`); no dot at either end and
    /// no two in a row.
    private func localPartStart(atSign at: Int) -> Int? {
        var localStart = at
        var runScript = LinkScript.common
        while localStart > 0 {
            let c = scalars[localStart - 1]
            if c >= 0x80 {
                let script = script(of: c)
                guard script != .common, script.continues(into: runScript) else { break }
                runScript = script
            } else {
                guard ScalarClass.isEmailLocalCharacter(c) else { break }
                if ScalarClass.isASCIILetter(c) {
                    guard LinkScript.latin.continues(into: runScript) else { break }
                    runScript = .latin
                } else if !ScalarClass.isASCIIDigit(c) {
                    runScript = .common
                }
            }
            localStart -= 1
            guard at - localStart <= 64 else { return nil }
        }
        while localStart < at, scalars[localStart] == 0x2E { localStart += 1 }
        guard localStart < at, scalars[at - 1] != 0x2E else { return nil }
        for index in localStart..<(at - 1) where scalars[index] == 0x2E && scalars[index + 1] == 0x2E { return nil }
        return localStart
    }

    /// The opening quote of a quoted local part (`"first last"@`): printable characters but `"` and `\`, at most 64
    /// in all, the quote not glued to a letter or digit before it.
    private func quotedLocalPartStart(atSign at: Int) -> Int? {
        var position = at - 2
        while position >= 0, at - position <= 64 {
            let c = scalars[position]
            if c == 0x22 {
                guard position < at - 2 else { return nil }
                if let before = scalar(at: position - 1), isLetterOrDigit(before) { return nil }
                return position
            }
            guard c >= 0x20, c != 0x7F, c != 0x5C, !ScalarClass.isDirectional(c) else { return nil }
            position -= 1
        }
        return nil
    }
}
