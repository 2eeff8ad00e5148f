import LabelKitText

/// Why a font could not be found or loaded.
public enum FontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No installed or registered font matches the request.
    case noMatch(FontDescriptor)
    /// A font file could not be read or holds no usable face.
    case unreadableFile(path: String, reason: String)

    /// A message that names the request.
    public var description: String {
        switch self {
        case .noMatch(let descriptor): "no font matches \(descriptor)"
        case .unreadableFile(let path, let reason): "cannot use font file \(path): \(reason)"
        }
    }
}
