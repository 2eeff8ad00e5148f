/// Why a text could not be laid out.
///
/// ```swift
/// do { _ = try typesetter.layout("Hi", in: TextContainer(width: -1)) }
/// catch { print(error) }   // "invalid layout parameter: width must be a finite number ≥ 0, not -1.0"
/// ```
public enum LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A font could not be found or loaded.
    case font(FontError)
    /// A size, width, height, inset or limit is negative or not a finite number.
    case invalidParameter(String)

    /// A message for people.
    public var description: String {
        switch self {
        case .font(let error): error.description
        case .invalidParameter(let message): "invalid layout parameter: \(message)"
        }
    }
}
