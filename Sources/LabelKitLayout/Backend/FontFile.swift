/// Where a face's data lives: a font file and the index of the face inside it.
///
/// It is what a renderer (FreeType and Cairo, Skia, a GPU glyph atlas) needs to open its own handle on the very
/// face the typesetter shaped with, so that glyph identifiers mean the same glyphs.
///
/// ```swift
/// if let file = run.face.file {
///     FT_New_Face(library, file.path, FT_Long(file.faceIndex), &face)
/// }
/// ```
public struct FontFile: Sendable, Hashable {
    /// The path of the font file (TrueType, OpenType or a collection such as `.ttc`).
    public var path: String
    /// The index of the face inside the file: 0 unless the file is a collection.
    public var faceIndex: Int

    /// Creates a file reference.
    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }
}
