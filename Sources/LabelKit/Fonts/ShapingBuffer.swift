import CHarfBuzz

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `hb_buffer_t` per thread, reused by every shaping call on that thread.
///
/// A HarfBuzz buffer is mutable and must not be shared, and creating one per run would allocate in the hot loop.
/// `shape` is synchronous, so the thread cannot change under it; the buffer is released when its thread exits.
final class ShapingBuffer {
    let handle: OpaquePointer

    private init() {
        handle = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(handle) }

    /// The calling thread's buffer, created on first use.
    static func forCurrentThread() -> ShapingBuffer {
        if let stored = pthread_getspecific(threadKey) {
            return Unmanaged<ShapingBuffer>.fromOpaque(stored).takeUnretainedValue()
        }
        let buffer = ShapingBuffer()
        // The thread's key value holds the +1 reference; the key's destructor gives it back.
        pthread_setspecific(threadKey, Unmanaged.passRetained(buffer).toOpaque())
        return buffer
    }

    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { stored in
            guard let stored else { return }
            Unmanaged<ShapingBuffer>.fromOpaque(stored).release()
        }
        return key
    }()
}
