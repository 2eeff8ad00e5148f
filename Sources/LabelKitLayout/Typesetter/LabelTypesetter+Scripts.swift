import Foundation
import LabelKitText

extension LabelTypesetter {
    /// The size and baseline offset of a superscript or subscript in the font `descriptor` names at `fontSize`
    /// points: the font's own (`OS/2`) values when they are plausible, else common proportions
    /// (``ScriptMetrics/fallback(_:fontSize:)``).
    ///
    /// - Throws: ``LayoutError/font(_:)`` when no font matches; ``LayoutError/invalidParameter(_:)`` for a size that
    ///   is not a finite number > 0.
    public func scriptMetrics(_ position: ScriptPosition, descriptor: FontDescriptor, fontSize: Double)
        throws(LayoutError) -> ScriptMetrics
    {
        guard fontSize.isFinite, fontSize > 0 else {
            throw .invalidParameter("font size must be a finite number > 0, not \(fontSize)")
        }
        let face: any FontFace
        do {
            face = try fontSystem.face(for: descriptor)
        } catch {
            throw .font(error)
        }
        if let own = face.scriptMetrics(position, size: fontSize), own.isPlausible(forFontSize: fontSize) { return own }
        return .fallback(position, fontSize: fontSize)
    }
}

extension AttributedString {
    /// Makes `range` a superscript or subscript: each run's font size and baseline offset become those its font
    /// recommends for the run's size (read through `typesetter`'s font system, over its base style) — the sizes and
    /// offsets a footnote marker or a chemical formula needs, from the font's own `OS/2` metrics.
    ///
    /// ```swift
    /// var note = AttributedString("Prices include VAT1")
    /// let marker = note.index(note.endIndex, offsetByCharacters: -1)..<note.endIndex
    /// try note.applyScript(.superscript, to: marker, using: typesetter)
    /// ```
    ///
    /// - Throws: ``LayoutError/font(_:)`` when a run's font does not exist; ``LayoutError/invalidParameter(_:)``
    ///   for a run whose font size is not a finite number > 0.
    public mutating func applyScript(
        _ position: ScriptPosition, to range: Range<AttributedString.Index>, using typesetter: LabelTypesetter
    ) throws(LayoutError) {
        let base = typesetter.style
        var changes: [(range: Range<AttributedString.Index>, metrics: ScriptMetrics)] = []
        for run in self[range].runs {
            let descriptor = FontDescriptor(
                family: run.labelKit.fontFamily ?? base.fontFamily,
                weight: run.labelKit.fontWeight.map(FontWeight.init(clamping:)) ?? base.fontWeight,
                italic: run.labelKit.italic ?? base.italic, language: run.labelKit.language ?? base.language)
            let size = run.labelKit.fontSize ?? run.labelKit.textStyle?.defaultSize ?? base.unscaledFontSize
            changes.append((run.range, try typesetter.scriptMetrics(position, descriptor: descriptor, fontSize: size)))
        }
        for change in changes {
            self[change.range].labelKit.fontSize = change.metrics.fontSize
            self[change.range].labelKit.baselineOffset = change.metrics.baselineOffset
        }
    }
}
