import LabelKitText

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

    /// What the font system's answers to ``face(for:)`` and ``fallbackFace(for:descriptor:emojiPresentation:)`` are
    /// now, for keeping them across layouts: equal identities give equal answers. Nil by default: the typesetter then
    /// keeps answers within one layout only.
    var answersIdentity: FontAnswersIdentity? { get }
}

extension FontSystem {
    /// Nil: answers are kept within one layout only.
    public var answersIdentity: FontAnswersIdentity? { nil }
}

/// Names one font system's answers at one time: its object and a generation that changes whenever its answers may
/// (a font registered). The typesetter keeps fallback answers from layout to layout while the identity stays the same.
///
/// ```swift
/// public var answersIdentity: FontAnswersIdentity? { FontAnswersIdentity(owner: self, generation: generation) }
/// ```
public struct FontAnswersIdentity: Sendable {
    /// The font system, held so that its identity cannot pass to another object while the answers are kept.
    let owner: any AnyObject & Sendable
    let generation: Int

    /// The answers of `owner` at `generation`.
    public init(owner: any AnyObject & Sendable, generation: Int) {
        self.owner = owner
        self.generation = generation
    }

    /// Whether both name the same font system at the same generation.
    func isSame(as other: FontAnswersIdentity) -> Bool {
        owner === other.owner && generation == other.generation
    }
}
