import Foundation

/// What a run of the `labelkit` binary printed and returned.
struct LabelkitResult {
    var stdout: String
    var stderr: String
    var status: Int32

    /// Standard output's lines, parsed as JSON objects.
    var jsonLines: [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }
}

/// Runs the `labelkit` binary built next to the test bundle.
func labelkit(_ arguments: [String], stdin: String? = nil) throws -> LabelkitResult {
    try run(labelkitBinary, arguments, stdin: stdin)
}

/// Runs `executable` to its end, feeding it `stdin`; returns what it printed and its status.
func run(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, stdin: String? = nil
) throws -> LabelkitResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let input = Pipe()
    process.standardInput = input
    try process.run()
    // Written from another thread: labelkit streams, so it stops reading input while its output waits to be read.
    writeInBackground(Array((stdin ?? "").utf8), to: input.fileHandleForWriting, closing: true)
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return LabelkitResult(
        stdout: String(decoding: outputData, as: UTF8.self), stderr: String(decoding: errorData, as: UTF8.self),
        status: process.terminationStatus
    )
}

/// `.build/<configuration>/labelkit`: beside the test bundle that runs these tests.
let labelkitBinary: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("labelkit")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/debug/labelkit")
}()
