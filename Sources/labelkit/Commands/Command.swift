/// A subcommand of `labelkit`.
protocol Command {
    static var name: String { get }
    static var summary: String { get }
    static var help: String { get }
    static var options: OptionSpecification { get }
    /// Runs the command; returns the exit code.
    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32
}
