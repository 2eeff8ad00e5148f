import Foundation
import Testing

/// `--batch` as a stream: any readable file (FIFOs, pipes, `<(…)`, stdin), results as they are ready, constant
/// memory, and a quiet end when the reader of standard output goes away.
@Suite("labelkit --batch streams")
struct BatchStreamingTests {
    static let expectedHello = #"{"width":37,"height":18,"lines":1,"truncated":false}"#

    @Test("--batch reads a FIFO")
    func fifo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-fifo-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("records").path
        #expect(mkfifo(path, 0o600) == 0)
        // The writer blocks in open(2) until labelkit opens the FIFO for reading.
        Thread.detachNewThread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            let records = Array("{\"text\":\"hello\"}\n{\"text\":\"hello\",\"lines\":1}\n".utf8)
            _ = records.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        let result = try labelkit(["measure", "--batch", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.expectedHello + "\n" + Self.expectedHello + "\n")
    }

    @Test("--batch reads <(…): a pipe named /dev/fd/N")
    func processSubstitution() throws {
        let result = try bash(#""$LABELKIT" measure --batch <(printf '{"text":"hello"}\n\n{"text":"hello"}\n')"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.expectedHello + "\n" + Self.expectedHello + "\n")
    }

    @Test("--batch - reads standard input from a pipe", arguments: ["1", "2"])
    func standardInput(jobs: String) throws {
        let result = try bash(
            #"printf '{"text":"hello"}\n{"text":"hello"}' | "$LABELKIT" measure --batch - --jobs "# + jobs)
        #expect(result.status == 0, "\(result.stderr)")
        // The last line needs no line feed.
        #expect(result.stdout == Self.expectedHello + "\n" + Self.expectedHello + "\n")
    }

    @Test("each result is printed as soon as its record has arrived", arguments: ["1", "2"])
    func resultsAsTheyGo(jobs: String) throws {
        let running = try RunningLabelkit(["measure", "--batch", "-", "--jobs", jobs])
        for _ in 0..<3 {
            // The input stays open: the answer must not wait for more records or the end of the batch.
            running.write("{\"text\":\"hello\"}\n")
            #expect(running.readLine() == Self.expectedHello)
        }
        running.write("{\"width\":3}\n")
        #expect(running.readLine() == #"{"error":"line 4: missing \"text\" string"}"#)
        running.closeInput()
        #expect(running.readLine() == nil)
        let (status, stderr) = running.finish()
        #expect(status == 2)
        #expect(stderr == "labelkit: error: line 4: missing \"text\" string\n")
    }

    static let closedOutputCases: [(command: String, record: String)] = [
        ("measure", #"{"text":"hello"}"#), ("hit", #"{"text":"hello","points":[[1,1]]}"#),
        ("rects", #"{"text":"hello","range":[0,2]}"#), ("links", #"{"text":"see www.example.org"}"#),
    ]

    @Test(
        "standard output closed mid-batch (| head -1) ends the run quietly with exit code 0",
        arguments: closedOutputCases, ["1", "2"])
    func closedOutput(command: (command: String, record: String), jobs: String) throws {
        let directory = FileManager.default.temporaryDirectory
        let errors = directory.appendingPathComponent("labelkit-stderr-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let result = try bash(
            """
            yes '\(command.record)' 2>/dev/null | head -n 200000 \
                | "$LABELKIT" \(command.command) --batch - --jobs \(jobs) 2>'\(errors)' | head -n 1
            echo "status ${PIPESTATUS[2]}"
            """)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stdout)")
        #expect(lines.last == "status 0")
        let errorText = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(errorText.isEmpty, "\(errorText)")
    }

    @Test(
        "a command whose reader has already gone exits 0 without a word",
        arguments: [["measure", "hello"], ["links", "www.example.org"], ["measure", "--batch", "-"]])
    func readerGone(arguments: [String]) throws {
        let running = try RunningLabelkit(arguments, outputClosed: true)
        running.writeInBackground("{\"text\":\"hello\"}\n", closing: true)
        let (status, stderr) = running.finish()
        #expect(status == 0)
        #expect(stderr.isEmpty, "\(stderr)")
    }

    @Test("a standard output that cannot be written at all (closed descriptor) is an error with exit code 1")
    func outputNotWritable() throws {
        let result = try bash(#""$LABELKIT" measure hello 2>&1 >&- | cat; echo "status ${PIPESTATUS[0]}""#)
        #expect(result.stdout.contains("labelkit: error: cannot write standard output: Bad file descriptor"))
        #expect(result.stdout.hasSuffix("status 1\n"))
    }

    @Test("--jobs takes any whole number ≥ 1 with --batch; 0, a non-number or no --batch is a usage error")
    func jobsArgument() throws {
        let huge = try labelkit(
            ["measure", "--batch", "-", "--jobs", "9223372036854775807"], stdin: "{\"text\":\"hello\"}\n")
        #expect(huge.status == 0, "\(huge.stderr)")
        #expect(huge.stdout == Self.expectedHello + "\n")
        let cases: [([String], String)] = [
            (["measure", "--batch", "-", "--jobs", "0"], "--jobs needs a whole number ≥ 1, not '0'"),
            (["hit", "--batch", "-", "--jobs", "two"], "--jobs needs a whole number ≥ 1, not 'two'"),
            (["measure", "--jobs", "2", "hello"], "--jobs goes with --batch"),
        ]
        for (arguments, message) in cases {
            let result = try labelkit(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test(
        "memory stays flat over a long stream: resident size grows by less than 2 MB over 200,000 records, measured twice",
        arguments: [1, 2])
    func constantMemory(jobs: Int) throws {
        // Under `make asan`, AddressSanitizer's quarantine holds up to 256 MB of freed memory before reusing it, and
        // its allocator returns freed pages to the system only now and then: without either, resident size measures
        // LabelKit's retention, not the sanitizer's.
        let sanitizerOptions = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map {
            $0 + ":quarantine_size_mb=0:thread_local_quarantine_size_kb=0:allocator_release_to_os_interval_ms=0"
        }
        let running = try RunningLabelkit(
            ["links", "--batch", "-", "--jobs", String(jobs)],
            environment: sanitizerOptions.map { ["ASAN_OPTIONS": $0] } ?? [:])
        let record = "{\"text\":\"\",\"pad\":\"0123456789012345678901234567890123456789\"}\n"
        let block = String(repeating: record, count: 10_000)
        // The input stays open, so the process is still there to be measured after its last answer.
        running.writeInBackground(String(repeating: block, count: 50))
        // The first 100,000 records warm the allocators up. Under AddressSanitizer with two threads, resident size
        // takes one step of about 7 MB once, somewhere between 20,000 and 300,000 records, and then stays flat to a
        // million: so two stretches of 200,000 records are measured, and one of them must be flat. Holding the
        // records would grow both (200,000 records are 12 MB of input and 2 MB of output).
        // Generous timeouts: a sanitizer build on a loaded machine takes minutes for these records.
        #expect(running.skipLines(100_000, timeout: 600) == 100_000)
        let early = try #require(running.residentBytes())
        #expect(running.skipLines(200_000, timeout: 600) == 200_000)
        let middle = try #require(running.residentBytes())
        #expect(running.skipLines(200_000, timeout: 600) == 200_000)
        let late = try #require(running.residentBytes())
        running.closeInput()
        #expect(running.readLine(timeout: 60) == nil)
        #expect(running.finish().status == 0)
        let growths = [middle - early, late - middle]
        #expect(growths.min() ?? .max < 2_000_000, "resident size: \(early), \(middle), \(late) bytes")
        #expect(late - early < 10_000_000, "resident size: \(early), \(middle), \(late) bytes")
        print(
            "--jobs \(jobs): resident size \(early) bytes after 100,000 records, \(middle) after 300,000, \(late) after 500,000"
        )
    }
}
