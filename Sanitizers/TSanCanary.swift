// A race on purpose: two threads increment one counter with no lock. `make tsan` builds this with
// -sanitize=thread and requires ThreadSanitizer to report it, so that a quiet run of the concurrency tests means
// "no race", never "TSan was not watching".
import Foundation

final class Counter: @unchecked Sendable {
    var value = 0
}

let counter = Counter()
let done = DispatchSemaphore(value: 0)
for _ in 0..<2 {
    Thread {
        for _ in 0..<10_000 { counter.value += 1 }
        done.signal()
    }.start()
}
done.wait()
done.wait()
print("canary counted \(counter.value)")
