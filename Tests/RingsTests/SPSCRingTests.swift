import Foundation
import Testing

@testable import Rings

@Suite("SPSC ring buffer")
struct SPSCRingTests {
    @Test("two threads pass 10^8 elements through the ring, every one in order")
    func twoThreadStress() async throws {
        // Given a small ring, so that it wraps and fills constantly
        let ring = SPSCRing<UInt64>(minimumCapacity: 4096)
        let total: UInt64 = 100_000_000

        // When a producer thread writes chunks of varying size while a consumer reads them
        startCountingProducer(total: total, maxChunk: 1500) { ring.write($0) }

        var expected: UInt64 = 0
        var mismatches = 0
        var destination = [UInt64](repeating: 0, count: 1024)
        var size = 1
        while expected < total {
            size = (size * 5 + 3) % 1024 + 1
            let got = destination.withUnsafeMutableBufferPointer {
                ring.read(into: UnsafeMutableBufferPointer(rebasing: $0[0..<size]))
            }
            if got == 0 {
                sched_yield()
                continue
            }
            for i in 0..<got where destination[i] != expected + UInt64(i) { mismatches += 1 }
            expected += UInt64(got)
        }

        // Then every element arrived once, in order
        #expect(mismatches == 0)
        #expect(expected == total)
        #expect(ring.availableToRead == 0)
    }

    @Test("a full ring refuses a push and keeps what it holds")
    func fullRingRefusesPush() {
        // Given a ring of four filled with four elements
        let ring = SPSCRing<Int>(minimumCapacity: 4)
        for i in 0..<4 { #expect(ring.push(i)) }
        // When one more is pushed
        let accepted = ring.push(99)
        // Then it is refused and the first four come out in order
        #expect(!accepted)
        #expect((0..<4).map { _ in ring.pop() } == [0, 1, 2, 3])
        #expect(ring.pop() == nil)
    }

    @Test("elements written in place are read back in order, and the span stops at the wrap")
    func writesInPlace() {
        // Given a ring of eight that has passed five elements through
        let ring = SPSCRing<Float>(minimumCapacity: 8)
        for i in 0..<5 { ring.push(Float(i)) }
        for _ in 0..<5 { _ = ring.pop() }
        // When the producer fills the span in place and commits it
        let span = ring.writableSpan()
        #expect(span.count == 3)
        for i in 0..<span.count { span[i] = Float(10 + i) }
        ring.commitWrite(span.count)
        // Then the rest of the ring is the next span, and the elements come out in order
        #expect(ring.writableSpan().count == 5)
        #expect((0..<3).map { _ in ring.pop() } == [10, 11, 12])
        #expect(ring.pop() == nil)
    }

    @Test("capacity is rounded up to a power of two")
    func capacityIsPowerOfTwo() {
        #expect(SPSCRing<Float>(minimumCapacity: 1000).capacity == 1024)
        #expect(SPSCRing<Float>(minimumCapacity: 1024).capacity == 1024)
    }

    @Test("class references survive the ring and are released when it is freed")
    func referencesAreReleased() {
        // Given an object whose only owner will be the ring
        final class Token {}
        weak var weakToken: Token?
        do {
            let ring = SPSCRing<Token>(minimumCapacity: 2)
            do {
                let token = Token()
                weakToken = token
                ring.push(token)
            }
            // When the ring still holds it, it is alive
            #expect(weakToken != nil)
        }
        // Then freeing the ring released it
        #expect(weakToken == nil)
    }
}
