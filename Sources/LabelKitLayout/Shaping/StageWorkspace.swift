/// The scratch space of the stages that make a ``ShapedParagraphs`` — analysis, itemization, orientation and shaping —
/// each stage's own, lent by a ``TypesettingContext`` to one text at a time and given back as soon as it is shaped.
///
/// Laying out thousands of labels would otherwise allocate and free the same arrays each time, and the itemizer's
/// kept fallback answers live here too, so that the next text on this workspace finds them.
struct StageWorkspace: Sendable {
    var analysis = AnalysisStage()
    var itemizer = Itemizer()
    var orienter = ColumnOrienter()
    var shaper = Shaper()

    /// Empties what belongs to the last text, keeping the capacity and the kept fallback answers.
    mutating func removeAll() {
        analysis.removeAll()
        itemizer.removeAll()
        orienter.removeAll()
        shaper.removeAll()
    }
}
