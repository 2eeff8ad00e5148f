import Foundation
import LabelKitCorpus

/// Pango's answer for one label, read from the oracle's output line `LINES HEIGHT WIDTH STARTS`.
struct PangoMeasurement {
    var lineCount: Int
    var height: Double
    var width: Double
    /// UTF-16 offsets at which Pango's lines start.
    var lineStarts: [Int]

    init?(outputLine: Substring) {
        let fields = outputLine.split(separator: " ")
        guard fields.count >= 3, let lines = Int(fields[0]), let height = Double(fields[1]),
            let width = Double(fields[2])
        else { return nil }
        lineCount = lines
        self.height = height
        self.width = width
        lineStarts = fields.count > 3 ? fields[3].split(separator: ",").compactMap { Int($0) } : []
    }
}

/// Pango's answer for one label laid out vertically (vertical-rl), read from the oracle's output line
/// `COLUMNS LENGTH THICKNESS STARTS ORIENTATIONS`.
struct PangoVerticalMeasurement {
    /// The column count.
    var columnCount: Int
    /// The longest column's logical length along the column, in px, unrounded.
    var length: Double
    /// The logical extent across all the columns, in px, unrounded.
    var thickness: Double
    /// UTF-16 offsets at which Pango's columns start.
    var columnStarts: [Int]
    /// How Pango sets each UTF-16 code unit of the text: `U` upright, `R` rotated 90° clockwise, `-` in no run
    /// (a hard line break).
    var orientations: [Character]

    init?(outputLine: Substring) {
        let fields = outputLine.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count >= 3, let columns = Int(fields[0]), let length = Double(fields[1]),
            let thickness = Double(fields[2])
        else { return nil }
        columnCount = columns
        self.length = length
        self.thickness = thickness
        columnStarts = fields.count > 3 ? fields[3].split(separator: ",").compactMap { Int($0) } : []
        orientations = fields.count > 4 ? Array(fields[4]) : []
    }
}

/// Why the oracle could not answer.
struct PangoOracleError: Error, CustomStringConvertible {
    var description: String
}

/// The C program `Tests/Oracles/pango-oracle.c`, built into `.build/oracles/pango-oracle` by
/// `Scripts/build-oracles.sh`, run once for a whole batch of labels.
struct PangoOracle {
    let packageRoot: URL
    let executable: URL

    init(filePath: String = #filePath) {
        packageRoot = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        executable = packageRoot.appendingPathComponent(".build/oracles/pango-oracle")
    }

    /// Builds the oracle with the script (which does nothing when it is up to date).
    func build() throws(PangoOracleError) {
        let script = packageRoot.appendingPathComponent("Scripts/build-oracles.sh")
        let (status, output, errors) = try run(script, arguments: [], input: nil)
        guard status == 0, FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw PangoOracleError(
                description: """
                    the Pango oracle could not be built (\(script.path) exited with \(status)):
                    \(output)\(errors)
                    Install libpango1.0-dev and pkg-config, or run Scripts/build-oracles.sh by hand.
                    """)
        }
    }

    /// Pango's measurement of each `(text, width)`, in order.
    func measure(_ labels: [(text: String, width: Double)]) throws(PangoOracleError) -> [PangoMeasurement] {
        var records = ""
        for label in labels { records += "\(label.width)\t\(FieldEscaping.escape(label.text))\n" }
        return try measurements(records: records, count: labels.count)
    }

    /// Pango's measurement of each label with rich attributes: a first-line `indent` (`pango_layout_set_indent`)
    /// and `spans` in the oracle's span syntax (`rise|START|END|PX`, `feat|START|END|FEATURES`,
    /// `shape|START|END|WIDTH|Y|HEIGHT`; see `Tests/Oracles/rich-attributes.h`), in order.
    func measureRich(_ labels: [(text: String, width: Double, indent: Double, spans: String)])
        throws(PangoOracleError) -> [PangoMeasurement]
    {
        var records = ""
        for label in labels {
            records += "rich\t\(label.width)\t\(label.indent)\t\(label.spans)\t\(FieldEscaping.escape(label.text))\n"
        }
        return try measurements(records: records, count: labels.count)
    }

    /// Pango's measurement of each label laid out vertically — base gravity east, gravity hint natural, the context
    /// turned a quarter clockwise, as `pango-view --gravity=east --gravity-hint=natural --rotate=-90` — wrapping at
    /// `length` px along the column, in order.
    func measureVertical(_ labels: [(text: String, length: Double)]) throws(PangoOracleError)
        -> [PangoVerticalMeasurement]
    {
        var records = ""
        for label in labels { records += "vertical\t\(label.length)\t\(FieldEscaping.escape(label.text))\n" }
        return try answers(
            records: records, count: labels.count, arguments: ["--breaks", "--orientations"],
            read: PangoVerticalMeasurement.init(outputLine:))
    }

    /// Runs layout `records` (`count` of them) through the oracle and reads its answers.
    private func measurements(records: String, count: Int) throws(PangoOracleError) -> [PangoMeasurement] {
        try answers(records: records, count: count, arguments: ["--breaks"], read: PangoMeasurement.init(outputLine:))
    }

    /// Runs `records` (`count` of them) through the oracle with `arguments` and reads each answer with `read`.
    func answers<Answer>(
        records: String, count: Int, arguments: [String], read: (Substring) -> Answer?
    ) throws(PangoOracleError) -> [Answer] {
        try build()
        let (status, output, errors) = try run(executable, arguments: arguments, input: records)
        guard status == 0 else {
            throw PangoOracleError(description: "pango-oracle exited with \(status): \(errors.prefix(500))")
        }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard lines.count == count else {
            throw PangoOracleError(description: "pango-oracle answered \(lines.count) of \(count) records")
        }
        var answers: [Answer] = []
        for (index, line) in lines.enumerated() {
            guard let answer = read(line) else {
                throw PangoOracleError(description: "pango-oracle's answer \(index + 1) is malformed: \(line)")
            }
            answers.append(answer)
        }
        return answers
    }

    /// Pango's `pango_layout_xy_to_index` for each point of each label: the UTF-16 offset of the character hit and
    /// whether the point is inside the text.
    func hitTest(_ queries: [(text: String, width: Double, point: CGPoint)]) throws(PangoOracleError)
        -> [(index: Int, inside: Bool)]
    {
        try build()
        var records = ""
        for query in queries {
            records += "xy\t\(query.width)\t\(query.point.x)\t\(query.point.y)\t\(FieldEscaping.escape(query.text))\n"
        }
        let (status, output, errors) = try run(executable, arguments: [], input: records)
        guard status == 0 else {
            throw PangoOracleError(description: "pango-oracle exited with \(status): \(errors.prefix(500))")
        }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard lines.count == queries.count else {
            throw PangoOracleError(description: "pango-oracle answered \(lines.count) of \(queries.count) hit tests")
        }
        var answers: [(index: Int, inside: Bool)] = []
        for line in lines {
            let fields = line.split(separator: " ")
            guard fields.count == 3, let index = Int(fields[0]), let inside = Int(fields[2]) else {
                throw PangoOracleError(description: "pango-oracle's hit-test answer is malformed: \(line)")
            }
            answers.append((index, inside == 1))
        }
        return answers
    }

    /// Runs a program with `input` on stdin (through a file, so a large batch cannot deadlock the pipes); returns its
    /// exit status, its stdout and its stderr.
    private func run(_ program: URL, arguments: [String], input: String?) throws(PangoOracleError)
        -> (status: Int32, output: String, errors: String)
    {
        let directory = FileManager.default.temporaryDirectory
        let inputFile = directory.appendingPathComponent("pango-oracle-\(UUID().uuidString).in")
        let outputFile = directory.appendingPathComponent("pango-oracle-\(UUID().uuidString).out")
        let errorFile = directory.appendingPathComponent("pango-oracle-\(UUID().uuidString).err")
        defer {
            for file in [inputFile, outputFile, errorFile] { try? FileManager.default.removeItem(at: file) }
        }
        do {
            try Data((input ?? "").utf8).write(to: inputFile)
            _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
            let process = Process()
            process.executableURL = program
            process.arguments = arguments
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
            let outputHandle = try FileHandle(forWritingTo: outputFile)
            process.standardOutput = outputHandle
            let errorHandle = try FileHandle(forWritingTo: errorFile)
            process.standardError = errorHandle
            try process.run()
            process.waitUntilExit()
            try outputHandle.close()
            try errorHandle.close()
            let output = String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
            let errors = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
            return (process.terminationStatus, output, errors)
        } catch {
            throw PangoOracleError(description: "could not run \(program.path): \(error)")
        }
    }
}
