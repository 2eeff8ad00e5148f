extension LinkScanner {
    /// The end of a URL's path, query and fragment starting at `start` (a `/`, `?` or `#` after a host, or the
    /// first character after an opaque scheme's colon); `start` when nothing there belongs to the URL.
    ///
    /// Paths are IRIs (RFC 3987): any character but white space and a few delimiters (``ScalarClass/isTailStop(_:)``)
    /// belongs to them, in every script. Brackets and quotes — `()`, `[]`, `{}`, `""`, `''` — belong to the path
    /// when they are balanced inside it; a closing one without its opener ends the URL, and an opener never closed
    /// is left out with what follows it. Trailing punctuation is left out (``ScalarClass/isTailEnding(_:)``).
    ///
    /// Two rules keep a URL from swallowing the text it is written against, as twitter-text's do: a letter of
    /// another script right after a letter ends the URL (`…/index.html中国語`), and a last segment in a script
    /// written without spaces is left out when a sentence mark and more text follow it
    /// (`http://example.com/これは日本語です。次の文`).
    ///
    /// One pass, no backtracking: linear in the length of the URL.
    func tailEnd(from start: Int, afterHost: Bool) -> Int {
        var end = start
        var position = start
        var stack = BracketStack()
        var isInQuery = false
        var runScript = LinkScript.common
        // The end before the current run of non-ASCII characters, and whether that run is in a script written
        // without spaces.
        var endBeforeRun = start
        var isInNonASCIIRun = false
        var runIsSpaceless = false
        while position < count {
            let c = scalars[position]
            if ScalarClass.isTailStop(c) { break }
            let script = script(of: c)
            if script != .common {
                if !runScript.continues(into: script) { break }
                runScript = script
            } else if c < 0x80, !ScalarClass.isASCIIDigit(c) {
                runScript = .common
            }
            if c >= 0x80 {
                if !isInNonASCIIRun {
                    isInNonASCIIRun = true
                    endBeforeRun = end
                    runIsSpaceless = false
                }
                if script.isWrittenWithoutSpaces { runIsSpaceless = true }
            } else {
                isInNonASCIIRun = false
            }
            var isEnding: Bool
            switch c {
            case 0x28, 0x5B, 0x7B:   // ( [ {
                guard stack.push(c) else { return finish(end, start: start, afterHost: afterHost) }
                isEnding = false
            case 0x29, 0x5D, 0x7D:   // ) ] }
                guard stack.pop(closing: c) else { return finish(end, start: start, afterHost: afterHost) }
                isEnding = true
            case 0x22:   // "
                if stack.pop(closing: c) {
                    isEnding = true
                } else {
                    guard stack.push(c) else { return finish(end, start: start, afterHost: afterHost) }
                    isEnding = false
                }
            case 0x27:   // '
                if stack.pop(closing: c) {
                    isEnding = true
                } else if isApostrophe(at: position) {
                    isEnding = false
                } else {
                    guard stack.push(c) else { return finish(end, start: start, afterHost: afterHost) }
                    isEnding = false
                }
            case 0x3F:   // ?
                isInQuery = true
                isEnding = false
            case 0x26:   // &
                isEnding = isInQuery
            default:
                isEnding = ScalarClass.isTailEnding(c)
            }
            position += 1
            if isEnding, stack.isEmpty { end = position }
        }
        if isInNonASCIIRun, runIsSpaceless, end == position, runsOnIntoSentence(at: end) { end = endBeforeRun }
        return finish(end, start: start, afterHost: afterHost)
    }

    /// A bare `#` right after a host needs a fragment after it (twitter-text).
    private func finish(_ end: Int, start: Int, afterHost: Bool) -> Int {
        afterHost && end == start + 1 && scalars[start] == 0x23 ? start : end
    }

    /// A `'` between two letters or digits is an apostrophe (`/it's_fine`), not a quote.
    private func isApostrophe(at position: Int) -> Bool {
        guard let before = scalar(at: position - 1), let after = scalar(at: position + 1) else { return false }
        return isLetterOrDigit(before) && isLetterOrDigit(after)
    }

    /// Whether the text at `end` is a sentence mark followed by more text, with no space between: the segment
    /// before it was prose written against the URL.
    private func runsOnIntoSentence(at end: Int) -> Bool {
        var position = end
        while position < count, ScalarClass.isSentencePunctuation(scalars[position]) { position += 1 }
        guard position > end, position < count else { return false }
        let next = scalars[position]
        return !ScalarClass.isSpace(next) && !BracketStack.isCloser(next)
    }

    /// twitter-text's rule for its own short links: `t.co/` takes only an alphanumeric slug (at most 40) and a
    /// query. Returns `nil` when the rule does not apply, -1 when the link is invalid.
    func shortLinkEnd(hostStart: Int, hostEnd: Int) -> Int? {
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
        return position
    }
}

/// The open brackets and quotes of a path, innermost last: up to 16, four bits each, in one integer.
private struct BracketStack {
    private var codes: UInt64 = 0
    private var depth = 0

    var isEmpty: Bool { depth == 0 }

    /// Opens `opener`; false when 16 are already open (the URL ends there).
    mutating func push(_ opener: UInt32) -> Bool {
        guard depth < 16 else { return false }
        codes = codes << 4 | Self.code(opener)
        depth += 1
        return true
    }

    /// Closes the innermost opener if `closer` closes it.
    mutating func pop(closing closer: UInt32) -> Bool {
        guard depth > 0, codes & 0xF == Self.code(closer) else { return false }
        codes >>= 4
        depth -= 1
        return true
    }

    /// One code per pair: ( ) 1, [ ] 2, { } 3, " 4, ' 5.
    private static func code(_ c: UInt32) -> UInt64 {
        switch c {
        case 0x28, 0x29: 1
        case 0x5B, 0x5D: 2
        case 0x7B, 0x7D: 3
        case 0x22: 4
        case 0x27: 5
        default: 0
        }
    }

    /// Closing brackets and quotes, in ASCII and CJK text, after which a link's text is enclosed, not run on.
    static func isCloser(_ c: UInt32) -> Bool {
        switch c {
        case 0x29, 0x5D, 0x7D, 0x22, 0x27, 0x300D, 0x300F, 0x3011, 0xFF09, 0x3009, 0x300B, 0x201D, 0x2019: true
        default: false
        }
    }
}
