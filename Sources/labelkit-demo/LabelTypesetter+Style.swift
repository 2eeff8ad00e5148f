import LabelKit

extension LabelTypesetter {
    /// This typesetter with another base style.
    func withStyle(_ style: TextStyle) -> LabelTypesetter {
        var copy = self
        copy.style = style
        return copy
    }
}
