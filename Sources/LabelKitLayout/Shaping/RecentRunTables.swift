import LabelKitText

/// The faces and metrics tables of recent layouts, kept by a ``TypesettingContext`` so that later layouts that use the
/// same ones share them.
///
/// A layout's runs name their face and metrics by index into two small arrays. Most labels of an app use one of a
/// few such tables — DejaVu Sans at 15 points; DejaVu Sans and Noto Sans CJK JP — so a layout takes an equal table
/// made for an earlier layout instead of keeping its own copy: about 200 bytes less per retained layout. The recent
/// tables are kept most recent first, a few of each; a table not among them is kept as it is.
final class RecentRunTables: Sendable {
    private struct Recent {
        var faces: [[any FontFace]] = []
        var metrics: [[FontMetrics]] = []
    }

    /// How many tables of each kind are kept.
    private static let limit = 8
    private let recent = LockedState(Recent())

    /// An array equal to `faces` (the same faces in the same order), made for an earlier layout if there is one.
    func shared(_ faces: [any FontFace]) -> [any FontFace] {
        guard !faces.isEmpty else { return faces }
        return recent.withLock { recent in
            if let index = recent.faces.firstIndex(where: { Self.sameFaces($0, faces) }) {
                let found = recent.faces[index]
                if index > 0 { recent.faces.swapAt(0, index) }
                return found
            }
            Self.remember(faces, in: &recent.faces)
            return faces
        }
    }

    /// An array equal to `metrics`, made for an earlier layout if there is one.
    func shared(_ metrics: [FontMetrics]) -> [FontMetrics] {
        guard !metrics.isEmpty else { return metrics }
        return recent.withLock { recent in
            if let index = recent.metrics.firstIndex(of: metrics) {
                let found = recent.metrics[index]
                if index > 0 { recent.metrics.swapAt(0, index) }
                return found
            }
            Self.remember(metrics, in: &recent.metrics)
            return metrics
        }
    }

    /// How many tables of each kind are kept.
    var count: (faces: Int, metrics: Int) {
        recent.withLock { ($0.faces.count, $0.metrics.count) }
    }

    /// Forgets every table.
    func removeAll() {
        recent.withLock { $0 = Recent() }
    }

    private static func remember<Table>(_ table: Table, in tables: inout [Table]) {
        if tables.count == limit { tables.removeLast() }
        tables.insert(table, at: 0)
    }

    private static func sameFaces(_ a: [any FontFace], _ b: [any FontFace]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }
}
