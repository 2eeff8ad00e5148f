/// A subcommand of `labelkit`.
protocol Command {
    static var name: String { get }
    static var summary: String { get }
    /// The beginning of `--help`: the usage lines and what the command prints. The options follow, written from
    /// their declarations.
    static var discussion: String { get }
    /// The options the command accepts, in the order `--help` lists them (`--help` itself is added).
    static var options: [any OptionDeclaration] { get }
    /// Runs the command; returns the exit code.
    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32
}

/// `--help`, which every command accepts.
let helpOption = Option("help", .flag, help: "show this help")

extension Command {
    /// Every option the command accepts: its own and `--help`.
    static var acceptedOptions: [any OptionDeclaration] { options + [helpOption] }

    /// `labelkit NAME --help`: the discussion, each option with its help, and the keys of a batch record.
    static var help: String {
        var help = discussion + "\n\nOPTIONS:\n" + OptionsHelp.list(acceptedOptions)
        if let records = OptionsHelp.batchRecords(acceptedOptions) { help += "\n\nBATCH RECORDS:\n" + records }
        return help
    }
}
