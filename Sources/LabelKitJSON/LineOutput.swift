#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why lines could not be written.
package enum LineOutputError: Error, Equatable, CustomStringConvertible {
    /// The reader went away: a closed pipe (`EPIPE`), as when `head -1` has read its line.
    case readerClosed
    /// Any other write error, with its `errno` (a full disk, a closed descriptor).
    case failed(errno: Int32)

    /// A message for people.
    package var description: String {
        switch self {
        case .readerClosed: "the reader closed the pipe"
        case .failed(let code): String(cString: strerror(code))
        }
    }
}

/// Lines of text buffered for a file descriptor and written with `write(2)`: a closed reader comes back as an error
/// to handle rather than a signal that kills the process.
///
/// Writers should ignore `SIGPIPE` (``ignoreBrokenPipeSignal()``) so that writing to a closed pipe fails with `EPIPE`
/// instead of ending the process.
///
/// ```swift
/// var output = LineOutput.standardOutput
/// output.append(.object([("width", .number(120))]))
/// try output.flush()
/// ```
package struct LineOutput {
    /// The descriptor written to.
    package let descriptor: Int32
    /// Buffered bytes not yet written.
    package private(set) var pending = JSONWriter()
    /// How many bytes may wait before ``appendLine(_:)`` writes them out.
    package var capacity: Int

    /// Standard output, flushed every 64 KiB and whenever the caller flushes.
    package static var standardOutput: LineOutput { LineOutput(descriptor: 1, capacity: 64 * 1024) }

    /// An output for `descriptor`.
    package init(descriptor: Int32, capacity: Int) {
        self.descriptor = descriptor
        self.capacity = capacity
        pending.bytes.reserveCapacity(capacity + 1024)
    }

    /// Appends `value` as one line (its JSON text and a line feed); writes out once the buffer is full.
    package mutating func append(_ value: JSONValue) throws(LineOutputError) {
        pending.write(value)
        pending.bytes.append(UInt8(ascii: "\n"))
        if pending.bytes.count >= capacity { try flush() }
    }

    /// Appends bytes that already end in a line feed; writes out once the buffer is full.
    package mutating func appendLine(_ line: some Collection<UInt8>) throws(LineOutputError) {
        pending.bytes.append(contentsOf: line)
        if pending.bytes.count >= capacity { try flush() }
    }

    /// Appends `text` and a line feed.
    package mutating func appendLine(_ text: String) throws(LineOutputError) {
        pending.bytes.append(contentsOf: text.utf8)
        try appendLine(CollectionOfOne(UInt8(ascii: "\n")))
    }

    /// Writes out every buffered byte; on an error the buffer is dropped.
    package mutating func flush() throws(LineOutputError) {
        defer { pending.bytes.removeAll(keepingCapacity: true) }
        try Self.write(pending.bytes, to: descriptor)
    }

    /// Writes all of `bytes` to `descriptor`, retrying short writes and interrupted calls.
    package static func write(_ bytes: [UInt8], to descriptor: Int32) throws(LineOutputError) {
        let failure: Int32 = bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
        switch failure {
        case 0: return
        case EPIPE: throw .readerClosed
        default: throw .failed(errno: failure)
        }
    }

    /// Makes writing to a closed pipe fail with `EPIPE` instead of killing the process with `SIGPIPE`.
    package static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }
}

/// Writes `message` and a line feed to standard error, unbuffered; a closed standard error is ignored.
package func printError(_ message: String) {
    try? LineOutput.write(Array((message + "\n").utf8), to: 2)
}

/// `write(2)`, under a name that the static `write` above does not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
