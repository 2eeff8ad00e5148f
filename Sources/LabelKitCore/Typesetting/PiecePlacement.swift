/// Where a piece goes on its line.
struct PiecePlacement {
    var lineIndex: Int
    var top: Double
    var height: Double
    var baseline: Double
    var extra: Double
    var justifiesAtSpaces: Bool
    var isLastPiece: Bool
}
