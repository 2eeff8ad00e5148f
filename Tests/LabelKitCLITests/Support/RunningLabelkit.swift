import Foundation

/// A `labelkit` process that a test talks to while it runs: it writes to its standard input and reads its standard
/// output line by line, with a timeout, through plain descriptors.
final class RunningLabelkit {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    private var pending: [UInt8] = []
    private var consumed = 0

    /// Starts `labelkit arguments`; with `outputClosed`, the reading end of its standard output is closed first, as
    /// when the reader has already gone away.
    /// `environment` adds to (or replaces) variables of the test's own environment.
    init(_ arguments: [String], outputClosed: Bool = false, environment: [String: String] = [:]) throws {
        process.executableURL = labelkitBinary
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        if outputClosed { try output.fileHandleForReading.close() }
        try process.run()
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// Writes `text` to the process's standard input and returns once the pipe has taken it all.
    func write(_ text: String) {
        let done = DispatchSemaphore(value: 0)
        writeInBackground(text, then: { done.signal() })
        done.wait()
    }

    /// Writes `text` to the process's standard input from another thread (so that the test can read the output
    /// meanwhile), then calls `then`, and closes the input when `closing` is set.
    func writeInBackground(_ text: String, closing: Bool = false, then: @escaping @Sendable () -> Void = {}) {
        LabelKitCLITests.writeInBackground(
            Array(text.utf8), to: input.fileHandleForWriting, closing: closing, then: then)
    }

    /// Closes standard input: the end of the batch.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// The next line of standard output, nil when none comes within `timeout` seconds or the output ends.
    func readLine(timeout: Double = 20) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = pending[consumed...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[consumed..<newline], as: UTF8.self)
                consumed = newline + 1
                return line
            }
            guard fill(until: deadline) else { return nil }
        }
    }

    /// Reads past `count` lines; returns how many arrived before a timeout or the end of the output.
    func skipLines(_ count: Int, timeout: Double = 120) -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        var skipped = 0
        while skipped < count {
            if let newline = pending[consumed...].firstIndex(of: UInt8(ascii: "\n")) {
                consumed = newline + 1
                skipped += 1
            } else if !fill(until: deadline) {
                break
            }
        }
        return skipped
    }

    /// Waits for more output until `deadline`; false on a timeout or at the end of the output.
    private func fill(until deadline: Date) -> Bool {
        pending.removeSubrange(..<consumed)
        consumed = 0
        let descriptor = output.fileHandleForReading.fileDescriptor
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            var poll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&poll, 1, Int32(min(remaining, 1) * 1000)) >= 0 else { return false }
            guard poll.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            pending += buffer[..<count]
            return true
        }
    }

    /// The resident set size (`VmRSS`) of the running process, in bytes.
    func residentBytes() -> Int? {
        // /proc files report a size of 0, so they are read to their end rather than by size.
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(processIdentifier)/status") else { return nil }
        defer { try? handle.close() }
        let status = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(String(line.filter(\.isNumber))).map { $0 * 1024 }   // "VmRSS:   31284 kB"
    }

    /// Waits for the process to exit; returns its exit status and everything it wrote to standard error. The reading
    /// end of its standard output is closed first: a process with output the test did not read (after a timeout)
    /// then stops at its next write, as when a reader goes away, rather than wait for ever on a full pipe while the
    /// test waits for it to exit (found by `make asan` on a loaded machine, where 200,000 records outlasted
    /// ``skipLines(_:timeout:)``'s timeout and the run hung).
    func finish() -> (status: Int32, stderr: String) {
        try? output.fileHandleForReading.close()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, errorText)
    }
}

/// Writes `bytes` to `handle` from a new thread, so that a caller can read the other end of a process meanwhile (a
/// streaming process stops reading input while its output is not read); then closes the handle when `closing` is
/// set and calls `then`. A process that died early makes the write fail with EPIPE rather than kill the test runner.
func writeInBackground(
    _ bytes: [UInt8], to handle: FileHandle, closing: Bool, then: @escaping @Sendable () -> Void = {}
) {
    let descriptor = handle.fileDescriptor
    Thread.detachNewThread {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { break }
            offset += written
        }
        if closing { try? handle.close() }
        then()
    }
}

/// Runs a bash script with `$LABELKIT` set to the binary under test; returns what it printed and its status.
func bash(_ script: String) throws -> LabelkitResult {
    var environment = ProcessInfo.processInfo.environment
    environment["LABELKIT"] = labelkitBinary.path
    return try run(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: environment)
}
