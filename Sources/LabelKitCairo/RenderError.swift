/// Why a layout could not be drawn or its image could not be encoded or written.
///
/// ```swift
/// do {
///     try LabelRenderer().writePNG(layout, to: "/no/such/dir/label.png")
/// } catch {
///     print(error)   // cannot write PNG to /no/such/dir/label.png: error while writing to output stream
/// }
/// ```
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A renderer option is out of range (a scale that is not a finite number > 0).
    case invalidOption(String)
    /// Cairo could not create an image of this size in pixels (or a PDF or SVG page of this size in points).
    case surfaceCreationFailed(width: Int, height: Int, reason: String)
    /// A run's font file could not be opened for drawing.
    case unreadableFont(path: String, reason: String)
    /// A run's face is not backed by a font file (for example a test font), so Cairo cannot draw it.
    case unsupportedFontFace(familyName: String)
    /// The image could not be encoded as PNG or written to `path` (nil when encoding to memory).
    case pngWriteFailed(path: String?, reason: String)
    /// A PNG file could not be read or decoded.
    case pngReadFailed(path: String, reason: String)
    /// The file name's extension names no format the renderer writes (`.png`, `.pdf` and `.svg` do).
    case unsupportedOutputFormat(path: String)
    /// A PDF or SVG document could not be made or written to `path` (nil when encoding to memory).
    case documentWriteFailed(path: String?, reason: String)
    /// An attachment's image file could not be read or decoded, and the renderer was asked to fail rather than
    /// draw a placeholder (``LabelRenderer/UnreadableImagePolicy/throwError``).
    case unreadableImage(path: String, reason: String)

    /// A message that names the failing file or size.
    public var description: String {
        switch self {
        case .invalidOption(let message): "invalid renderer option: \(message)"
        case .surfaceCreationFailed(let width, let height, let reason):
            "cannot create a \(width)×\(height) image: \(reason)"
        case .unreadableFont(let path, let reason): "cannot draw with font file \(path): \(reason)"
        case .unsupportedFontFace(let family): "the face of \"\(family)\" has no font file to draw with"
        case .pngWriteFailed(let path?, let reason): "cannot write PNG to \(path): \(reason)"
        case .pngWriteFailed(nil, let reason): "cannot encode PNG: \(reason)"
        case .pngReadFailed(let path, let reason): "cannot read PNG \(path): \(reason)"
        case .unsupportedOutputFormat(let path):
            "cannot tell the format of \(path): the file name must end in .png, .pdf or .svg"
        case .documentWriteFailed(let path?, let reason): "cannot write \(path): \(reason)"
        case .documentWriteFailed(nil, let reason): "cannot encode the document: \(reason)"
        case .unreadableImage(let path, let reason): "cannot read the attachment image \(path): \(reason)"
        }
    }
}
