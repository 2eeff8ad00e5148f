/// One design axis of a variable font set to a value, as in CSS `font-variation-settings`.
///
/// ```swift
/// let semiCondensedBold = [FontVariation(axis: "wght", value: 650), FontVariation(axis: "wdth", value: 87.5)]
/// ```
public struct FontVariation: Sendable, Hashable {
    /// The axis's four-character OpenType tag: `wght`, `wdth`, `opsz`, `slnt`, `ital` or a font's own axis.
    public var axis: String
    /// The value on the axis, in the axis's own units (`wght` 100…900, `wdth` a percentage).
    public var value: Double

    /// Creates an axis value.
    public init(axis: String, value: Double) {
        self.axis = axis
        self.value = value
    }
}
