import Foundation
import Testing

@testable import LabelKitText

/// The lock every shared cache uses: each update made under it from many threads at once is kept.
@Suite("Concurrency of LockedState")
struct LockedStateConcurrencyTests {
    @Test("eight threads adding to one dictionary under the lock lose no update")
    func noLostUpdates() {
        let counts = LockedState([Int: Int]())
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<5_000 {
                counts.withLock { $0[step % 7, default: 0] += 1 }
                if step % 1_000 == 0 { _ = counts.withLock { $0.count } }
            }
            _ = thread
        }
        let final = counts.withLock { $0 }
        #expect(final.values.reduce(0, +) == 8 * 5_000)
        #expect(final.count == 7)
    }

    @Test("a typed error thrown inside the lock reaches the caller, and the lock is free again")
    func throwingBodyUnlocks() {
        struct Refused: Error {}
        let value = LockedState(1)
        #expect(throws: Refused.self) { try value.withLock { _ throws(Refused) in throw Refused() } }
        #expect(value.withLock { $0 } == 1)
    }
}
