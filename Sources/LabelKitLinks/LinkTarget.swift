import Foundation

/// The target of a detected URL or e-mail address, written as the WHATWG URL standard serialises it: scheme and
/// ASCII host lower-cased, an internationalised host in Punycode (`例え.jp` → `xn--r8jz45g.jp`), and non-ASCII
/// characters and spaces in the user info, path, query and fragment percent-encoded as UTF-8
/// (``PercentEncodeSet``). The link's text stays as written.
///
/// Bare domains get `https://`, bare IPv4 addresses `http://`, e-mail addresses `mailto:`.
enum LinkTarget {
    /// The target string of `match`, or `nil` when its host cannot be written in ASCII.
    static func string(
        for match: RawLinkMatch, _ parts: AddressParts, in scalars: UnsafeBufferPointer<UInt32>
    ) -> String? {
        let range = match.range
        var url = URLBytes(capacity: range.count + 16)
        var restStart = parts.host.upperBound
        switch parts.form {
        case .bareDomain: url.append("https://")
        case .bareIPAddress: url.append("http://")
        case .url, .opaque:
            let schemeEnd = parts.schemeEnd ?? range.lowerBound
            for index in range.lowerBound..<schemeEnd {
                url.append(ascii: TopLevelDomains.lowercasedASCII(scalars[index]))
            }
            if parts.form == .opaque {
                url.append(scalars, schemeEnd..<range.upperBound, encodingIn: .query)
                return url.string
            }
            url.append("//")
            if let userInfo = parts.userInfo {
                // The first ":" separates the user from the password; every other one is encoded.
                let colon = scalars[userInfo].firstIndex(of: 0x3A)
                if let colon {
                    url.append(scalars, userInfo.lowerBound..<colon, encodingIn: .userInfo)
                    url.append(":")
                    url.append(scalars, (colon + 1)..<userInfo.upperBound, encodingIn: .userInfo)
                } else {
                    url.append(scalars, userInfo, encodingIn: .userInfo)
                }
                url.append("@")
            }
        case .email:
            url.append("mailto:")
            let localStart = parts.schemeEnd ?? range.lowerBound
            url.append(scalars, localStart..<(parts.host.lowerBound - 1), encodingIn: .emailLocalPart)
            url.append("@")
            guard appendHost(scalars, parts.host, to: &url) else { return nil }
            url.append(scalars, restStart..<range.upperBound, encodingIn: .query)
            return url.string
        }
        guard appendHost(scalars, parts.host, to: &url) else { return nil }
        // The port, then the path, query and fragment, each with its own set.
        while restStart < range.upperBound, scalars[restStart] == 0x3A || ScalarClass.isASCIIDigit(scalars[restStart]) {
            url.append(ascii: scalars[restStart])
            restStart += 1
        }
        var set = PercentEncodeSet.path
        var isInPath = true
        var isInFragment = false
        for index in restStart..<range.upperBound {
            let c = scalars[index]
            if c == 0x3F, isInPath {
                isInPath = false
                set = .query
                url.append(ascii: c)
            } else if c == 0x23, !isInFragment {
                isInPath = false
                isInFragment = true
                set = .fragment
                url.append(ascii: c)
            } else {
                url.append(
                    c, encodingIn: set, next1: index + 1 < range.upperBound ? scalars[index + 1] : nil,
                    next2: index + 2 < range.upperBound ? scalars[index + 2] : nil)
            }
        }
        return url.string
    }

    /// Appends the host, label by label: ASCII lower-cased, anything else mapped (NFKC, lower case) and written in
    /// Punycode; an IPv6 literal as written. False when a label cannot be encoded.
    private static func appendHost(
        _ scalars: UnsafeBufferPointer<UInt32>, _ host: Range<Int>, to url: inout URLBytes
    ) -> Bool {
        var labelStart = host.lowerBound
        while labelStart <= host.upperBound {
            var labelEnd = labelStart
            var isASCII = true
            while labelEnd < host.upperBound, scalars[labelEnd] != 0x2E {
                if scalars[labelEnd] >= 0x80 { isASCII = false }
                labelEnd += 1
            }
            if labelStart > host.lowerBound { url.append(".") }
            if isASCII {
                for index in labelStart..<labelEnd {
                    url.append(ascii: TopLevelDomains.lowercasedASCII(scalars[index]))
                }
            } else {
                let mapped = ScalarBuffer.string(scalars, labelStart..<labelEnd)
                    .precomposedStringWithCompatibilityMapping.lowercased()
                let mappedScalars = mapped.unicodeScalars.map(\.value)
                if mappedScalars.allSatisfy({ $0 < 0x80 }) {
                    for scalar in mappedScalars { url.append(ascii: scalar) }
                } else {
                    guard let encoded = Punycode.encode(mappedScalars) else { return false }
                    url.append("xn--")
                    for byte in encoded.utf8 { url.append(ascii: UInt32(byte)) }
                }
            }
            labelStart = labelEnd + 1
        }
        return true
    }
}
