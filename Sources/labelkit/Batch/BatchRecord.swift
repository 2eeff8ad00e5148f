import Foundation
import LabelKitJSON

/// One record of a batch: the members of its JSON object that the command reads, and its line number for messages.
/// Other keys are ignored.
struct BatchRecord: OptionValueSource {
    let members: JSONMembers
    let line: Int

    /// The keys a command reads from a record: `"text"`, `"runs"`, `"html"` or `"pangoMarkup"`, and the batch key
    /// of each of its options.
    static func keys(for options: [any OptionDeclaration]) -> Set<String> {
        Set(TextSource.recordKeys + options.compactMap(\.batchKey))
    }

    /// The required `"text"` string.
    func text() throws(UsageError) -> String {
        guard case .string(let text) = members["text"] else {
            throw UsageError(message: "line \(line): missing \"text\" string")
        }
        return text
    }

    /// The value the record gives `option` under its batch key; nil when the option has no batch key, or the record
    /// does not hold the key or holds null there.
    func value<Value>(of option: Option<Value>) throws(UsageError) -> Value? {
        guard let key = option.batchKey, let member = members[key] else { return nil }
        return try option.batchValue(member, line: line)
    }

    /// The value of an option the record must give: `missing "points":[[x,y],…]` when it does not.
    func requiredValue<Value>(of option: Option<Value>) throws(UsageError) -> Value {
        guard let value = try value(of: option) else {
            let key = option.batchKey ?? option.name
            throw UsageError(message: "line \(line): missing \"\(key)\"" + (option.batchForm.map { ":" + $0 } ?? ""))
        }
        return value
    }
}
