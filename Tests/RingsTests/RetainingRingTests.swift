import Foundation
import Testing

@testable import Rings

@Suite("Ring whose reader keeps what it read")
struct RetainingRingTests {
    @Test("two threads pass 10^7 elements; what the reader keeps is never overwritten")
    func twoThreadStressWithKeptElements() async throws {
        // Given a ring of a size that is not a power of two, whose reader keeps the last 1000
        // elements it read and reads some of them again
        let ring = RetainingRing<UInt64>(capacity: 3001)
        let total: UInt64 = 10_000_000
        let keep = 1000

        // When a producer thread writes chunks of varying size while the reader takes them
        startCountingProducer(total: total, maxChunk: 700) { ring.write($0) }

        var read = 0
        var mismatches = 0
        var rereads = 0
        while UInt64(read) < total {
            let span = ring.readableSpan()
            if span.isEmpty {
                sched_yield()
                continue
            }
            for (i, value) in span.enumerated() where value != UInt64(read + i) { mismatches += 1 }
            ring.commitRead(span.count)
            read += span.count
            // Reads kept elements again, from the oldest kept on, while the producer writes on.
            var index = max(0, read - keep)
            while index < read {
                let kept = ring.kept(from: index, count: read - index)
                for (i, value) in kept.enumerated() where value != UInt64(index + i) { mismatches += 1 }
                index += kept.count
                rereads += kept.count
            }
            ring.release(upTo: read - keep)
        }

        // Then every element arrived once, in order, and every kept one read again was intact
        #expect(mismatches == 0)
        #expect(read == Int(total))
        // (each pass reads the last 1000 again, and a pass takes at most the ring's 3001)
        #expect(rereads > 1_000_000)
        #expect(ring.availableToRead == 0)
    }

    @Test("the writer gets back only the room the reader releases")
    func keptElementsAreNotWritable() {
        // Given a ring of 8 filled and read whole, nothing released
        let ring = RetainingRing<Int>(capacity: 8)
        _ = Array(0..<8).withUnsafeBufferPointer { ring.write($0) }
        ring.commitRead(ring.readableSpan().count)
        #expect(ring.availableToWrite == 0)
        #expect(ring.writableSpan().isEmpty)

        // When the reader releases the first three
        ring.release(upTo: 3)

        // Then three can be written, and the five still kept are unchanged
        #expect(ring.availableToWrite == 3)
        let written = Array(100..<110).withUnsafeBufferPointer { ring.write($0) }
        #expect(written == 3)
        #expect(Array(ring.kept(from: 3, count: 5)) == [3, 4, 5, 6, 7])
        #expect(Array(ring.readableSpan()) == [100, 101, 102])
    }

    @Test("a release never reaches past what has been read")
    func releaseStopsAtTheReadIndex() {
        // Given a ring of 4 holding 4, of which 2 are read
        let ring = RetainingRing<Int>(capacity: 4)
        _ = Array(0..<4).withUnsafeBufferPointer { ring.write($0) }
        ring.commitRead(2)

        // When the reader releases everything up to 4
        ring.release(upTo: 4)

        // Then only the 2 read were given back; the 2 unread still wait
        #expect(ring.availableToWrite == 2)
        #expect(Array(ring.readableSpan()) == [2, 3])
    }
}
