import Synchronization

/// A lock-free ring for one producer thread and one consumer thread, whose consumer keeps what
/// it has read until it lets it go: the mixer's frames stay where the mixer rendered them while
/// the output thread may still write them again (after a pause, a fade taken back, a device
/// opened anew), instead of being copied out into a history of their own.
///
/// Three indices only ever grow: `write` (the producer has filled everything before it), `read`
/// (the consumer has taken everything before it) and `released` (the consumer no longer needs
/// anything before it). Elements in `released..<read` are kept, `read..<write` are waiting; the
/// producer may fill only what lies `capacity` or more past `released`. The first two are
/// `RingIndices`', as in `SPSCRing`; `released` is published the same way. The capacity need
/// not be a power of two: indices become slots with a remainder, once per span, never per
/// element.
///
/// Producer thread only: `availableToWrite`, `writableSpan`, `commitWrite`, `write`. Consumer
/// thread only: `readableSpan`, `commitRead`, `kept`, `release`. Either: `availableToRead`.
public final class RetainingRing<Element: BitwiseCopyable> {
    @usableFromInline let storage: UnsafeMutablePointer<Element>
    @usableFromInline let indices: RingIndices
    @usableFromInline let releasedIndex = Atomic<Int>(0)
    /// The threads of the two sides, checked in debug builds.
    @usableFromInline let producer = ThreadOwner()
    @usableFromInline let consumer = ThreadOwner()

    public var capacity: Int { indices.capacity }

    public init(capacity: Int) {
        precondition(capacity > 0, "a ring needs room for at least one element")
        indices = RingIndices(capacity: capacity)
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// Elements written and not yet read.
    @inlinable public var availableToRead: Int { indices.waiting }

    // MARK: Producer side

    /// Slots the producer can fill now: what is neither waiting nor kept.
    @inlinable public var availableToWrite: Int {
        indices.free(before: releasedIndex.load(ordering: .acquiring))
    }

    /// The free slots up to the wrap, to fill in place and then publish with `commitWrite`.
    /// Thread: the producer's.
    @inlinable
    public func writableSpan() -> UnsafeMutableBufferPointer<Element> {
        producer.assertOwned("a ring's producer side")
        let (start, run) = indices.writableRun(free: availableToWrite)
        return UnsafeMutableBufferPointer(start: storage + start, count: run)
    }

    /// Publishes `count` elements written at the start of `writableSpan()`. Thread: the producer's.
    @inlinable
    public func commitWrite(_ count: Int) {
        producer.assertOwned("a ring's producer side")
        indices.commitWrite(count)
    }

    /// Copies as many elements of `source` as fit; returns how many were written.
    /// Thread: the producer's.
    @inlinable @discardableResult
    public func write(_ source: UnsafeBufferPointer<Element>) -> Int {
        guard let base = source.baseAddress else { return 0 }
        var written = 0
        while written < source.count {
            let span = writableSpan()
            guard let target = span.baseAddress, !span.isEmpty else { break }
            let count = min(span.count, source.count - written)
            target.update(from: base + written, count: count)
            commitWrite(count)
            written += count
        }
        return written
    }

    // MARK: Consumer side

    /// The elements waiting to be read, up to the wrap; `commitRead` takes them.
    /// Thread: the consumer's.
    @inlinable
    public func readableSpan() -> UnsafeBufferPointer<Element> {
        consumer.assertOwned("a ring's consumer side")
        let (start, run) = indices.readableRun()
        return UnsafeBufferPointer(start: storage + start, count: run)
    }

    /// Marks `count` elements at the start of `readableSpan()` read; they are kept until released.
    /// Thread: the consumer's.
    @inlinable
    public func commitRead(_ count: Int) {
        consumer.assertOwned("a ring's consumer side")
        indices.commitRead(count)
    }

    /// Up to `count` kept or read elements from index `index` on (counted from the first element
    /// ever written), up to the wrap. `index` lies in `released..<read`. Thread: the consumer's.
    @inlinable
    public func kept(from index: Int, count: Int) -> UnsafeBufferPointer<Element> {
        consumer.assertOwned("a ring's consumer side")
        let slot = indices.slot(index)
        return UnsafeBufferPointer(start: storage + slot, count: min(count, capacity - slot))
    }

    /// Lets the producer reuse every element before `index` (never beyond what has been read).
    /// Thread: the consumer's.
    @inlinable
    public func release(upTo index: Int) {
        consumer.assertOwned("a ring's consumer side")
        let released = releasedIndex.load(ordering: .relaxed)
        let target = min(index, indices.consumerPosition)
        if target > released { releasedIndex.store(target, ordering: .releasing) }
    }
}

/// Its two sides run on two threads: the ring hands elements from one to the other, so it is
/// as sendable as they are. Each side's methods are for its own thread only (see above).
extension RetainingRing: @unchecked Sendable where Element: Sendable {}
