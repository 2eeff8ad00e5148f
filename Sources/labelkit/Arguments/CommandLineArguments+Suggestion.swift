import LabelKitJSON

extension CommandLineArguments {
    /// `unknown option --widht; did you mean --width?`, or `unknown option --xyz` when no option of the command is
    /// near (``EditDistance/nearest(to:among:)``).
    static func unknownOptionMessage(_ name: String, among names: [String]) -> String {
        let message = "unknown option --\(name)"
        guard let nearest = EditDistance.nearest(to: name, among: names) else { return message }
        return message + "; did you mean --\(nearest)?"
    }
}
