import LabelKitLayout
import LabelKitText

extension LabelTypesetter {
    /// A typesetter over the system backends — ``SystemFontSystem/shared`` (fontconfig, FreeType and HarfBuzz) for
    /// fonts, ``ICUTextAnalyzer/shared`` for segmentation, ``LibhyphenHyphenator/shared`` for hyphenation — in the
    /// default style (DejaVu Sans, 15 points), keeping its
    /// caches in ``LabelKitLayout/TypesettingContext/system``.
    ///
    /// ```swift
    /// let size = try LabelTypesetter.system.measurement("Hello", width: 200).size
    /// ```
    public static var system: LabelTypesetter {
        LabelTypesetter(
            fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared, context: .system,
            hyphenator: LibhyphenHyphenator.shared)
    }

    /// A system typesetter in `style`, sharing ``LabelKitLayout/TypesettingContext/system`` with every other.
    public static func system(style: TextStyle) -> LabelTypesetter {
        LabelTypesetter(
            fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared, style: style, context: .system,
            hyphenator: LibhyphenHyphenator.shared)
    }
}

extension TypesettingContext {
    /// The context every `LabelTypesetter.system` typesetter shares, over ``SystemFontSystem/shared``: one word cache
    /// of ``LabelKitLayout/ShapedWordCache/standardCapacity`` words, the scratch buffers of the layouts running at once
    /// (about one set per thread) and the fallback answers kept with them, for the life of the process.
    ///
    /// Make a context of your own to keep a part of an app apart (its own word cache and capacity), or to empty it
    /// with ``LabelKitLayout/TypesettingContext/removeAll()`` when that part goes away:
    ///
    /// ```swift
    /// let context = TypesettingContext(wordCache: ShapedWordCache(capacity: 2_000))
    /// let typesetter = LabelTypesetter(
    ///     fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared, context: context)
    /// ```
    public static let system = TypesettingContext()
}
