import Foundation

/// One line of a batch: its 1-based number and its bytes (without the line feed), valid until the input reads on.
struct BatchLine {
    let number: Int
    let bytes: UnsafeBufferPointer<UInt8>
}

/// JSON Lines read from a regular file, a FIFO, a pipe, `/dev/fd/N` (a shell's `<(…)`) or standard input (`-`), a
/// block of lines at a time: memory holds one read's worth of input (at least the longest line), however long the
/// stream, and lines are handed on as soon as they arrive.
///
/// Lines end at line feeds; a carriage return before one is left in the line, where a JSON reader takes it as white
/// space. A UTF-8 byte order mark at the start of the stream is skipped.
final class BatchInput {
    /// The path as given, for messages.
    let path: String
    private let descriptor: Int32
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The unread bytes are `storage[start..<end]`.
    private var start = 0
    private var end = 0
    private var reachedEnd = false
    private var checkedByteOrderMark = false
    private var nextLineNumber = 1

    /// Opens `path` ("-" for standard input).
    init(path: String, capacity: Int = 64 * 1024) throws(UsageError) {
        self.path = path
        if path == "-" {
            descriptor = 0
        } else {
            let opened = open(path, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else {
                throw UsageError(message: "cannot read batch file '\(path)': \(String(cString: strerror(errno)))")
            }
            descriptor = opened
        }
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
        if descriptor != 0 { close(descriptor) }
    }

    /// Replaces `lines` with the next lines already read, at most `limit`; reads (and may wait for input) only when
    /// no whole line is left. `lines` comes back empty at the end of the input. The lines stay valid until the next
    /// call.
    func nextLines(limit: Int, into lines: inout [BatchLine]) throws(UsageError) {
        lines.removeAll(keepingCapacity: true)
        while true {
            if checkedByteOrderMark {
                takeLines(limit: limit, into: &lines)
                if !lines.isEmpty { return }
                if reachedEnd {
                    // The last line need not end in a line feed.
                    if start < end {
                        lines.append(
                            BatchLine(
                                number: nextLineNumber,
                                bytes: UnsafeBufferPointer(start: storage + start, count: end - start)))
                        nextLineNumber += 1
                        start = end
                    }
                    return
                }
            } else if end - start >= 3 || reachedEnd {
                if end - start >= 3, storage[start] == 0xEF, storage[start + 1] == 0xBB, storage[start + 2] == 0xBF {
                    start += 3
                }
                checkedByteOrderMark = true
                continue
            }
            try readMore()
        }
    }

    private func takeLines(limit: Int, into lines: inout [BatchLine]) {
        while lines.count < limit, start < end {
            guard let found = memchr(storage + start, Int32(UInt8(ascii: "\n")), end - start) else { return }
            let newline = storage.distance(to: found.assumingMemoryBound(to: UInt8.self))
            lines.append(
                BatchLine(
                    number: nextLineNumber, bytes: UnsafeBufferPointer(start: storage + start, count: newline - start)))
            nextLineNumber += 1
            start = newline + 1
        }
    }

    /// Moves the unread bytes to the front, grows the buffer when they fill half of it, and reads what is there.
    private func readMore() throws(UsageError) {
        if start > 0 {
            storage.update(from: storage + start, count: end - start)
            end -= start
            start = 0
        }
        if end > capacity / 2 {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            grown.initialize(from: storage, count: end)
            storage.deallocate()
            storage = grown
            capacity *= 2
        }
        while true {
            let count = read(descriptor, storage + end, capacity - end)
            if count > 0 {
                end += count
                return
            }
            if count == 0 {
                reachedEnd = true
                return
            }
            if errno == EINTR { continue }
            throw UsageError(message: "cannot read batch file '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}
