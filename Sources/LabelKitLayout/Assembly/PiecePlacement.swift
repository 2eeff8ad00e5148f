/// Where a piece goes on its line: the line, and how justification stretches it.
struct PiecePlacement {
    var lineIndex: Int
    /// Extra space per justification opportunity.
    var extra: Double
    /// Which gaps justification stretches.
    var justification: JustificationGaps
    /// The end of the line's text (trailing spaces excluded): the gap after its last cluster is never stretched.
    var lineContentEnd: Int
    /// Whether the piece is the line's last (its last cluster gets no extra space).
    var isLastPiece: Bool
    /// The y coordinate of the line's baseline, and the extent of its text (see ``BrokenLine``), for placing
    /// inline boxes.
    var baseline: Double
    var textAscent: Double
    var textDescent: Double
}
