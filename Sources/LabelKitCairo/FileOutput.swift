import Foundation

/// Writes a document's bytes to a file, with the system's reason when it cannot.
enum FileOutput {
    static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
        guard let file = fopen(path, "wb") else {
            throw .documentWriteFailed(path: path, reason: String(cString: strerror(errno)))
        }
        let written = bytes.withUnsafeBufferPointer { buffer in
            buffer.isEmpty ? 0 : fwrite(buffer.baseAddress, 1, buffer.count, file)
        }
        let writeError = written == bytes.count ? 0 : ferror(file) != 0 ? errno : EIO
        let closeFailed = fclose(file) != 0
        let closeError = errno
        if writeError != 0 {
            throw .documentWriteFailed(path: path, reason: String(cString: strerror(writeError)))
        }
        if closeFailed {
            throw .documentWriteFailed(path: path, reason: String(cString: strerror(closeError)))
        }
    }
}
