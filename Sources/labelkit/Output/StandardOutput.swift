import LabelKitJSON

/// Prints `values` on standard output, one JSON line each; returns the exit code (see `writeStandardOutput(_:)`).
func printLines(_ values: [JSONValue]) -> Int32 {
    writeStandardOutput { (output) throws(LineOutputError) in
        for value in values { try output.append(value) }
    }
}

/// Prints one JSON line on standard output; returns the exit code (see `writeStandardOutput(_:)`).
func printResult(_ value: JSONValue) -> Int32 {
    printLines([value])
}

/// Prints lines of text on standard output; returns the exit code (see `writeStandardOutput(_:)`).
func printTextLines(_ lines: [String]) -> Int32 {
    writeStandardOutput { (output) throws(LineOutputError) in
        for line in lines { try output.appendLine(line) }
    }
}

/// Runs `write` on a buffered standard output and flushes it. The exit code is 0, also when the reader went away
/// (`| head -1`: nobody is left to tell), or 1 after a message on stderr when the output cannot be written.
private func writeStandardOutput(_ write: (inout LineOutput) throws(LineOutputError) -> Void) -> Int32 {
    var output = LineOutput.standardOutput
    do throws(LineOutputError) {
        try write(&output)
        try output.flush()
        return 0
    } catch .readerClosed {
        return 0
    } catch {
        printError("labelkit: error: cannot write standard output: \(error)")
        return 1
    }
}
