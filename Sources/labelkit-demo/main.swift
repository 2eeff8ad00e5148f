import Foundation
import LabelKit

/// labelkit-demo: every LabelKit behaviour in one SDL window.
///
///     labelkit-demo [--events] [--stats] [--scroll-test SECONDS] [--size WxH] [--rows N]
///                   [--appearance light|dark] [--contrast normal|high] [--text-scale F]
let usage = """
    usage: labelkit-demo [--events] [--stats] [--scroll-test SECONDS] [--size WIDTHxHEIGHT] [--rows N]
                         [--appearance light|dark] [--contrast normal|high] [--text-scale F]
      --events              print one JSON object per line on stdout: ready (widget frames, link rects), then actions
      --stats               print frame times every second
      --scroll-test SECONDS scroll the list continuously, print frame times and CPU time per frame, then exit
      --size WxH            the window size in points (default 1000x720)
      --rows N              the number of list rows (default 10000)
      --appearance SCHEME   light or dark, whatever the desktop says (default: the desktop portal's color-scheme)
      --contrast CONTRAST   normal or high, whatever the desktop says (default: the desktop portal's contrast)
      --text-scale F        the text scale, 0.5 to 3, whatever the desktop says (default: GNOME's text-scaling-factor)
    """

/// Why the arguments were refused: a flag the demo does not know (the usage is printed), or a bad value of a flag
/// (a message naming it).
enum OptionError: Error {
    case usage
    case invalid(flag: String, message: String)
}

func parseOptions(_ arguments: [String]) throws(OptionError) -> DemoApp.Options {
    var options = DemoApp.Options()
    var remaining = arguments[...]
    /// The value after `flag`, one of `choices`.
    func choice<Choice: RawRepresentable<String> & CaseIterable>(_ flag: String, _: Choice.Type) throws(OptionError)
        -> Choice
    {
        let names = Choice.allCases.map(\.rawValue).joined(separator: " or ")
        guard let value = remaining.popFirst() else {
            throw .invalid(flag: flag, message: "a value is missing (\(names))")
        }
        guard let choice = Choice(rawValue: value) else {
            throw .invalid(flag: flag, message: "\"\(value)\" is not \(names)")
        }
        return choice
    }
    while let argument = remaining.popFirst() {
        switch argument {
        case "--events": options.events = true
        case "--stats": options.stats = true
        case "--scroll-test":
            if let next = remaining.first, let seconds = Double(next), seconds > 0 {
                remaining.removeFirst()
                options.scrollTestSeconds = seconds
            } else {
                options.scrollTestSeconds = 5
            }
        case "--size":
            let parts = remaining.popFirst()?.split(separator: "x").compactMap { Int($0) } ?? []
            guard parts.count == 2, parts.allSatisfy({ $0 >= 200 && $0 <= 8192 }) else { throw .usage }
            options.width = parts[0]
            options.height = parts[1]
        case "--rows":
            guard let rows = remaining.popFirst().flatMap({ Int($0) }), rows >= 0, rows <= 1_000_000 else {
                throw .usage
            }
            options.rows = rows
        case "--appearance":
            options.settingsOverride.colorScheme = try choice(argument, Appearance.ColorScheme.self)
        case "--contrast":
            options.settingsOverride.contrast = try choice(argument, Appearance.Contrast.self)
        case "--text-scale":
            guard let value = remaining.popFirst() else {
                throw .invalid(flag: argument, message: "a value is missing (a number from 0.5 to 3)")
            }
            guard let number = Double(value) else {
                throw .invalid(flag: argument, message: "\"\(value)\" is not a number from 0.5 to 3")
            }
            do {
                options.settingsOverride.textScale = try TextScale(number)
            } catch {
                throw .invalid(flag: argument, message: error.description)
            }
        case "--help", "-h":
            print(usage)
            exit(0)
        default:
            throw .usage
        }
    }
    return options
}

let options: DemoApp.Options
do {
    options = try parseOptions(Array(CommandLine.arguments.dropFirst()))
} catch .invalid(let flag, let message) {
    FileHandle.standardError.write(Data("labelkit-demo: error: \(flag): \(message)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}

// The app (window, renderer, SDL) is released before exiting, so SDL_Quit runs and the display is left clean.
let exitCode: Int32 = {
    do {
        let app = try DemoApp(options: options)
        return try app.run()
    } catch {
        FileHandle.standardError.write(Data("labelkit-demo: \(error)\n".utf8))
        return 1
    }
}()
exit(exitCode)
