import Foundation
import Testing

/// Within a module, the folders are layers: each may use what the folders before it declare, never what a later one
/// does. The compiler keeps the modules apart (`LabelKitText`, `LabelKitLinks`, `LabelKitLayout`,
/// `LabelKitInteraction`: Package.swift); inside one module it sees no layers, so this test does.
///
/// The check reads a module's sources, finds the folder that declares each top-level type and each member that a
/// folder adds to another folder's type in an extension (Geometry's `TextLayout.character(at:)`), and reports
/// every use of one of them from an earlier folder.
@Suite("Layering of the folders inside each module")
struct LayeringTests {
    /// The folders of each module with folders, first to last.
    static let modules: [(module: String, layers: [String], dependencies: [String])] = [
        (
            "LabelKitText",
            ["Concurrency", "Unicode", "Language", "Fonts", "Sizing", "Appearance", "Links", "Text", "Markup"], []
        ),
        (
            "LabelKitLayout",
            [
                "Backend", "Text", "Analysis", "Itemization", "Orientation", "Shaping", "Breaking", "Fitting", "Layout",
                "Positioning", "Assembly", "Typesetter", "Geometry",
            ],
            ["LabelKitText"]
        ),
        ("LabelKitInteraction", ["LinkStyling", "Interaction"], ["LabelKitText", "LabelKitLayout"]),
    ]

    /// Uses that go against the layers, as (using folder, declaring folder, name); none today. Add an entry only
    /// with a reason, and remove it when its use is gone (the test fails on an entry that no longer occurs).
    static let knownExceptions: Set<Use> = []

    struct Use: Hashable, CustomStringConvertible {
        var from: String
        var to: String
        var name: String
        var description: String { "\(from) uses \(name) from \(to)" }
    }

    static let sourcesRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test("every folder uses only the folders before it", arguments: modules.map(\.module))
    func foldersAreLayered(module: String) throws {
        let entry = try #require(Self.modules.first { $0.module == module })
        let layers = entry.layers
        let files = try SourceFile.read(under: Self.sourcesRoot.appendingPathComponent(module))
        // What the modules below declare is there for every folder (`LabelColor.link` is not Geometry's `link(at:)`).
        let dependencyMembers = try entry.dependencies.reduce(into: Set<String>()) { members, dependency in
            for file in try SourceFile.read(under: Self.sourcesRoot.appendingPathComponent(dependency)) {
                members.formUnion(file.allMemberNames)
            }
        }
        #expect(files.count > 5, "read \(files.count) files of \(module)")
        let folders = Set(files.map(\.folder))
        #expect(folders.subtracting(layers).isEmpty, "place the new folders of \(module) in `modules`: \(folders)")
        // Who declares what: top-level types, and members a folder adds to another folder's type.
        var typeFolder: [String: String] = [:]
        for file in files {
            for name in file.typeNames { typeFolder[name] = file.folder }
        }
        var memberFolders: [String: Set<String>] = [:]
        for file in files {
            for (extended, members) in file.extensionMembers where typeFolder[extended] != file.folder {
                for member in members { memberFolders[member, default: []].insert(file.folder) }
            }
        }
        var declaredMembers: [String: Set<String>] = [:]   // folder → every member name it declares
        for file in files { declaredMembers[file.folder, default: []].formUnion(file.allMemberNames) }

        var uses: Set<Use> = []
        for file in files {
            let layer = try #require(layers.firstIndex(of: file.folder))
            let earlierMembers = layers[...layer].reduce(into: dependencyMembers) {
                $0.formUnion(declaredMembers[$1] ?? [])
            }
            for name in file.typeReferences {
                guard let folder = typeFolder[name], let other = layers.firstIndex(of: folder) else { continue }
                if other > layer { uses.insert(Use(from: file.folder, to: folder, name: name)) }
            }
            for name in file.memberReferences where !earlierMembers.contains(name) {
                for folder in memberFolders[name] ?? [] {
                    guard let other = layers.firstIndex(of: folder), other > layer else { continue }
                    uses.insert(Use(from: file.folder, to: folder, name: name))
                }
            }
        }
        let exceptions = Self.knownExceptions.filter { layers.contains($0.from) }
        let violations = uses.subtracting(exceptions).map(\.description).sorted()
        #expect(violations.isEmpty, "\(violations.joined(separator: "; "))")
        let stale = exceptions.subtracting(uses).map(\.description).sorted()
        #expect(stale.isEmpty, "no longer used, remove from knownExceptions: \(stale.joined(separator: "; "))")
    }
}

/// One Swift file of a module, its comments and string literals removed, with what it declares and uses.
struct SourceFile {
    var folder: String
    /// The file's path under its module's folder (`Shaping/Shaper.swift`).
    var path: String
    var code: String

    static func read(under root: URL) throws -> [SourceFile] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [SourceFile] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let relative = url.path.dropFirst(root.path.count + 1)
            guard let folder = relative.split(separator: "/").first, relative.contains("/") else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            files.append(
                SourceFile(
                    folder: String(folder), path: String(relative), code: Self.strippingCommentsAndStrings(text)))
        }
        return files
    }

    /// The code without comments and with every string literal emptied (its interpolations too: a type named
    /// only in a message is not a dependency).
    static func strippingCommentsAndStrings(_ text: String) -> String {
        var result = ""
        var characters = Array(text)[...]
        while let character = characters.first {
            if characters.starts(with: "//") {
                while let next = characters.first, next != "\n" { characters.removeFirst() }
            } else if characters.starts(with: "/*") {
                var depth = 0
                repeat {
                    if characters.starts(with: "/*") {
                        depth += 1
                        characters.removeFirst(2)
                    } else if characters.starts(with: "*/") {
                        depth -= 1
                        characters.removeFirst(2)
                    } else {
                        characters.removeFirst()
                    }
                } while depth > 0 && !characters.isEmpty
            } else if character == "\"" || (character == "#" && characters.dropFirst().first == "\"") {
                var hashes = 0
                while characters.first == "#" {
                    hashes += 1
                    characters.removeFirst()
                }
                let delimiter = characters.starts(with: "\"\"\"") ? "\"\"\"" : "\""
                characters.removeFirst(delimiter.count)
                let closing = Array(delimiter + String(repeating: "#", count: hashes))
                while !characters.isEmpty && !characters.starts(with: closing) {
                    if hashes == 0, characters.first == "\\" { characters.removeFirst() }
                    if !characters.isEmpty { characters.removeFirst() }
                }
                characters.removeFirst(min(closing.count, characters.count))
                result += "\"\""
            } else {
                result.append(character)
                characters.removeFirst()
            }
        }
        return result
    }

    private static var typeDeclaration: Regex<AnyRegexOutput> {
        try! Regex(
            #"^(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)"#
        ).anchorsMatchLineEndings()
    }
    private static var extensionDeclaration: Regex<AnyRegexOutput> {
        try! Regex(#"^(?:(?:public|package|internal|fileprivate|private)\s+)?extension\s+([A-Z]\w*)"#)
            .anchorsMatchLineEndings()
    }
    private static var memberDeclaration: Regex<AnyRegexOutput> {
        try! Regex(
            #"^\s+(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|static|mutating|nonmutating|consuming|final|override|nonisolated)\s+)*(?:func|var|let)\s+([a-z_]\w*)"#
        ).anchorsMatchLineEndings()
    }
    private static var typeName: Regex<AnyRegexOutput> {
        try! Regex(#"\b[A-Z]\w*\b"#)
    }
    private static var memberUse: Regex<AnyRegexOutput> {
        try! Regex(#"(?:\.([a-z_]\w*)\b|\b([a-z_]\w*)\s*\()"#)
    }

    /// The top-level types the file declares.
    var typeNames: [String] {
        code.matches(of: Self.typeDeclaration).compactMap { $0.output[1].substring.map(String.init) }
    }

    /// The members declared in each top-level `extension` block, by the extended type.
    var extensionMembers: [(String, [String])] {
        var result: [(String, [String])] = []
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        var current: (String, [String])? = nil
        for line in lines {
            if let match = line.firstMatch(of: Self.extensionDeclaration), let name = match.output[1].substring {
                if let current { result.append(current) }
                current = (String(name), [])
            } else if line.first.map({ !$0.isWhitespace }) == true, line != "}" {
                if let finished = current { result.append(finished) }
                current = nil
            } else if current != nil, line.hasPrefix("    "), !line.hasPrefix("     "),
                let match = line.firstMatch(of: Self.memberDeclaration), let name = match.output[1].substring
            {
                current?.1.append(String(name))
            }
        }
        if let current { result.append(current) }
        return result
    }

    /// Every member name the file declares, in types and extensions alike.
    var allMemberNames: Set<String> {
        Set(code.matches(of: Self.memberDeclaration).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// The capitalised identifiers the file uses.
    var typeReferences: Set<String> {
        Set(code.matches(of: Self.typeName).map { String(code[$0.range]) })
    }

    /// The member names the file calls (`name(`) or reads (`.name`).
    var memberReferences: Set<String> {
        Set(
            code.matches(of: Self.memberUse).compactMap {
                ($0.output[1].substring ?? $0.output[2].substring).map(String.init)
            })
    }
}
