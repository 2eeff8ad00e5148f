/// A label's own say on copying, over the app's ``CopyPolicy``.
///
/// ```swift
/// let override: CopyOverride = .disabled   // this label shows a one-time code that must not be copied
/// ```
public enum CopyOverride: String, Sendable, Hashable, CaseIterable {
    /// Follow the policy.
    case inherit
    /// Allow copying, even inside a control.
    case enabled
    /// Never copy.
    case disabled
}

/// Whether labels offer Copy on a long press: on for every label except those inside a control (a button's title,
/// a checkbox's text, where a long press belongs to the control), with a per-label ``CopyOverride``.
///
/// The policy is a value the app passes to its labels — there is no global switch to mutate.
///
/// ```swift
/// let policy = CopyPolicy()                       // copy on, off inside controls
/// policy.isCopyEnabled(containerIsControl: false) // true
/// policy.isCopyEnabled(containerIsControl: true)  // false
/// policy.isCopyEnabled(containerIsControl: true, override: .enabled)  // true
/// ```
public struct CopyPolicy: Sendable, Hashable {
    /// Whether labels outside controls offer Copy.
    public var copiesByDefault: Bool
    /// Whether labels inside a control offer Copy.
    public var copiesInsideControls: Bool

    /// Creates a policy; by default copy is on except inside controls.
    public init(copiesByDefault: Bool = true, copiesInsideControls: Bool = false) {
        self.copiesByDefault = copiesByDefault
        self.copiesInsideControls = copiesInsideControls
    }

    /// Whether a label offers Copy, given whether its container declares itself a control and the label's override.
    public func isCopyEnabled(containerIsControl: Bool, override: CopyOverride = .inherit) -> Bool {
        switch override {
        case .enabled: true
        case .disabled: false
        case .inherit: containerIsControl ? copiesInsideControls : copiesByDefault
        }
    }
}
