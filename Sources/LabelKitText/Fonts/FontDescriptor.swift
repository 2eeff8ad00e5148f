/// What a run of text asks of the font system: a family, a weight and a slant.
///
/// ```swift
/// let bold = FontDescriptor(family: "DejaVu Sans", weight: .bold)
/// ```
public struct FontDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The family name, as fontconfig or a registered font file knows it ("DejaVu Sans").
    public var family: String
    /// The weight, on the CSS / OpenType scale (100…900).
    public var weight: FontWeight
    /// Whether an italic or oblique face is wanted.
    public var italic: Bool

    /// Creates a descriptor.
    public init(family: String, weight: FontWeight = .regular, italic: Bool = false) {
        self.family = family
        self.weight = weight
        self.italic = italic
    }

    /// A readable form for error messages: `"DejaVu Sans" weight 700 italic`.
    public var description: String {
        "\"\(family)\" weight \(weight.rawValue)\(italic ? " italic" : "")"
    }
}
