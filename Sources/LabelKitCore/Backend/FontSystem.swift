/// Finds faces: the primary face for a descriptor, and fallback faces for text it does not cover.
///
/// The Linux implementation (in `LabelKit`) uses fontconfig, FreeType and HarfBuzz. Implementations cache faces and
/// are safe to use from many threads at once.
public protocol FontSystem: Sendable {
    /// The face that best matches `descriptor`, or ``FontError/noMatch(_:)`` when the family is neither installed nor
    /// registered.
    func face(for descriptor: FontDescriptor) throws(FontError) -> any FontFace

    /// A face to draw one grapheme cluster (its UTF-16 code units in `cluster`) that `descriptor`'s primary face
    /// cannot draw whole, or that needs emoji presentation; nil when no face does better than the primary one.
    func fallbackFace(
        for cluster: UnsafeBufferPointer<UInt16>,
        descriptor: FontDescriptor,
        emojiPresentation: Bool
    ) -> (any FontFace)?
}
