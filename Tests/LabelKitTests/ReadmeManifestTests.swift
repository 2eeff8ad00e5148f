import Foundation
import Testing

/// The README's `Package.swift` for an app that depends on LabelKit: SwiftPM reads it, and every product it names is
/// one this package declares.
@Suite("README package manifest")
struct ReadmeManifestTests {
    static let root = ReadmeExampleTests.root

    @Test("the README's manifest, pointed at this checkout, is read by SwiftPM and names only real products")
    func manifestIsValid() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let manifests = Listings.swiftBlocks(in: readme).filter { $0.hasPrefix("// swift-tools-version") }
        let manifest = try #require(manifests.first, "README.md shows no Package.swift")
        #expect(manifests.count == 1)
        // The URL is the reader's to fill in; the same manifest with this checkout's path is what SwiftPM reads here.
        // SwiftPM names a dependency by the last component of its URL or path, as the README says: the checkout is
        // reached through a link named LabelKit, whatever this clone's folder is called.
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("readme-manifest-\(getpid())")
        try? FileManager.default.removeItem(at: work)
        defer { try? FileManager.default.removeItem(at: work) }
        let package = work.appendingPathComponent("MyApp")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let checkout = work.appendingPathComponent("LabelKit")
        try FileManager.default.createSymbolicLink(at: checkout, withDestinationURL: Self.root)
        let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
        let urlLine = try #require(lines.firstIndex { $0.contains(".package(url:") })
        let local = lines.enumerated().map { index, line in
            index == urlLine ? "        .package(path: \"\(checkout.path)\")," : String(line)
        }.joined(separator: "\n")
        try local.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let app = try Self.dumpPackage(in: package, scratch: work.appendingPathComponent("app-scratch"))
        #expect(app["name"] as? String == "MyApp")

        // Every product the app depends on is a product of LabelKit's manifest.
        // With a scratch path of its own: the test run holds the lock of this checkout's `.build`.
        let labelKit = try Self.dumpPackage(in: Self.root, scratch: work.appendingPathComponent("scratch"))
        let declared = Set(((labelKit["products"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
        let used = ((app["targets"] as? [[String: Any]]) ?? []).flatMap { target in
            ((target["dependencies"] as? [[String: Any]]) ?? []).compactMap { dependency in
                (dependency["product"] as? [Any])?.first as? String
            }
        }
        #expect(Set(used) == ["LabelKit", "LabelKitCairo", "LabelKitTestSupport"])
        #expect(Set(used).isSubset(of: declared), "\(Set(used).subtracting(declared)) are no products of LabelKit")
    }

    /// `swift package dump-package` in `directory`, as JSON, building nothing (in `scratch`).
    static func dumpPackage(in directory: URL, scratch: URL) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", directory.path, "--scratch-path", scratch.path, "dump-package",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "swift package dump-package failed in \(directory.path)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
