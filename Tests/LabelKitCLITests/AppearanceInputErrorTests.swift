import Foundation
import Testing

/// Bad colours, appearances, text scales and text styles: each is exit 2 with a message naming the key or the flag
/// at fault (and what was meant, when it is near), never a crash and never a picture.
@Suite("labelkit bad colours, appearances and text sizes")
struct AppearanceInputErrorTests {
    /// A run with `member` (`"color":…`) in --runs.
    static func runs(_ member: String) -> String { ##"[{"text":"x",\##(member)}]"## }

    @Test(
        "each bad input exits 2 with a message that names the key or the flag",
        arguments: [
            (
                ["measure", "--runs", runs(##""color":{"light":"#FFFFFF"}"##)],
                ##"runs[0].color: {"light":"#RRGGBB","dark":"#RRGGBB"} needs "dark""##
            ),
            (
                ["measure", "--runs", runs(##""color":{"dark":"#FFFFFF"}"##)],
                ##"runs[0].color: {"light":"#RRGGBB","dark":"#RRGGBB"} needs "light""##
            ),
            (
                ["measure", "--runs", runs(##""color":{"light":"#FFFFFF","dark":"#000000","dim":"#111111"}"##)],
                ##"runs[0].color: unknown key "dim" (known: light, dark, lightHighContrast, darkHighContrast)"##
            ),
            (
                ["measure", "--runs", runs(##""color":{"light":"#FFFFFF","dark":0}"##)],
                ##"runs[0].color: "dark" must be #RRGGBB or #RRGGBBAA, not 0"##
            ),
            (
                ["measure", "--runs", runs(##""background":{"light":"#FFF","dark":"#000000"}"##)],
                ##"runs[0].background: "light" must be #RRGGBB or #RRGGBBAA, not "#FFF""##
            ),
            (
                [
                    "measure", "--runs",
                    runs(##""color":{"light":"#FFFFFF","dark":"#000000","darkHighContrast":"label"}"##),
                ],
                ##"runs[0].color: "darkHighContrast" must be #RRGGBB or #RRGGBBAA, not "label""##
            ),
            (
                ["measure", "--runs", runs(##""underlineColor":"lable""##)],
                ##"runs[0].underlineColor: must be #RRGGBB"##
            ),
            (
                ["measure", "--runs", runs(##""strikethroughColor":"#12345""##)],
                ##"runs[0].strikethroughColor: must be #RRGGBB or #RRGGBBAA, not "#12345""##
            ),
            (["measure", "--runs", runs(##""shadow":{"color":"linkk"}"##)], ##"runs[0].shadow.color: must be"##),
            (["measure", "--runs", runs(##""stroke":{"width":1,"color":[1]}"##)], ##"runs[0].stroke.color: must be"##),
            (
                ["measure", "--runs", runs(##""textStyle":"huge""##)],
                ##"runs[0].textStyle: must be one of largeTitle|"##
            ),
            (
                ["measure", "--runs", runs(##""maximumFontSize":-1"##)],
                ##"runs[0].maximumFontSize: must be a number > 0"##
            ),
            (["render", "--out", "/tmp/never.png", "--background", "lable", "x"], ##"--background: must be #RRGGBB"##),
            (
                ["render", "--out", "/tmp/never.png", "--background", ##"{"light":"#FFFFFF"}"##, "x"],
                ##"--background: {"light""##
            ),
            (
                ["render", "--out", "/tmp/never.png", "--background", ##"{"light":"#FFFFFF","##, "x"],
                "--background: must be one JSON object"
            ),
            (["measure", "--text-scale", "5", "x"], "--text-scale needs a number from 0.5 to 3, not '5'"),
            (["measure", "--text-scale", "0.4", "x"], "--text-scale needs a number from 0.5 to 3, not '0.4'"),
            (["measure", "--text-scale", "big", "x"], "--text-scale needs a number from 0.5 to 3, not 'big'"),
            (["measure", "--text-scale", "nan", "x"], "--text-scale needs a number from 0.5 to 3, not 'nan'"),
            (["measure", "--text-style", "huge", "x"], "--text-style must be one of largeTitle|title1|"),
            (
                ["render", "--out", "/tmp/never.png", "--appearance", "dim", "x"],
                "--appearance must be one of light|dark, not 'dim'"
            ),
            (
                ["hit", "--x", "1", "--y", "1", "--contrast", "max", "x"],
                "--contrast must be one of normal|high, not 'max'"
            ),
            (["measure", "--maximum-font-size", "0", "x"], "--maximum-font-size needs a number ≥ 0.001, not '0'"),
        ])
    func badInput(arguments: [String], message: String) throws {
        let result = try labelkit(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("labelkit: error: " + message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.png"))
    }

    @Test(
        "a near miss names what was meant",
        arguments: [
            (["measure", "--text-style", "largetitle", "x"], "did you mean largeTitle?"),
            (["measure", "--text-style", "captoin2", "x"], "did you mean caption2?"),
            (["measure", "--appearance", "drak", "x"], "did you mean dark?"),
            (["measure", "--runs", runs(##""color":"secondarylabel""##)], ##"did you mean "secondaryLabel"?"##),
            (["measure", "--runs", runs(##""background":"FF0000""##)], ##"did you mean "#FF0000"?"##),
            (["measure", "--runs", runs(##""textStyle":"titel1""##)], ##"did you mean "title1"?"##),
            (
                ["render", "--out", "/tmp/never.png", "--background", "backgruond", "x"],
                ##"did you mean "background"?"##
            ),
        ])
    func suggestions(arguments: [String], suggestion: String) throws {
        let result = try labelkit(arguments)
        #expect(result.status == 2)
        let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasSuffix(suggestion), "\(result.stderr)")
    }

    @Test("a batch record's bad text scale, text style or colour in its runs names the line and the key")
    func batchRecords() throws {
        let records = [
            ##"{"text":"x","textScale":4}"##, ##"{"text":"x","textScale":"2"}"##,
            ##"{"text":"x","textStyle":"titel1"}"##,
            ##"{"runs":[{"text":"x","color":{"light":"#000000"}}]}"##, ##"{"text":"x","textScale":0.5}"##,
        ]
        let result = try labelkit(["measure", "--batch", "-"], stdin: records.joined(separator: "\n") + "\n")
        #expect(result.status == 2)
        let errors = result.jsonLines.map { $0["error"] as? String }
        #expect(
            errors == [
                ##"line 1: "textScale" must be a number from 0.5 to 3"##,
                ##"line 2: "textScale" must be a number from 0.5 to 3"##,
                ##"line 3: "textStyle" must be one of largeTitle|title1|title2|title3|headline|body|callout|subheadline|footnote|caption1|caption2; did you mean "title1"?"##,
                ##"line 4: runs[0].color: {"light":"#RRGGBB","dark":"#RRGGBB"} needs "dark""##, nil,
            ])
    }
}
