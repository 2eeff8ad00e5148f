import Foundation
import Testing

/// `labelkit render --select` and `--focus-link`: the pictures of a selection and a focus ring.
@Suite("labelkit render: selection and focus ring")
struct RenderSelectionTests {
    static let seed = "決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします"

    static func render(_ extra: [String]) throws -> (result: LabelkitResult, png: Data?) {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("labelkit-render-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try labelkit(["render", "--markup", "--width", "200", "--out", path] + extra + [seed])
        return (result, FileManager.default.contents(atPath: path))
    }

    @Test("--select and --focus-link change the picture; a bad range or link number is a usage error")
    func options() throws {
        let plain = try Self.render([])
        let selected = try Self.render(["--select", "5,8"])
        let focused = try Self.render(["--focus-link", "0"])
        #expect(plain.result.status == 0 && selected.result.status == 0 && focused.result.status == 0)
        let pictures = [plain.png, selected.png, focused.png].compactMap { $0 }
        #expect(pictures.count == 3 && Set(pictures).count == 3, "three different pictures")

        let badLink = try Self.render(["--focus-link", "1"])
        #expect(badLink.result.status == 2)
        #expect(badLink.result.stderr.contains("--focus-link 1: the text shows 1 link(s)"))
        let badRange = try Self.render(["--select", "5"])
        #expect(badRange.result.status == 2)
        #expect(badRange.result.stderr.contains("--select needs START,LENGTH"))
    }
}
