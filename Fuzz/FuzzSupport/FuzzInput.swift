/// A fuzzer's input read as a text and the choices that go with it.
///
/// The bytes before the first 0xFF (a byte UTF-8 never uses) are the text, decoded as UTF-8 with invalid sequences
/// replaced; the bytes after it are choices — sizes, modes, points, events — read in order, 0 once they run out. A
/// plain text file is therefore a valid input with every choice at its default, so the seed corpus can be plain
/// text, and the fuzzer's mutations reach both parts.
///
/// ```swift
/// var input = FuzzInput(data, count)
/// let width = input.fraction() * 400
/// let alignment = input.pick(TextAlignment.allCases)
/// ```
public struct FuzzInput {
    /// The text part, as raw bytes (for targets that read them as UTF-16).
    public let textBytes: [UInt8]
    /// The text part, decoded as UTF-8 with U+FFFD for invalid sequences.
    public let text: String
    private let choices: [UInt8]
    private var position = 0

    /// Splits `count` bytes at `data` into the text and the choices.
    public init(_ data: UnsafePointer<UInt8>?, _ count: Int) {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        if let separator = bytes.firstIndex(of: 0xFF) {
            textBytes = Array(bytes[..<separator])
            choices = Array(bytes[(separator + 1)...])
        } else {
            textBytes = bytes
            choices = []
        }
        text = String(decoding: textBytes, as: UTF8.self)
    }

    /// Whether any choice byte is left.
    public var hasChoices: Bool { position < choices.count }

    /// The next choice byte, 0 when none is left.
    public mutating func byte() -> UInt8 {
        guard position < choices.count else { return 0 }
        defer { position += 1 }
        return choices[position]
    }

    /// A number in `range`, from one or two bytes.
    public mutating func number(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound
        guard span > 0 else { return range.lowerBound }
        let raw = span < 256 ? Int(byte()) : Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % (span + 1)
    }

    /// A fraction in 0...1, from two bytes.
    public mutating func fraction() -> Double {
        Double(Int(byte()) << 8 | Int(byte())) / 65_535
    }

    /// True for an odd byte.
    public mutating func flag() -> Bool { byte() & 1 == 1 }

    /// One of `values` (which must not be empty).
    public mutating func pick<Value>(_ values: [Value]) -> Value {
        values[number(in: 0...(values.count - 1))]
    }
}
