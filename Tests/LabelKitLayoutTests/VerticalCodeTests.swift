import Foundation
import Testing

/// Vertical writing is one transform at the edges of the typesetter and one stage inside it (issue 41): code that
/// decides anything by writing mode, text orientation, a run's orientation or Unicode's Vertical_Orientation lives in
/// at most six files of the typesetting path — every folder of `LabelKitLayout` but `Backend` (the font system's
/// interface, which declares the top-to-bottom shaping option) and `Text` (the attributes as the app set them).
///
/// The check reads the code without comments and strings, so a word in a comment does not count; a new use of the
/// vocabulary anywhere else fails it, naming the file.
@Suite("Vertical-specific code stays in its six files")
struct VerticalCodeTests {
    /// The words of vertical writing in code.
    static let vocabulary = [
        "isVertical", "writingMode", "columns", "TextOrientation", "VerticalOrientation", "hasVerticalForm",
        ".sideways", ".upright", ".combinedUpright", "standsUpright", "shapesTopToBottom", "combineUpright",
        "vertical:",
    ]

    /// The files allowed to use them, and why.
    static let allowed: [String: String] = [
        "Orientation/ColumnOrienter.swift": "the orientation stage: UAX #50, boxes turned, items set in columns",
        "Orientation/LineTransform.swift": "the container turned on the way in, the geometry on the way out",
        "Orientation/GlyphOrientation.swift": "how a run stands, and whether it is shaped top to bottom",
        "Shaping/TypesettingPipeline.swift": "runs the orientation stage for columns",
        "Shaping/Shaper.swift": "the top-to-bottom shaping option",
        "Geometry/TextLayout+WritingMode.swift": "the transform in the queries, and arrow keys in columns",
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/LabelKitLayout")

    @Test("only the allowed files use the words of vertical writing, and there are at most six")
    func verticalCodeIsInSixFiles() throws {
        let files = try SourceFile.read(under: Self.root).filter { !["Backend", "Text"].contains($0.folder) }
        #expect(files.count > 40, "read \(files.count) files")
        var using: [String: [String]] = [:]
        for file in files {
            let words = Self.vocabulary.filter { word in Self.uses(word, in: file.code) }
            if !words.isEmpty { using[file.path] = words }
        }
        #expect(Self.allowed.count <= 6)
        let outside = using.keys.filter { Self.allowed[$0] == nil }.sorted()
        #expect(outside.isEmpty, "vertical code outside its files: \(outside.map { "\($0) (\(using[$0] ?? []))" })")
        // Each allowed file still does what it is allowed for (a stale entry would hide a move).
        let idle = Self.allowed.keys.filter { using[$0] == nil }.sorted()
        #expect(idle.isEmpty, "allowed but no longer vertical: \(idle)")
    }

    @Test("the check finds the words it looks for")
    func theCheckFindsAWord() {
        #expect(Self.uses("columns", in: "let columns = transform.columns"))
        #expect(Self.uses(".upright", in: "item.orientation = .upright"))
        #expect(!Self.uses("columns", in: "let columnsWide = 2"))
        #expect(!Self.uses(".upright", in: "item.orientation = .uprightish"))
    }

    /// Whether `word` occurs in `code` as a whole identifier (not inside a longer one).
    static func uses(_ word: String, in code: String) -> Bool {
        var searchStart = code.startIndex
        while let range = code.range(of: word, range: searchStart..<code.endIndex) {
            let before = range.lowerBound > code.startIndex ? code[code.index(before: range.lowerBound)] : " "
            let after = range.upperBound < code.endIndex ? code[range.upperBound] : " "
            let isIdentifierCharacter = { (c: Character) in c.isLetter || c.isNumber || c == "_" }
            let startsWord = word.first == "." || !isIdentifierCharacter(before)
            let endsWord = word.last == ":" || !isIdentifierCharacter(after)
            if startsWord, endsWord { return true }
            searchStart = range.upperBound
        }
        return false
    }
}
