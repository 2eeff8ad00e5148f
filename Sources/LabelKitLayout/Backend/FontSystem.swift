import LabelKitText

/// Finds faces: the primary face for a descriptor, and fallback faces for text it does not cover.
///
/// The Linux implementation (in `LabelKit`) uses fontconfig, FreeType and HarfBuzz. A font system is an object that
/// caches its faces and is safe to use from many threads at once; typesetters keep its answers across layouts in
/// their ``TypesettingContext`` for as long as its ``generation`` stays the same.
///
/// ```swift
/// final class BundledFonts: FontSystem {
///     func face(for descriptor: FontDescriptor) throws(FontError) -> any FontFace { … }
///     func fallbackFace(for cluster: UnsafeBufferPointer<UInt16>, descriptor: FontDescriptor,
///                       emojiPresentation: Bool) -> (any FontFace)? { nil }
///     var generation: Int? { 0 }   // its fonts never change
/// }
/// ```
public protocol FontSystem: AnyObject, Sendable {
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

    /// A number that changes whenever the answers of ``face(for:)`` and
    /// ``fallbackFace(for:descriptor:emojiPresentation:)`` may change (a font file registered, say): while it stays
    /// the same, a typesetting context keeps the fallback answers it was given from one layout to the next. Nil (the
    /// default) for a font system that cannot tell; its answers are then kept within one layout only.
    var generation: Int? { get }
}

extension FontSystem {
    /// Nil: the answers may change at any time, so they are kept within one layout only.
    public var generation: Int? { nil }
}
