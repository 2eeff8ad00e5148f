import LabelKit

/// A method call being answered: the node it is for, its arguments, the tree that answers it, and what the views
/// reported for the actions it performed.
///
/// A call whose arguments are not of its method's signature is refused before it gets here
/// (``ATSPIDispatchTable/refusal(of:_:signature:arguments:node:tree:)``); the values are still read defensively: a
/// missing or mistyped argument reads as 0 or "".
@MainActor
struct ATSPIRequest {
    let node: ATSPINode
    let arguments: [DBusValue]
    let tree: AccessibilityTree
    /// What the views reported for the actions performed, for the app to react to as to a click's events.
    var events: [(view: any InteractiveView, event: ViewEvent)] = []

    init(node: ATSPINode, arguments: [DBusValue], tree: AccessibilityTree) {
        self.node = node
        self.arguments = arguments
        self.tree = tree
    }

    /// Argument `index` as an `i` (a `u` or an `n` converts).
    func int(_ index: Int) -> Int32 { arguments.indices.contains(index) ? arguments[index].int32Value ?? 0 : 0 }
    /// Argument `index` as a `u` (an `i` converts).
    func uint(_ index: Int) -> UInt32 { arguments.indices.contains(index) ? arguments[index].uint32Value ?? 0 : 0 }
    /// Argument `index` as an `s` or an `o`.
    func string(_ index: Int) -> String {
        arguments.indices.contains(index) ? arguments[index].stringValue ?? "" : ""
    }
}
