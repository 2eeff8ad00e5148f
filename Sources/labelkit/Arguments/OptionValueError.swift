/// Why an option's value was refused, worded to follow the option's name (`--width …`) or a batch record's key
/// (`"width" …`); ``UsageError`` puts the two together.
enum OptionValueError: Error {
    /// The value is not of the form the option needs: `--width needs a number ≥ 0, not 'abc'`, and in a record
    /// `"width" must be a number ≥ 0`.
    case needs(String)
    /// The value is not one the option takes: `--truncate must be one of head|middle|tail|clip, not 'x'`, and in a
    /// record `"truncate" must be one of head|middle|tail|clip`; with the value that is near what was given, `…; did
    /// you mean tail?`.
    case mustBe(String, suggestion: String? = nil)
    /// What follows the name as it is: `--points is empty`.
    case phrase(String)
    /// What follows the name and a colon: `--detect: unknown link kind 'x' (…)`.
    case detail(String)
}
