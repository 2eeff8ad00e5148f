import Foundation

/// Chromium's boxes for one ruby label, as `Tests/Oracles/chromium-ruby-oracle.py` reports them: CSS px from the
/// top-left of the label's block, UTF-16 offsets into the label's text.
struct ChromiumRubyAnswer: Decodable, Sendable {
    /// A base segment: a group ruby's whole base, or one character of a mono ruby's.
    struct Base: Decodable, Sendable {
        var range: [Int]
        /// The base text's box: its content area (the font's rounded ascent + descent) across its glyphs.
        var rect: [Double]
    }

    /// An annotation over (or under) one base segment.
    struct Annotation: Decodable, Sendable {
        /// The UTF-16 range of its base.
        var range: [Int]
        /// Its text's box: the content area of the annotation's font.
        var rect: [Double]
        /// Where its first glyph starts and its last ends.
        var glyphs: [Double]
        /// Its baseline.
        var baseline: Double
    }

    /// The block's height.
    var height: Double
    /// Each base-level character's box: `[offset, x, y, width, height]`.
    var chars: [[Double]]
    var bases: [Base]
    var annotations: [Annotation]

    /// The UTF-16 offsets at which Chromium's lines start: where a character's box stands below the one before.
    var lineStarts: [Int] {
        var starts: [Int] = []
        var lineBottom = -Double.infinity
        for char in chars.sorted(by: { $0[0] < $1[0] }) where char.count == 5 {
            if char[2] >= lineBottom - 1 {
                starts.append(Int(char[0]))
                lineBottom = char[2] + char[4]
            }
        }
        return starts
    }
}

/// The driver's whole answer.
struct ChromiumRubyBatch: Decodable, Sendable {
    /// `chromium --version`.
    var chromium: String
    /// `CSS.supports` of each declaration the comparison relies on.
    var supports: [String: Bool]
    var results: [ChromiumRubyAnswer]
}

/// Why the oracle could not answer.
struct ChromiumOracleError: Error, CustomStringConvertible {
    var description: String
}

/// `Tests/Oracles/chromium-ruby-oracle.py`: one headless Chromium for a whole batch of labels.
struct ChromiumRubyOracle {
    let packageRoot: URL
    let script: URL

    init(filePath: String = #filePath) {
        packageRoot = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        script = packageRoot.appendingPathComponent("Tests/Oracles/chromium-ruby-oracle.py")
    }

    /// The browser the driver runs (`CHROMIUM`, or `chromium` on the `PATH`), or nil when there is none.
    static var chromiumPath: String? {
        let name = ProcessInfo.processInfo.environment["CHROMIUM"] ?? "chromium"
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether the oracle can run, saying why not on stderr (once): the suite is skipped without it.
    static let isAvailable: Bool = {
        guard chromiumPath != nil else {
            FileHandle.standardError.write(
                Data(
                    """
                    ChromiumRubyAgreementTests SKIPPED: no chromium on the PATH (nor CHROMIUM): ruby layout is not \
                    checked against CSS Ruby. `make deps` (or apt-get install chromium) installs it.\n
                    """.utf8))
            return false
        }
        return true
    }()

    /// Chromium's boxes for each case of `batch` (the driver's JSON input), in order.
    func measure(_ batch: Data) throws(ChromiumOracleError) -> ChromiumRubyBatch {
        let directory = FileManager.default.temporaryDirectory
        let stem = "chromium-ruby-oracle-\(UUID().uuidString)"
        let files = ["in", "out", "err"].map { directory.appendingPathComponent("\(stem).\($0)") }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        let status: Int32
        let output: Data
        let errors: String
        do {
            try batch.write(to: files[0])
            for file in files.dropFirst() { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path]
            process.standardInput = try FileHandle(forReadingFrom: files[0])
            let outputHandle = try FileHandle(forWritingTo: files[1])
            let errorHandle = try FileHandle(forWritingTo: files[2])
            process.standardOutput = outputHandle
            process.standardError = errorHandle
            try process.run()
            process.waitUntilExit()
            try outputHandle.close()
            try errorHandle.close()
            status = process.terminationStatus
            output = try Data(contentsOf: files[1])
            errors = String(decoding: try Data(contentsOf: files[2]), as: UTF8.self)
        } catch {
            throw ChromiumOracleError(description: "could not run \(script.path): \(error)")
        }
        guard status == 0 else {
            throw ChromiumOracleError(description: "the oracle exited with \(status): \(errors.suffix(1_000))")
        }
        do {
            return try JSONDecoder().decode(ChromiumRubyBatch.self, from: output)
        } catch {
            throw ChromiumOracleError(description: "the oracle's answer is malformed: \(error)")
        }
    }
}
