#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Mutable state shared between threads, guarded by a POSIX mutex: the lock of every cache and pool in LabelKit.
///
/// Why not `Synchronization.Mutex`: on Linux it locks with futex system calls that ThreadSanitizer does not
/// intercept, so TSan sees no ordering between two threads' critical sections and reports every access inside
/// `withLock` as a race — hundreds of false reports in which a real race would drown. TSan intercepts
/// `pthread_mutex_lock` and `pthread_mutex_unlock`, so it checks everything guarded by this type. `NSLock` is a
/// pthread mutex too, but a class of its own beside the state, reached through dynamic dispatch; this type keeps
/// the mutex and the state in memory it owns and inlines `withLock` into its callers.
///
/// The cost, counted with callgrind: about 50 more instructions per lock and unlock than `Mutex`'s futex fast path —
/// 2.5 % of a `TextLayoutCache` hit (one lock), 0.8 % of a cold `measurement` (19 locks); see Benchmarks/README.md.
///
/// ```swift
/// let counts = LockedState([String: Int]())
/// counts.withLock { $0["hits", default: 0] += 1 }
/// ```
///
/// `@usableFromInline` and `@inlinable` so that `withLock` inlines into the other modules too: a `package` type's
/// members do not inline across modules otherwise, even when marked `@inlinable` (measured: the word cache's lookups
/// paid an unspecialized generic call each).
@usableFromInline package final class LockedState<State>: @unchecked Sendable {
    // Both live at fixed addresses: a pthread mutex must never move, and reaching the state through a pointer
    // keeps Swift's exclusivity checks of class properties off the hot paths.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let state: UnsafeMutablePointer<State>

    /// Guards `initialState`, which no one else may still hold.
    package init(_ initialState: sending State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        Self.initializeMutex(mutex)
        state = .allocate(capacity: 1)
        state.initialize(to: initialState)
    }

    /// Initializes a mutex the way every lock of LabelKit's is. Adaptive where glibc has it: a thread that finds the
    /// lock taken spins briefly before it sleeps. The critical sections are a hash lookup long, so a waiter almost
    /// always gets the lock within the spin instead of paying two futex system calls and a wake-up (on two cores,
    /// `measurements` on two threads went from 1.24 to 1.63 times one thread's speed: waiting had cost a quarter).
    private static func initializeMutex(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        #if canImport(Glibc)
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        #else
            pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` with the state while holding the lock; `body` must not call `withLock` on the same instance.
    @inlinable @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}
