import Foundation
import Testing

/// An option the command does not know is a usage error that names the nearest option of that command.
@Suite("labelkit unknown options")
struct OptionSuggestionTests {
    /// The whole error `labelkit` prints for `arguments`, which must exit with 2.
    static func usageError(_ arguments: [String]) throws -> String {
        let result = try labelkit(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stdout.isEmpty, "\(arguments)")
        return result.stderr
    }

    @Test("measure --widht 5 x: exit 2, and the error names --width")
    func widht() throws {
        let error = try Self.usageError(["measure", "--widht", "5", "x"])
        #expect(
            error
                == "labelkit: error: unknown option --widht; did you mean --width?\nSee 'labelkit measure --help'.\n")
    }

    @Test(
        "a misspelt option suggests the one meant",
        arguments: [
            (["measure", "--wdith", "5", "x"], "--wdith", "--width"),   // a swap
            (["measure", "--widh", "5", "x"], "--widh", "--width"),   // a letter missing
            (["measure", "--widtth", "5", "x"], "--widtth", "--width"),   // a letter doubled
            (["measure", "--hieght", "5", "x"], "--hieght", "--height"),
            (["hit", "--raduis", "5", "--x", "1", "--y", "1", "x"], "--raduis", "--radius"),
            (["measure", "--paragraph-spacnig", "1,2", "x"], "--paragraph-spacnig", "--paragraph-spacing"),
            (["measure", "--head-indnet", "3", "x"], "--head-indnet", "--head-indent"),
            (["measure", "--makrup", "x"], "--makrup", "--markup"),
            (["render", "--ot", "a.png", "x"], "--ot", "--out"),
            (["links", "--kind", "url", "x"], "--kind", "--kinds"),
            (["interact", "--evnets", "wait 1", "x"], "--evnets", "--events"),
            (["measure", "--hepl"], "--hepl", "--help"),
            (["measure", "--widht=5", "x"], "--widht", "--width"),
        ])
    func suggests(arguments: [String], typed: String, meant: String) throws {
        let error = try Self.usageError(arguments)
        #expect(error.hasPrefix("labelkit: error: unknown option \(typed); did you mean \(meant)?\n"), "\(error)")
    }

    @Test(
        "nothing near: the error names the option alone, even when another command has it",
        arguments: [
            ["measure", "--bogus", "x"],
            ["measure", "--xyz", "x"],
            ["measure", "--kinds", "url", "x"],   // links' option, two edits from --lines
            ["links", "--width", "5", "x"],   // measure's option
            ["links", "--detect", "url", "x"],
            ["measure", "--out", "a.png", "x"],   // render's option
            ["hit", "--z", "1", "x"],   // one letter from --x, but every one-letter name is that near
        ])
    func noSuggestion(arguments: [String]) throws {
        let error = try Self.usageError(arguments)
        let typed = try #require(arguments.first { $0.hasPrefix("--") })
        #expect(
            error == "labelkit: error: unknown option \(typed)\nSee 'labelkit \(arguments[0]) --help'.\n", "\(error)")
    }
}
