/// The style of one run of laid-out text: the base ``TextStyle`` with the run's attributes applied. A layout stores
/// each distinct style once; a run reads its own through ``GlyphRun/style``.
public struct ResolvedTextStyle: Sendable, Hashable {
    /// The font the run asks for.
    public var fontDescriptor: FontDescriptor
    /// The font size in points.
    public var fontSize: Double
    /// The colour of the glyphs.
    public var foregroundColor: LabelColor
    /// The colour behind the glyphs, if any.
    public var backgroundColor: LabelColor?
    /// The underline, if any.
    public var underline: LineDecoration?
    /// The strikethrough, if any.
    public var strikethrough: LineDecoration?
    /// Extra space after each grapheme cluster, in points (`NSKern`); it adds to ``tracking``.
    public var kern: Double
    /// The index of the run's link in ``TextLayout/links``, if the run is part of a link.
    public var linkIndex: Int?
    /// How far the run's glyphs, decorations and attachments are moved up from the line's baseline, in points
    /// (negative is down). ``GlyphRun/baseline`` is already moved by it.
    public var baselineOffset: Double = 0
    /// Extra space after each grapheme cluster, in points; it adds to ``kern``. Cluster boxes include it.
    public var tracking: Double = 0
    /// The OpenType feature settings the run was shaped with.
    public var fontFeatures = FontFeatures()
    /// The shadow beneath the run's glyphs, if any.
    public var shadow: TextShadow? = nil
    /// The outline around the run's glyphs, if any.
    public var stroke: TextStroke? = nil
    /// The underline's colour; nil for ``foregroundColor``.
    public var underlineColor: LabelColor? = nil
    /// The strikethrough's colour; nil for ``foregroundColor``.
    public var strikethroughColor: LabelColor? = nil
    /// The attachment the run shows instead of glyphs, if it is an attachment's run (its text is one U+FFFC).
    public var attachment: TextAttachment? = nil

    /// The space added after each grapheme cluster: ``kern`` plus ``tracking``.
    var clusterSpacing: Double { kern + tracking }
}
