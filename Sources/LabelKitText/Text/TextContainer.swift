import Foundation

/// The space text is laid out in, and the label-level limits: like a `UILabel`'s bounds, `numberOfLines`,
/// `lineBreakMode` and text insets.
///
/// ```swift
/// var container = TextContainer(width: 320, height: 100)
/// container.maximumNumberOfLines = 2
/// container.truncationToken = AttributedString("…more")
/// ```
public struct TextContainer: Sendable, Hashable {
    /// The width of the label's bounds (insets included); nil for no limit: lines break only at hard breaks.
    public var width: Double?
    /// The height of the label's bounds (insets included); nil to fit the text. Lines that do not fit are truncated,
    /// and the block of lines is placed by ``verticalAlignment``.
    public var height: Double?
    /// The most lines shown, counted over the whole label (not per paragraph); 0 for no limit.
    public var maximumNumberOfLines: Int
    /// Space between the bounds and the text.
    public var insets: EdgeInsets
    /// Where the lines sit inside bounds taller than the text.
    public var verticalAlignment: VerticalAlignment
    /// How text beyond the limits is cut.
    public var truncation: TruncationMode
    /// The token that marks truncated text; nil for "…" in the style of the text it follows. A token with a `.link`
    /// is hit as that link; otherwise a hit on it is reported as a hit on the token ("…more").
    public var truncationToken: AttributedString?
    /// Whether a line's height includes the font's line gap.
    public var usesFontLeading: Bool
    /// Device pixels per point of the surface the layout is drawn on (1 by default; 2 or 3 on high-density
    /// screens): the vertical-alignment offset is snapped to this pixel grid.
    ///
    /// Vertical alignment places the lines' measured height — rounded up to whole points, as
    /// ``/LabelKitLayout/TextLayout/size`` reports it — inside the bounds (as `UILabel` centres its text rect), then
    /// moves them to the nearest device pixel, halfway towards the top. So a label whose height is its own measurement
    /// starts its first line exactly at its top inset (a tap at y = 0 over the first glyph hits it), and glyph edges do
    /// not blur across a pixel row. A renderer or view that draws at another scale sets it:
    ///
    /// ```swift
    /// var container = TextContainer(width: 320, height: 60)
    /// container.displayScale = 2   // drawn with LabelRenderer(scale: 2) on a 2× screen
    /// ```
    ///
    /// Must be a finite number > 0 (``/LabelKitLayout/LayoutError/invalidParameter(_:)`` otherwise). Only the alignment
    /// offset is snapped: insets, line heights and glyph positions stay exact.
    public var displayScale: Double
    /// The smallest scale the text may shrink to so that it fits without truncation, 0 < f ≤ 1 (1, the default, never
    /// shrinks), as `UILabel.minimumScaleFactor` with `adjustsFontSizeToFitWidth`.
    ///
    /// When the text does not fit the width, height and line limit at full size, it is laid out at the largest scale,
    /// to 0.01, down to this one, that fits; ``/LabelKitLayout/TextLayout/scaleFactor`` reports it. Every font size,
    /// baseline offset, kern and tracking is scaled; attachments keep their size. If even this scale does not fit,
    /// the text is laid out at it and truncated.
    public var minimumScaleFactor: Double = 1
    /// Whether, before truncating, the text may be tightened: its tracking narrowed by up to 5 % of each run's font
    /// size, as little as makes it fit (as `UILabel.allowsDefaultTighteningForTruncation`). Applies after shrinking.
    public var allowsTighteningForTruncation = false
    /// Whether lines run horizontally or are columns (vertical text). In vertical text, ``height`` is the length
    /// columns wrap at, ``maximumNumberOfLines`` counts columns, the insets stay on their own sides, and
    /// ``verticalAlignment`` places the block of columns across the width: `.top` at the right edge, where the first
    /// column is, `.bottom` at the left.
    public var writingMode: WritingMode = .horizontalTopToBottom
    /// How characters stand in vertical text's columns.
    public var textOrientation: TextOrientation = .mixed

    /// Creates a container.
    public init(
        width: Double? = nil,
        height: Double? = nil,
        maximumNumberOfLines: Int = 0,
        insets: EdgeInsets = .zero,
        verticalAlignment: VerticalAlignment = .center,
        truncation: TruncationMode = .tail,
        truncationToken: AttributedString? = nil,
        usesFontLeading: Bool = false,
        displayScale: Double = 1,
        minimumScaleFactor: Double = 1,
        allowsTighteningForTruncation: Bool = false,
        writingMode: WritingMode = .horizontalTopToBottom,
        textOrientation: TextOrientation = .mixed
    ) {
        self.width = width
        self.height = height
        self.maximumNumberOfLines = maximumNumberOfLines
        self.insets = insets
        self.verticalAlignment = verticalAlignment
        self.truncation = truncation
        self.truncationToken = truncationToken
        self.usesFontLeading = usesFontLeading
        self.displayScale = displayScale
        self.minimumScaleFactor = minimumScaleFactor
        self.allowsTighteningForTruncation = allowsTighteningForTruncation
        self.writingMode = writingMode
        self.textOrientation = textOrientation
    }
}
