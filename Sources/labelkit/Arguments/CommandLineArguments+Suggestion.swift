extension CommandLineArguments {
    /// `unknown option --widht; did you mean --width?`, or `unknown option --xyz` when no option of the command is
    /// near: within one edit of a name of 3 to 5 characters, two of a longer one (a swap of two neighbours is one
    /// edit). Names of one or two characters (`--x`) are never suggested: almost anything is near them.
    static func unknownOptionMessage(_ name: String, among names: [String]) -> String {
        let message = "unknown option --\(name)"
        var nearest: (name: String, distance: Int)? = nil
        for candidate in names where candidate.count >= 3 {
            let distance = EditDistance.between(name, candidate)
            let allowed = min(2, max(1, candidate.count / 3))
            if distance <= allowed, distance < nearest?.distance ?? .max { nearest = (candidate, distance) }
        }
        guard let nearest else { return message }
        return message + "; did you mean --\(nearest.name)?"
    }
}
