import Foundation
import Testing

/// Tests/Fonts/fonts.conf, the fontconfig configuration the tests run under, read back line by line (the generator,
/// Scripts/generate-fonts-conf.py, writes one element per line), and what Debian says it should hold.
struct ProjectFontConfiguration {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let file = packageRoot.appendingPathComponent("Tests/Fonts/fonts.conf")

    /// The file's text.
    let text: String
    /// The globs of its `<acceptfont>` and its `<rejectfont>` blocks.
    let accepted: [String]
    let rejected: [String]
    /// Its `<dir>` and `<include>` elements.
    let directories: [String]
    let includes: [String]

    init(text: String) {
        self.text = text
        var accepted: [String] = []
        var rejected: [String] = []
        var directories: [String] = []
        var includes: [String] = []
        var block = ""
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line == "<acceptfont>" || line == "<rejectfont>" {
                block = line
            } else if line.hasPrefix("</acceptfont>") || line.hasPrefix("</rejectfont>") {
                block = ""
            } else if let glob = Self.content(of: "glob", in: line) {
                if block == "<acceptfont>" { accepted.append(glob) } else { rejected.append(glob) }
            } else if let directory = Self.content(of: "dir", in: line) {
                directories.append(directory)
            } else if let include = Self.content(of: "include", in: line) {
                includes.append(include)
            }
        }
        (self.accepted, self.rejected, self.directories, self.includes) = (accepted, rejected, directories, includes)
    }

    /// The checked-in configuration.
    static func checkedIn() throws -> ProjectFontConfiguration {
        ProjectFontConfiguration(text: try String(contentsOf: file, encoding: .utf8))
    }

    /// `<name>content</name>` alone on a line (attributes allowed): the content.
    private static func content(of name: String, in line: String) -> String? {
        guard line.hasPrefix("<\(name)>") || line.hasPrefix("<\(name) "), line.hasSuffix("</\(name)>"),
            let open = line.firstIndex(of: ">")
        else { return nil }
        return String(line[line.index(after: open)..<line.index(line.endIndex, offsetBy: -(name.count + 3))])
    }

    // MARK: What Debian says

    /// The fonts-* packages of the Makefile's DEBIAN_PACKAGES: what `make deps` installs.
    static func fontPackages() throws -> [String] {
        let makefile = try String(
            contentsOf: packageRoot.appendingPathComponent("Makefile"), encoding: .utf8
        ).replacingOccurrences(of: "\\\n", with: " ")
        let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("DEBIAN_PACKAGES :=") })
        return line.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.hasPrefix("fonts-") }
    }

    /// The files of an installed package (`dpkg-query -L`).
    static func files(of package: String) throws -> [String] {
        let listing = try command("/usr/bin/dpkg-query", ["-L", package])
        try #require(listing.status == 0, "\(package) is not installed (make deps installs it)")
        return listing.output.split(separator: "\n").map(String.init)
    }

    /// The font files of the packages, sorted.
    static func fontFiles(of packages: [String]) throws -> [String] {
        try packages.flatMap { try files(of: $0) }.filter { path in
            path.hasPrefix("/usr/share/fonts/") && [".ttf", ".otf", ".ttc", ".otc"].contains { path.hasSuffix($0) }
        }.sorted()
    }

    /// The paths of fontconfig's `<file>` property of every font fontconfig lists under `configuration`.
    static func listedFontFiles(configuration: URL) throws -> Set<String> {
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = configuration.path
        let listing = try command("/usr/bin/fc-list", ["--format", "%{file}\\n"], environment: environment)
        try #require(listing.status == 0, "fc-list exited with \(listing.status)")
        return Set(listing.output.split(separator: "\n").map(String.init))
    }

    /// What one list of paths has that the other has not, for a failure's message.
    static func differences(_ found: [String], _ expected: [String]) -> String {
        let missing = Set(expected).subtracting(found).sorted()
        let extra = Set(found).subtracting(expected).sorted()
        return "missing \(missing), not expected \(extra)\(found.count == Set(found).count ? "" : ", repeated")"
    }

    /// Runs a program to its end: its standard output and its status (its errors go to the test's log).
    static func command(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> (output: String, status: Int32)
    {
        let process = Process()
        (process.executableURL, process.arguments) = (URL(fileURLWithPath: path), arguments)
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (text, process.terminationStatus)
    }
}
