import LabelKit
import LabelKitJSON

extension JSONValue {
    /// A link's `"safe":B,"warnings":[…]` members, written once for every command that prints a link (`links`, `hit`,
    /// `interact`), so that the keys and the order of the warnings' names are the same everywhere.
    static func linkSafety(isSafe: Bool, warnings: LinkWarnings) -> [(String, JSONValue)] {
        [("safe", .bool(isSafe)), ("warnings", .array(warnings.names.map { .string($0) }))]
    }
}
