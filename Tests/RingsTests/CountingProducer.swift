import Foundation

/// Starts a thread that writes 0, 1, 2 … `total` − 1 through `write` (which returns how many of
/// the elements it took), in chunks whose sizes wander over 1…`maxChunk`, yielding while the
/// ring is full: the producer side of a two-thread ring test.
func startCountingProducer(
    total: UInt64, maxChunk: Int,
    write: @escaping @Sendable (UnsafeBufferPointer<UInt64>) -> Int
) {
    let producer = Thread {
        var next: UInt64 = 0
        var chunk = [UInt64](repeating: 0, count: maxChunk)
        var size = 1
        while next < total {
            size = (size * 7 + 13) % maxChunk + 1
            let count = Int(min(UInt64(size), total - next))
            for i in 0..<count { chunk[i] = next + UInt64(i) }
            var offset = 0
            while offset < count {
                let written = chunk.withUnsafeBufferPointer {
                    write(UnsafeBufferPointer(rebasing: $0[offset..<count]))
                }
                offset += written
                if written == 0 { sched_yield() }
            }
            next += UInt64(count)
        }
    }
    producer.start()
}
