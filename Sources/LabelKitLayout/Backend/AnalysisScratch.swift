/// Scratch space a ``TextAnalyzer`` keeps from one call to the next, handed to it by the typesetter.
///
/// Segmentation engines keep costly, mutable objects between calls: ICU's break iterators build their rule tables
/// when they are made. The typesetter keeps one scratch with each of its ``TypesettingContext``'s stage workspaces, and
/// a workspace serves one text at a time, so an analyzer reuses what it stored here without a lock and without a
/// per-thread cache: the scratch lives where the context's workspaces live.
///
/// ```swift
/// func analyzeBoundaries(
///     of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags], scratch: inout AnalysisScratch
/// ) {
///     let iterators = scratch.storage as? MyIterators ?? MyIterators()
///     scratch.storage = iterators
///     iterators.markBoundaries(of: text, into: &flags)
/// }
/// ```
public struct AnalysisScratch: Sendable {
    /// What the analyzer keeps: any object of its own, or nil before its first call. Another analyzer may find
    /// something it did not store here (typesetters of two analyzers sharing a context) and replaces it.
    public var storage: (any AnyObject & Sendable)?

    /// An empty scratch.
    public init() {
        storage = nil
    }
}
