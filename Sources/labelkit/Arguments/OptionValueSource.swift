/// Where option values come from: the command line, or one batch record, which sets only the options that declare a
/// batch key. Code that applies options (``LayoutOptions``) reads either through this one interface.
protocol OptionValueSource {
    /// The value given for `option`, nil when this source does not give one.
    func value<Value>(of option: Option<Value>) throws(UsageError) -> Value?
}
