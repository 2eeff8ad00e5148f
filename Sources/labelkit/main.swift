import Foundation
import LabelKitJSON

/// Every subcommand, in the order `labelkit --help` lists them.
let commands: [any Command.Type] = [
    MeasureCommand.self, RenderCommand.self, HitCommand.self, RectsCommand.self, LinksCommand.self,
    InteractCommand.self, DemoCommand.self,
]

/// `labelkit --help`: written when asked for, not at start-up.
var overview: String {
    """
    OVERVIEW: lay out, measure, draw and hit-test styled text with LabelKit

    USAGE: labelkit <subcommand> [OPTIONS] TEXT

    SUBCOMMANDS:
    \(commands.map { "  " + OptionsHelp.padded($0.name, to: 12) + $0.summary }.joined(separator: "\n"))

    See 'labelkit <subcommand> --help' for a subcommand's options.
    """
}

@MainActor func main() -> Int32 {
    // Writing to a closed pipe then fails with EPIPE, which every command handles, instead of killing the process.
    LineOutput.ignoreBrokenPipeSignal()
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first else {
        printError(overview)
        return 2
    }
    if first == "--help" || first == "-h" || first == "help" {
        print(overview)
        return 0
    }
    guard let command = commands.first(where: { $0.name == first }) else {
        printError("labelkit: error: unknown subcommand '\(first)'\n\n\(overview)")
        return 2
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        print(command.help)
        return 0
    }
    do {
        let parsed = try CommandLineArguments(rest, options: command.acceptedOptions)
        return try command.run(parsed)
    } catch {
        printError("labelkit: error: \(error.message)\nSee 'labelkit \(command.name) --help'.")
        return 2
    }
}

exit(main())
