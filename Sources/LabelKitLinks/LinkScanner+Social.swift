extension LinkScanner {
    /// Finds `@mentions` by twitter-text's rules: `[A-Za-z0-9_]{1,20}` after `@` or `＠`, not preceded by a
    /// letter, digit or `_!#$%&*@` (but allowed after `RT`), and not followed by `@`, a Latin accent or `://`.
    func scanMentions(into matches: inout [RawLinkMatch]) {
        var index = 0
        while index < count {
            let c = scalars[index]
            guard c == 0x40 || c == 0xFF20, precedingAllowsMention(at: index) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < count, end - index - 1 < 20, ScalarClass.isMentionCharacter(scalars[end]) { end += 1 }
            guard end > index + 1 else {
                index += 1
                continue
            }
            if let next = scalar(at: end),
                next == 0x40 || next == 0xFF20 || ScalarClass.isLatinAccent(next) || matchesASCII("://", at: end)
            {
                index = end
                continue
            }
            matches.append(
                RawLinkMatch(
                    kind: .mention, range: index..<end, payload: string((index + 1)..<end)))
            index = end
        }
    }

    private func precedingAllowsMention(at index: Int) -> Bool {
        guard let previous = scalar(at: index - 1) else { return true }
        let blocked =
            ScalarClass.isMentionCharacter(previous)
            || previous == 0x21 || previous == 0x23 || previous == 0x24 || previous == 0x25 || previous == 0x26
            || previous == 0x2A || previous == 0x40 || previous == 0xFF20
        if !blocked { return true }
        // "RT@user": a retweet marker, itself not preceded by [A-Za-z0-9_+~.-].
        guard (previous | 0x20) == 0x74, let r = scalar(at: index - 2), (r | 0x20) == 0x72 else { return false }
        guard let beforeMarker = scalar(at: index - 3) else { return true }
        return
            !(ScalarClass.isMentionCharacter(beforeMarker) || beforeMarker == 0x2B || beforeMarker == 0x7E
            || beforeMarker == 0x2E || beforeMarker == 0x2D)
    }

    /// Finds `#hashtags` by twitter-text's rules: letters, marks, digits and a few joiners after `#` or `＃`, at
    /// least one letter, not preceded by a hashtag character or `&`, not followed by `#` or `://`.
    func scanHashtags(into matches: inout [RawLinkMatch]) {
        var index = 0
        while index < count {
            let c = scalars[index]
            guard c == 0x23 || c == 0xFF03, precedingAllowsHashtag(scalar(at: index - 1)) else {
                index += 1
                continue
            }
            if let next = scalar(at: index + 1), next == 0xFE0F || next == 0x20E3 {
                index += 1
                continue
            }
            var end = index + 1
            var hasLetter = false
            while end < count, ScalarClass.isHashtagCharacter(scalars[end]) {
                if !hasLetter, ScalarClass.isHashtagLetter(scalars[end]) { hasLetter = true }
                end += 1
            }
            guard hasLetter else {
                index = end
                continue
            }
            if let next = scalar(at: end), next == 0x23 || next == 0xFF03 || matchesASCII("://", at: end) {
                index = end
                continue
            }
            matches.append(
                RawLinkMatch(
                    kind: .hashtag, range: index..<end, payload: string((index + 1)..<end)))
            index = end
        }
    }

    private func precedingAllowsHashtag(_ previous: UInt32?) -> Bool {
        guard let previous else { return true }
        if previous == 0xFE0E || previous == 0xFE0F { return true }
        return previous != 0x26 && !ScalarClass.isHashtagCharacter(previous)
    }

    /// Finds `$CASHTAGS` by twitter-text's rules: 1–6 ASCII letters, optionally `.` or `_` and 1–2 more, after
    /// the start or white space, before the end, white space or punctuation.
    func scanCashtags(into matches: inout [RawLinkMatch]) {
        var index = 0
        while index < count {
            guard scalars[index] == 0x24, scalar(at: index - 1).map(ScalarClass.isSpace) ?? true else {
                index += 1
                continue
            }
            var end = index + 1
            while end < count, ScalarClass.isASCIILetter(scalars[end]) { end += 1 }
            let letters = end - index - 1
            guard letters >= 1, letters <= 6 else {
                index = max(end, index + 1)
                continue
            }
            if let separator = scalar(at: end), separator == 0x2E || separator == 0x5F {
                var suffixEnd = end + 1
                while suffixEnd < count, ScalarClass.isASCIILetter(scalars[suffixEnd]) { suffixEnd += 1 }
                let suffix = suffixEnd - end - 1
                if suffix >= 1, suffix <= 2, endsCashtag(scalar(at: suffixEnd)) { end = suffixEnd }
            }
            if endsCashtag(scalar(at: end)) {
                matches.append(
                    RawLinkMatch(
                        kind: .cashtag, range: index..<end, payload: string((index + 1)..<end)))
            }
            index = end
        }
    }

    private func endsCashtag(_ next: UInt32?) -> Bool {
        guard let next else { return true }
        return ScalarClass.isSpace(next) || ScalarClass.isASCIIPunctuation(next)
    }
}
