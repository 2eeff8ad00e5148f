import CHarfBuzz

/// A HarfBuzz buffer, owned: destroyed with the object.
///
/// A HarfBuzz buffer is mutable and must not be shared, and creating one per run would allocate in the hot loop, so a
/// face keeps the buffers its shaping calls have finished with (``ShapingScratch``) and lends one to each call.
/// `@unchecked Sendable` because it passes between threads only through that lock, and one call uses it at a time.
final class ShapingBuffer: @unchecked Sendable {
    let handle: OpaquePointer

    init() {
        handle = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(handle) }
}

/// What a ``SystemFontFace`` keeps for shaping, behind its lock: a HarfBuzz font per size, and the buffers no shaping
/// call is using.
struct ShapingScratch {
    private var fontsBySize: [Double: HarfBuzzFont] = [:]
    private var idleBuffers: [ShapingBuffer] = []

    /// Idle buffers kept at most: one per thread shaping with the face at once is enough.
    private static let idleLimit = 16

    /// The HarfBuzz font of `face` at `size` points, made on first use.
    mutating func font(size: Double, of face: OpaquePointer) -> HarfBuzzFont {
        if let font = fontsBySize[size] { return font }
        let font = HarfBuzzFont(face: face, size: size)
        fontsBySize[size] = font
        return font
    }

    /// An idle buffer, or a new one: the caller's alone until it gives it back.
    mutating func takeBuffer() -> ShapingBuffer {
        idleBuffers.popLast() ?? ShapingBuffer()
    }

    /// Keeps `buffer` for the next shaping call (unless enough are kept).
    mutating func giveBack(_ buffer: ShapingBuffer) {
        if idleBuffers.count < Self.idleLimit { idleBuffers.append(buffer) }
    }
}
