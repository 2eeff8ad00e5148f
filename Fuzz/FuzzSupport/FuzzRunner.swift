import CLibFuzzer
import Foundation

/// Runs libFuzzer over `target` with the program's arguments (libFuzzer's flags, corpus folders or files to run)
/// and exits with its status.
public func runFuzzer(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, target))
}

/// Stops the fuzzer with `message` when `condition` is false: libFuzzer reports the abort as a crash and saves the
/// input, so a broken invariant is found like a memory error.
public func invariant(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("LabelKit invariant failed at \(file):\(line): \(message())\n".utf8))
    abort()
}

/// Whether every coordinate of `rect` is a finite number.
public func isFinite(_ rect: CGRect) -> Bool {
    rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width.isFinite && rect.size.height.isFinite
}
