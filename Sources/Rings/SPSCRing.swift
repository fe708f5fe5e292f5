import Synchronization

/// A bounded, lock-free queue for exactly one producer thread and one consumer thread.
///
/// The capacity is rounded up to a power of two so that an index maps to a slot with a mask.
/// The indices and their ordering are `RingIndices`'; a slot is free again once it is read.
/// Each side caches nothing it does not own, so the type needs no lock and never blocks.
///
/// Bulk reads and writes copy through at most two contiguous spans (before and after the
/// wrap), which for trivial elements compiles down to `memcpy`.
///
/// Thread-safety contract: `push`/`write`/`availableToWrite` from the producer thread only,
/// `pop`/`read`/`availableToRead` from the consumer thread only. The ring frees any elements
/// still in it when it is deinitialised, which must happen on a thread that may free memory.
public final class SPSCRing<Element> {
    @usableFromInline let storage: UnsafeMutablePointer<Element>
    @usableFromInline let indices: RingIndices
    /// The threads of the two sides, checked in debug builds.
    @usableFromInline let producer = ThreadOwner()
    @usableFromInline let consumer = ThreadOwner()

    /// Number of slots; always a power of two.
    public var capacity: Int { indices.capacity }

    /// Creates a ring holding at least `minimumCapacity` elements (rounded up to a power of two).
    public init(minimumCapacity: Int) {
        precondition(minimumCapacity > 0, "a ring needs room for at least one element")
        var size = 1
        while size < minimumCapacity { size <<= 1 }
        indices = RingIndices(capacity: size)
        storage = UnsafeMutablePointer<Element>.allocate(capacity: size)
    }

    deinit {
        var index = indices.read.load(ordering: .acquiring)
        let write = indices.write.load(ordering: .acquiring)
        while index != write {
            (storage + indices.slot(index)).deinitialize(count: 1)
            index += 1
        }
        storage.deallocate()
    }

    // MARK: Producer side

    /// Slots the producer can fill now. Producer thread only.
    @inlinable public var availableToWrite: Int {
        indices.free(before: indices.read.load(ordering: .acquiring))
    }

    /// Appends one element; returns false (and drops nothing) when the ring is full.
    @inlinable @discardableResult
    public func push(_ element: consuming Element) -> Bool {
        producer.assertOwned("a ring's producer side")
        guard availableToWrite > 0 else { return false }
        (storage + indices.slot(indices.producerPosition)).initialize(to: element)
        indices.commitWrite(1)
        return true
    }

    /// Copies as many elements of `source` as fit; returns how many were written.
    @inlinable @discardableResult
    public func write(_ source: UnsafeBufferPointer<Element>) -> Int {
        producer.assertOwned("a ring's producer side")
        guard let base = source.baseAddress else { return 0 }
        let free = availableToWrite
        let count = min(free, source.count)
        if count == 0 { return 0 }
        let (start, run) = indices.writableRun(free: free)
        let first = min(count, run)
        (storage + start).initialize(from: base, count: first)
        if count > first {
            storage.initialize(from: base + first, count: count - first)
        }
        indices.commitWrite(count)
        return count
    }

    /// Frees the producer side for the next thread that writes (see `ThreadOwner`).
    public func handOverProducer() { producer.handOver() }

    // MARK: Consumer side

    /// Frees the consumer side for the next thread that reads (see `ThreadOwner`).
    public func handOverConsumer() { consumer.handOver() }

    /// Elements the consumer can take now. Consumer thread only.
    @inlinable public var availableToRead: Int { indices.readable }

    /// Removes and returns the oldest element, or nil when the ring is empty.
    @inlinable
    public func pop() -> Element? {
        consumer.assertOwned("a ring's consumer side")
        guard indices.readable > 0 else { return nil }
        let element = (storage + indices.slot(indices.consumerPosition)).move()
        indices.commitRead(1)
        return element
    }

    /// Moves up to `destination.count` elements into `destination` (which must be
    /// uninitialised or hold trivial values); returns how many were read.
    @inlinable @discardableResult
    public func read(into destination: UnsafeMutableBufferPointer<Element>) -> Int {
        consumer.assertOwned("a ring's consumer side")
        guard let base = destination.baseAddress else { return 0 }
        let count = min(indices.readable, destination.count)
        if count == 0 { return 0 }
        let (start, run) = indices.readableRun()
        let first = min(count, run)
        base.moveInitialize(from: storage + start, count: first)
        if count > first {
            (base + first).moveInitialize(from: storage, count: count - first)
        }
        indices.commitRead(count)
        return count
    }

    /// Discards up to `count` readable elements; returns how many were dropped.
    @inlinable @discardableResult
    public func discard(_ count: Int) -> Int {
        consumer.assertOwned("a ring's consumer side")
        let read = indices.consumerPosition
        let dropped = min(indices.readable, count)
        for index in read..<(read + dropped) {
            (storage + indices.slot(index)).deinitialize(count: 1)
        }
        indices.commitRead(dropped)
        return dropped
    }
}

extension SPSCRing where Element: BitwiseCopyable {
    /// The free slots up to the wrap, for the producer to fill in place (saving a copy) and then
    /// publish with `commitWrite`. Producer thread only.
    @inlinable
    public func writableSpan() -> UnsafeMutableBufferPointer<Element> {
        producer.assertOwned("a ring's producer side")
        let (start, run) = indices.writableRun(free: availableToWrite)
        return UnsafeMutableBufferPointer(start: storage + start, count: run)
    }

    /// Publishes `count` elements the producer has written at the start of `writableSpan()`.
    @inlinable
    public func commitWrite(_ count: Int) {
        producer.assertOwned("a ring's producer side")
        indices.commitWrite(count)
    }
}

/// Its two sides run on two threads: the ring hands elements from one to the other, so it is
/// as sendable as they are. Each side's methods are for its own thread only (see above).
extension SPSCRing: @unchecked Sendable where Element: Sendable {}
