import Foundation

/// A positioned line's frame.
struct LineFrame {
    var record: LineRecord
    var x: Double
    var top: Double
    var width: Double
    var isTruncated: Bool
    var level: UInt8
    var hitTop: Double
    var hitBottom: Double
}
