/// The style of one run of laid-out text: the base ``TextStyle`` with the run's attributes applied.
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
    /// Extra space after each grapheme cluster, in points.
    public var kern: Double
    /// The index of the run's link in ``TextLayout/links``, if the run is part of a link.
    public var linkIndex: Int?
}
