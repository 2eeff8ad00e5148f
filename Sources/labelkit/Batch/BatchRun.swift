import Foundation
import LabelKit
import LabelKitJSON

/// How a command answers one record: its JSON result, or a usage error naming the line.
typealias BatchBody = @Sendable (_ record: BatchRecord) throws(UsageError) -> JSONValue

/// `--batch FILE [--jobs N]`: where the records come from, how many threads answer them, and which keys of a record
/// the command reads.
struct BatchSettings {
    static let batch = Option(
        "batch", .string(placeholder: "FILE"),
        help: "read JSON Lines from FILE: a file, a FIFO, /dev/fd/N (<(…)) or - for stdin; results stream out one "
            + "line per record, in order, as they are ready")
    static let jobs = Option(
        "jobs", .wholeNumber(minimum: 1),
        help: "answer records on N threads, results still in input order (default: the number of cores)")

    /// The options a batch command accepts besides its own.
    static let options: [any OptionDeclaration] = [batch, jobs]

    var path: String
    var jobs: Int
    /// The record keys the command's options read, with `"text"` and `"runs"`.
    var recordKeys: Set<String>

    /// The batch options of `arguments`, nil without `--batch`; TEXT and `--jobs` without `--batch` are errors.
    init?(_ arguments: CommandLineArguments) throws(UsageError) {
        guard let path = arguments.value(of: Self.batch) else {
            if arguments.value(of: Self.jobs) != nil { throw UsageError(message: "--jobs goes with --batch") }
            return nil
        }
        guard arguments.positionals.isEmpty else { throw UsageError(message: "give either TEXT or --batch, not both") }
        self.path = path
        jobs = arguments.value(of: Self.jobs) ?? LabelTypesetter.defaultJobCount
        recordKeys = BatchRecord.keys(for: arguments.options)
    }
}

/// What one line of a batch came to.
enum BatchOutcome: Sendable {
    /// A blank line: nothing is printed.
    case skipped
    /// The result's JSON text and a line feed.
    case result([UInt8])
    /// The message of a bad record, printed on stderr and as `{"error":…}`.
    case failure(String)
}

/// Runs `body` on every record of the batch and prints one JSON line per record, in input order, as results become
/// ready. A bad record prints `{"error":"line N: …"}` in its place and the same message on stderr, and makes the exit
/// code 2. The run stops quietly when the reader of standard output goes away (`| head -1`), with the exit code the
/// records written so far earned; any other write error exits with 1.
func runBatch(_ settings: BatchSettings, body: @escaping BatchBody) throws(UsageError) -> Int32 {
    let input = try BatchInput(path: settings.path)
    let processor = BatchProcessor(body: body, keys: settings.recordKeys)
    var output = LineOutput.standardOutput
    var status: Int32 = 0
    var lines: [BatchLine] = []
    // At most this many records are in flight: read, answered (by the threads), then printed and flushed before the
    // next window is read. Small enough that results follow input closely, large enough that threads seldom wait;
    // bounded however many jobs are asked for (Dispatch runs no more threads than there are cores anyway).
    let window = 256 * min(settings.jobs, 64)
    do throws(LineOutputError) {
        while true {
            do throws(UsageError) {
                try input.nextLines(limit: window, into: &lines)
            } catch {
                // A read error mid-stream: what was answered goes out, then the error.
                try output.flush()
                printError("labelkit: error: \(error.message)")
                return 2
            }
            if lines.isEmpty { break }
            if settings.jobs > 1 {
                let block = SharedLines(lines: lines)
                let outcomes = ParallelWork.map(count: lines.count, jobs: settings.jobs) { index in
                    processor.outcome(of: block.lines[index])
                }
                for outcome in outcomes {
                    switch outcome {
                    case .skipped: break
                    case .result(let bytes): try output.appendLine(bytes)
                    case .failure(let message): try report(message, to: &output, status: &status)
                    }
                }
            } else {
                for line in lines {
                    let value: JSONValue?
                    do throws(UsageError) {
                        value = try processor.result(of: line)
                    } catch {
                        try report(error.message, to: &output, status: &status)
                        continue
                    }
                    if let value { try output.append(value) }
                }
            }
            // Everything answered so far goes out before the next read, which may wait for input.
            try output.flush()
        }
    } catch .readerClosed {
        return status
    } catch {
        printError("labelkit: error: cannot write standard output: \(error)")
        return 1
    }
    return status
}

/// Prints a bad record's message on stderr (after the results before it) and its `{"error":…}` line.
private func report(_ message: String, to output: inout LineOutput, status: inout Int32) throws(LineOutputError) {
    try output.flush()
    printError("labelkit: error: \(message)")
    try output.append(.object([("error", .string(message))]))
    status = 2
}

/// Turns lines into results: blank lines are skipped, others read as JSON objects and answered by the command.
struct BatchProcessor: Sendable {
    let body: BatchBody
    let reader: JSONObjectReader

    /// A processor reading `keys` of each record (other members are skipped) and answering with `body`.
    init(body: @escaping BatchBody, keys: Set<String>) {
        self.body = body
        reader = JSONObjectReader(keys: keys)
    }

    /// The command's answer to `line`, nil for a blank line.
    func result(of line: BatchLine) throws(UsageError) -> JSONValue? {
        if Self.isBlank(line.bytes) { return nil }
        let members: JSONMembers
        do {
            members = try reader.read(line.bytes)
        } catch .notUTF8 {
            throw UsageError(message: "line \(line.number): not UTF-8")
        } catch {
            throw UsageError(message: "line \(line.number): not a JSON object")
        }
        return try body(BatchRecord(members: members, line: line.number))
    }

    /// `result(of:)` as a value for another thread, the JSON already written.
    func outcome(of line: BatchLine) -> BatchOutcome {
        do throws(UsageError) {
            guard let value = try result(of: line) else { return .skipped }
            var writer = JSONWriter()
            writer.write(value)
            writer.bytes.append(UInt8(ascii: "\n"))
            return .result(writer.bytes)
        } catch {
            return .failure(error.message)
        }
    }

    /// Whether a line holds only white space (Unicode's, as `Character.isWhitespace` has it).
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            switch byte {
            case 0x09...0x0D, 0x20: continue
            case 0x80...: return String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace)
            default: return false
            }
        }
        return true
    }
}

/// A window of lines handed to the threads. The bytes stay put and unchanged until every thread is done with them:
/// `BatchInput` reads on only after `ParallelWork.map` returns.
private struct SharedLines: @unchecked Sendable {
    let lines: [BatchLine]
}
