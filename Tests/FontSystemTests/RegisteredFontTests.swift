import Foundation
import LabelKit
import LabelKitLayout
import LabelKitText
import Testing

@Suite struct RegisteredFontTests {
    private func temporaryFile(_ name: String, contents: [UInt8]) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("LabelKitFontTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(contents).write(to: url)
        return url.path
    }

    @Test func registeredFontResolvesByItsFamilyName() throws {
        let fonts = SystemFontSystem()
        let request = FontDescriptor(family: "LabelKit Test Sans")
        #expect(throws: FontError.noMatch(request)) { try fonts.face(for: request) }

        let path = try temporaryFile(
            "LabelKitTestSans.ttf", contents: TestFontBuilder(family: "LabelKit Test Sans").build())
        #expect(try fonts.registerFont(at: path) == ["LabelKit Test Sans"])

        let face = try fonts.systemFace(for: request)
        #expect(face.filePath == path)
        #expect(face.familyName == "LabelKit Test Sans")
        #expect(face.covers("A") && face.covers("z") && !face.covers("0"))
        let metrics = face.metrics(size: 10)
        #expect(abs(metrics.ascent - 8) < 0.001 && abs(metrics.descent - 2) < 0.001)

        let glyphs = face.shaped("Ab c", options: ShapingOptions(size: 10))
        #expect(glyphs.advances == [6, 6, 3, 6])
        // Other instances do not see it.
        #expect(throws: FontError.self) { try SystemFontSystem().face(for: request) }
    }

    @Test("registering a font file starts a new generation of answers; a file that fails to register does not")
    func registeringStartsANewGeneration() throws {
        let fonts = SystemFontSystem()
        let before = try #require(fonts.generation)
        #expect(fonts.generation == before, "asking does not change it")
        let path = try temporaryFile(
            "LabelKitGenerationSans.ttf", contents: TestFontBuilder(family: "LabelKit Generation Sans").build())
        try fonts.registerFont(at: path)
        let after = try #require(fonts.generation)
        #expect(after != before)
        #expect(throws: FontError.self) { try fonts.registerFont(at: "/nonexistent/LabelKit/NoFont.ttf") }
        #expect(fonts.generation == after)
    }

    @Test func registeredBoldFaceIsChosenForBold() throws {
        let fonts = SystemFontSystem()
        let family = "LabelKit Test Duo"
        let regular = try temporaryFile("Duo-Regular.ttf", contents: TestFontBuilder(family: family).build())
        let bold = try temporaryFile(
            "Duo-Bold.ttf", contents: TestFontBuilder(family: family, style: "Bold", weightClass: 700).build())
        try fonts.registerFont(at: regular)
        try fonts.registerFont(at: bold)
        #expect(try fonts.systemFace(for: FontDescriptor(family: family)).filePath == regular)
        #expect(try fonts.systemFace(for: FontDescriptor(family: family, weight: .bold)).filePath == bold)
    }

    @Test func collectionsRegisterEveryFace() throws {
        let fonts = SystemFontSystem()
        let cjk = try fonts.systemFace(for: FontDescriptor(family: "Noto Sans CJK KR"))
        let families = try fonts.registerFont(at: cjk.filePath)
        #expect(families.count == 10)
        #expect(families.contains("Noto Sans CJK JP") && families.contains("Noto Sans Mono CJK TC"))
    }

    @Test func missingFileThrowsUnreadableFile() {
        let path = "/nonexistent/LabelKit/NoFont.ttf"
        #expect {
            try SystemFontSystem().registerFont(at: path)
        } throws: { error in
            guard case .unreadableFile(let errorPath, _) = error as? FontError else { return false }
            return errorPath == path
        }
    }

    @Test func garbageFileThrowsUnreadableFile() throws {
        let path = try temporaryFile("Garbage.ttf", contents: Array("this is not a font".utf8))
        #expect {
            try SystemFontSystem().registerFont(at: path)
        } throws: { error in
            guard case .unreadableFile(let errorPath, _) = error as? FontError else { return false }
            return errorPath == path
        }
    }
}
