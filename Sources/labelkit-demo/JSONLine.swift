import LabelKitJSON

/// Writes events as JSON lines on stdout, one `write` per line so that each reaches the reader at once, when enabled.
/// The lines are `LabelKitJSON`'s, in the number format `labelkit` prints; `"event"` comes first.
struct EventLog {
    var isEnabled: Bool

    func emit(_ event: String, _ members: [(String, JSONValue)] = []) {
        guard isEnabled else { return }
        var writer = JSONWriter()
        writer.write(.object([("event", .string(event))] + members))
        writer.bytes.append(UInt8(ascii: "\n"))
        // A reader that went away (the test driver quit) is no reason to stop the app.
        try? LineOutput.write(writer.bytes, to: 1)
    }
}
