import LabelKitText

/// What a pass through the typesetter is for: a layout, whose glyphs are positioned, or a measurement, which needs
/// the lines' sizes alone.
enum TypesettingPurpose: Sendable {
    case layout
    /// Sizes only: a measurement of horizontal text writes the advances of cached words straight into the grapheme
    /// advances, with no glyphs, and positions no glyph.
    case measurement
}

/// The typesetter's backends and context, and the one function that takes a text through the first four stages
/// (``shape(_:columns:purpose:)``); line breaking, fitting, positioning and assembly follow in the extensions of the
/// later stages' folders.
struct TypesettingPipeline: Sendable {
    /// Finds and shapes fonts.
    let fontSystem: any FontSystem
    /// Segments text.
    let analyzer: any TextAnalyzer
    /// Finds hyphenation points for paragraphs with automatic hyphenation; nil for none.
    let hyphenator: HyphenatorReference?
    /// Where the stages' workspaces and the arrays come from and go back to, with the word cache.
    let context: TypesettingContext

    /// `text` analysed, itemized, oriented (for the columns of vertical text, by `transform`) and shaped — for a layout,
    /// or with `purpose` `.measurement` for sizes alone. The default transform is horizontal lines.
    ///
    /// The stages run in order on a workspace lent by the context, which takes it back before this returns; the
    /// result's arrays go back with its ``ShapedParagraphs/recycle()``.
    func shape(
        _ text: consuming StyledText, for transform: LineTransform = .lines, purpose: TypesettingPurpose = .layout
    ) throws(LayoutError) -> ShapedParagraphs {
        var shaped = ShapedParagraphs(
            text: text, transform: transform, buffers: context.takeBuffers(), context: context, analyzer: analyzer)
        var workspace = context.takeWorkspace()
        let textLength = shaped.utf16.count
        do throws(LayoutError) {
            try runStages(on: &shaped, with: &workspace, purpose: purpose)
        } catch {
            context.recycle(consume workspace, textLength: textLength)
            throw error
        }
        // The workspace goes back as soon as the text is shaped; the shaped text's arrays when its layout is built.
        context.recycle(consume workspace, textLength: textLength)
        if shaped.text.rubies != nil {
            do throws(LayoutError) {
                try attachRubies(to: &shaped, purpose: purpose)
            } catch {
                shaped.recycle()
                throw error
            }
        }
        return shaped
    }

    /// Analysis, itemization, orientation (in columns) and shaping of `shaped`'s text, in order.
    private func runStages(
        on shaped: inout ShapedParagraphs, with workspace: inout StageWorkspace, purpose: TypesettingPurpose
    ) throws(LayoutError) {
        let units = shaped.utf16
        try units.withUnsafeBufferPointer { (units) throws(LayoutError) in
            workspace.analysis.analyze(units, of: shaped.text, with: analyzer, into: &shaped.analysis)
            if let rubies = shaped.text.rubies { shaped.analysis.keepRubyBasesWhole(rubies.styled) }
            try workspace.itemizer.itemize(
                units, of: shaped.text, analysis: shaped.analysis, fontSystem: fontSystem, into: &shaped.itemized)
            let columns = shaped.transform.columns
            if let columns {
                workspace.orienter.orient(
                    units, of: shaped.text, in: columns, analysis: &shaped.analysis, itemized: &shaped.itemized,
                    inlineBoxes: &shaped.inlineBoxes)
            }
            // Text whose glyphs a later stage moves (set in columns) is measured from its glyphs.
            let measuring = purpose == .measurement && columns == nil && context.wordCache != nil
            workspace.shaper.shape(
                units, of: shaped.text, lending: &shaped.analysis.flags, faces: &shaped.itemized.faces,
                inlineBoxes: shaped.inlineBoxes, wordCache: context.wordCache, measuring: measuring,
                items: &shaped.itemized.items, into: &shaped.shaping)
            if columns != nil {
                ColumnOrienter.setInColumns(
                    &shaped.itemized.items, glyphs: &shaped.shaping.glyphs, styles: shaped.text.styles)
            }
            workspace.shaper.writeGraphemeAdvances(
                textLength: units.count, flags: shaped.analysis.flags, items: shaped.itemized.items,
                measured: measuring, into: &shaped.shaping)
            // Shaping saw every control character: only a text with a tab looks for the paragraphs that hold one.
            if workspace.shaper.sawTab { shaped.analysis.markParagraphsWithTabs(units) }
        }
    }
}
