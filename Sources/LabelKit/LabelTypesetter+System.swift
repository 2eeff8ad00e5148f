extension LabelTypesetter {
    /// A typesetter over the system backends — fontconfig, FreeType and HarfBuzz for fonts, ICU for segmentation —
    /// in the default style (DejaVu Sans, 15 points).
    ///
    /// ```swift
    /// let size = try LabelTypesetter.system.measurement("Hello", width: 200).size
    /// ```
    public static var system: LabelTypesetter {
        LabelTypesetter(fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer())
    }

    /// A system typesetter in `style`.
    public static func system(style: TextStyle) -> LabelTypesetter {
        LabelTypesetter(fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer(), style: style)
    }
}
