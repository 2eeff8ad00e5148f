/// The Unicode Vertical_Orientation property of a character (UAX #50): how it is set in a vertical line.
///
/// In a vertical line (縦書き) ideographs, kana, Hangul and fullwidth forms stand upright, as in the code charts, while
/// Latin letters, digits and most punctuation of horizontal scripts are turned 90° clockwise with the line (sideways,
/// the word LabelKit uses for Unicode's "rotated" throughout, as CSS does). Some characters need a glyph of their own
/// in a vertical line: the ideographic full stop moves to the upper right (transformed upright), brackets and the
/// prolonged sound mark turn with the line but take the font's vertical form where it has one (transformed, else
/// sideways).
///
/// ```swift
/// VerticalOrientation("漢") // .upright
/// VerticalOrientation("a") // .sideways
/// VerticalOrientation("。") // .transformedUpright
/// VerticalOrientation("「") // .transformedSideways
/// ```
///
/// The values are Unicode's, from a table generated from `VerticalOrientation.txt`
/// (`Scripts/generate-vertical-orientation.py`); a lookup allocates nothing.
public enum VerticalOrientation: UInt8, Sendable, Hashable, CaseIterable {
    /// Upright (U): set as in the code charts, like ideographs and kana.
    case upright
    /// Sideways (Unicode's R, "rotated"): turned 90° clockwise, like Latin letters and digits.
    case sideways
    /// Transformed upright (Tu): a vertical glyph of its own where the font has one, upright otherwise, like 。 and 、.
    case transformedUpright
    /// Transformed, else sideways (Unicode's Tr, "transformed rotated"): a vertical glyph of its own where the font has
    /// one, sideways otherwise, like 「 and ー.
    case transformedSideways

    /// The property of `scalar`.
    ///
    /// ```swift
    /// VerticalOrientation("ア").isUpright // true
    /// ```
    public init(_ scalar: Unicode.Scalar) {
        self = Self.of(scalar.value)
    }

    /// The property of a code point value; values that are no scalar (surrogates, > 0x10FFFF) answer `.sideways`.
    ///
    /// Called per character while laying out vertical text: values below the first character that is not rotated
    /// (U+00A7) answer at once, the others by a binary search over the runs of equal values.
    package static func of(_ value: UInt32) -> VerticalOrientation {
        if value < firstNonRotatedValue || value > 0x10FFFF { return .sideways }
        // The entries are start << 8 | raw value, sorted by start: the run holding `value` is the last entry not
        // greater than `value << 8 | 0xFF`. The surrogates lie in a run of R (the generator checks that).
        let key = value << 8 | 0xFF
        return runs.withUnsafeBufferPointer { entries in
            var lower = 0
            var count = entries.count
            while count > 0 {
                let half = count >> 1
                if entries[lower + half] <= key {
                    lower += half + 1
                    count -= half + 1
                } else {
                    count = half
                }
            }
            // `lower` entries start at or before `value`; the first starts at `firstNonRotatedValue`, so there is one.
            guard lower > 0 else { return .sideways }
            return VerticalOrientation(rawValue: UInt8(truncatingIfNeeded: entries[lower - 1])) ?? .sideways
        }
    }

    /// Whether the character stands upright in mixed orientation: U, Tu and Tr (Tr takes the font's vertical form).
    ///
    /// As in CSS's `text-orientation: mixed`, only sideways (R) characters are turned with the line. A transformed one
    /// (Tr) is set upright with the font's vertical glyph (OpenType `vert`), whose shape is already the turned one; it
    /// is turned sideways only where the font has no such glyph, which the font, not this property, decides.
    ///
    /// ```swift
    /// VerticalOrientation("ー").isUpright // true: the font's vertical form
    /// VerticalOrientation("1").isUpright // false
    /// ```
    public var isUpright: Bool {
        self != .sideways
    }
}
