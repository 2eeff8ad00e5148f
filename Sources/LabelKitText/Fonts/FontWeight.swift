/// A font weight on the CSS / OpenType scale.
public struct FontWeight: RawRepresentable, Hashable, Sendable, Comparable {
    /// The weight, 1…1000; 400 is regular, 700 bold.
    public var rawValue: Int
    /// Creates a weight.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Creates a weight from any number, moved into the scale's range 1…1000 (an attribute may hold any `Int`).
    ///
    /// ```swift
    /// FontWeight(clamping: 2_000).rawValue   // 1000
    /// ```
    public init(clamping value: Int) { rawValue = min(max(value, 1), 1000) }
    /// Thin: weight 100.
    public static let thin = FontWeight(rawValue: 100)
    /// Light: weight 300.
    public static let light = FontWeight(rawValue: 300)
    /// Regular: weight 400.
    public static let regular = FontWeight(rawValue: 400)
    /// Medium: weight 500.
    public static let medium = FontWeight(rawValue: 500)
    /// Semibold: weight 600.
    public static let semibold = FontWeight(rawValue: 600)
    /// Bold: weight 700.
    public static let bold = FontWeight(rawValue: 700)
    /// Black: weight 900.
    public static let black = FontWeight(rawValue: 900)
    /// Orders weights from light to heavy.
    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }
}
