/// The limits that stop line breaking.
struct LineLimits {
    var maximumWidth: Double
    var maximumLines: Int
    var maximumHeight: Double
    var usesFontLeading: Bool
}
