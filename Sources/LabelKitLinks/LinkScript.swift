import LabelKitText

/// The writing system of a letter, as far as link detection needs it: where a host label or a path ends when a
/// link is written straight against text in another script, and which hosts mix look-alike letters.
///
/// A coarse table of Unicode blocks, not the full Script property: digits, marks, joiners, symbols and punctuation
/// are ``common`` and continue any script. Han, kana, Hangul and Bopomofo are one group (``cjk``), because
/// Japanese, Chinese and Korean words mix them; Latin, Greek and Cyrillic are separate scripts, but a label that
/// mixes them is kept whole and flagged (``LinkWarnings/mixedScriptHost``) rather than cut, so that a look-alike
/// host is shown to the user instead of silently shortened.
enum LinkScript: UInt8, Sendable {
    case common, latin, greek, cyrillic, cjk, armenian, hebrew, arabic, syriac, thaana, indic, sinhala, thai, lao
    case tibetan, myanmar, georgian, ethiopic, cherokee, khmer

    /// The script of `c` (through the shared table; hot loops keep a ``LinkScriptTable`` of their own).
    static func of(_ c: UInt32) -> LinkScript { LinkScriptTable.shared.script(of: c) }

    /// Whether a letter of `next` written right after a letter of `self` continues the same word, host label or
    /// path segment (a change between other scripts is text glued to the link).
    @inline(__always) func continues(into next: LinkScript) -> Bool {
        self == next || self == .common || next == .common || (isLookAlike && next.isLookAlike)
    }

    /// Latin, Greek and Cyrillic, whose letters look alike (`а` and `a`).
    var isLookAlike: Bool { self == .latin || self == .greek || self == .cyrillic }

    /// Scripts written without spaces between words, where text runs straight on after a link.
    var isWrittenWithoutSpaces: Bool {
        self == .cjk || self == .thai || self == .lao || self == .khmer || self == .myanmar
    }

    /// Blocks above U+024F, sorted, not overlapping; anything else is ``common``.
    fileprivate static let ranges: [(first: UInt32, last: UInt32, script: LinkScript)] = [
        (0x250, 0x2AF, .latin), (0x370, 0x3FF, .greek), (0x400, 0x52F, .cyrillic), (0x530, 0x58F, .armenian),
        (0x590, 0x5FF, .hebrew), (0x600, 0x6FF, .arabic), (0x700, 0x74F, .syriac), (0x750, 0x77F, .arabic),
        (0x780, 0x7BF, .thaana), (0x8A0, 0x8FF, .arabic), (0x900, 0xD7F, .indic), (0xD80, 0xDFF, .sinhala),
        (0xE00, 0xE7F, .thai), (0xE80, 0xEFF, .lao), (0xF00, 0xFFF, .tibetan), (0x1000, 0x109F, .myanmar),
        (0x10A0, 0x10FF, .georgian), (0x1100, 0x11FF, .cjk), (0x1200, 0x139F, .ethiopic), (0x13A0, 0x13FF, .cherokee),
        (0x1780, 0x17FF, .khmer), (0x1C80, 0x1C8F, .cyrillic), (0x1C90, 0x1CBF, .georgian), (0x1E00, 0x1EFF, .latin),
        (0x1F00, 0x1FFF, .greek), (0x2C60, 0x2C7F, .latin), (0x2D00, 0x2D2F, .georgian), (0x2DE0, 0x2DFF, .cyrillic),
        (0x2E80, 0x2FDF, .cjk), (0x3005, 0x3007, .cjk), (0x3021, 0x3029, .cjk), (0x3031, 0x3035, .cjk),
        (0x3038, 0x303C, .cjk), (0x3040, 0x30FF, .cjk), (0x3105, 0x31FF, .cjk), (0x3400, 0x4DBF, .cjk),
        (0x4E00, 0x9FFF, .cjk), (0xA640, 0xA69F, .cyrillic), (0xA720, 0xA7FF, .latin), (0xA960, 0xA97F, .cjk),
        (0xAB30, 0xAB6F, .latin), (0xAC00, 0xD7FF, .cjk), (0xF900, 0xFAFF, .cjk), (0xFB00, 0xFB06, .latin),
        (0xFB1D, 0xFB4F, .hebrew), (0xFB50, 0xFDFF, .arabic), (0xFE70, 0xFEFC, .arabic), (0xFF21, 0xFF3A, .latin),
        (0xFF41, 0xFF5A, .latin), (0xFF66, 0xFFDC, .cjk), (0x20000, 0x3FFFF, .cjk),
    ]
}

/// ``LinkScript`` for every character: one load for the BMP (a script per 16 code points, or a binary search in
/// the few groups that hold more than one script), ranges for the planes above.
struct LinkScriptTable: Sendable {
    /// The table every detector shares.
    static let shared = LinkScriptTable()

    /// The script of each group of 16 BMP code points; `nil` where the group must be searched.
    private let groups: [LinkScript?]

    private init() {
        groups = (0..<4096).map { group in
            let first = UInt32(group) << 4
            let last = first + 15
            let touching = LinkScript.ranges.filter { $0.first <= last && $0.last >= first }
            if touching.isEmpty { return .common }
            if touching.count == 1, touching[0].first <= first, touching[0].last >= last { return touching[0].script }
            return nil
        }
    }

    /// The script of `c`.
    @inline(__always) func script(of c: UInt32) -> LinkScript {
        if c < 0x80 { return ScalarClass.isASCIILetter(c) ? .latin : .common }
        if c < 0x250 { return c >= 0xC0 && c != 0xD7 && c != 0xF7 ? .latin : .common }
        if c < 0x10000, let script = groups[Int(c >> 4)] { return script }
        if c >= 0x20000 { return c <= 0x3FFFF ? .cjk : .common }
        if c >= 0x10000 && c < 0x20000 { return .common }
        let ranges = LinkScript.ranges
        let index = ranges.partitioningIndex { $0.last >= c }
        guard index < ranges.count, ranges[index].first <= c else { return .common }
        return ranges[index].script
    }
}
