import LabelKit

extension LabelTypesetter {
    /// This typesetter with another base style, at this typesetter's text scale.
    func withStyle(_ style: TextStyle) -> LabelTypesetter {
        var copy = self
        copy.style = style
        copy.style.textScale = self.style.textScale
        return copy
    }
}
