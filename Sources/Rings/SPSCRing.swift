import Synchronization

/// A bounded, lock-free queue for exactly one producer thread and one consumer thread.
///
/// The capacity is rounded up to a power of two so that an index maps to a slot with a mask.
/// The read and write indices only ever grow (they would take centuries to wrap an `Int`), so
/// "how many are readable" is simply `write - read`, with no ambiguous full-versus-empty state.
///
/// Ordering: the producer writes elements, then publishes them with a releasing store of the
/// write index; the consumer's acquiring load of that index makes the elements visible. The
/// consumer frees slots the same way through the read index. Each side caches nothing it does
/// not own, so the type needs no lock and never blocks.
///
/// Bulk reads and writes copy through at most two contiguous spans (before and after the
/// wrap), which for trivial elements compiles down to `memcpy`.
///
/// Thread-safety contract: `push`/`write`/`availableToWrite` from the producer thread only,
/// `pop`/`read`/`availableToRead` from the consumer thread only. The ring frees any elements
/// still in it when it is deinitialised, which must happen on a thread that may free memory.
public final class SPSCRing<Element> {
    @usableFromInline let storage: UnsafeMutablePointer<Element>
    @usableFromInline let mask: Int
    /// Number of slots; always a power of two.
    public let capacity: Int
    @usableFromInline let writeIndex = Atomic<Int>(0)
    @usableFromInline let readIndex = Atomic<Int>(0)
    /// The threads of the two sides, checked in debug builds.
    @usableFromInline let producer = ThreadOwner()
    @usableFromInline let consumer = ThreadOwner()

    /// Creates a ring holding at least `minimumCapacity` elements (rounded up to a power of two).
    public init(minimumCapacity: Int) {
        precondition(minimumCapacity > 0, "a ring needs room for at least one element")
        var size = 1
        while size < minimumCapacity { size <<= 1 }
        capacity = size
        mask = size - 1
        storage = UnsafeMutablePointer<Element>.allocate(capacity: size)
    }

    deinit {
        let read = readIndex.load(ordering: .acquiring)
        let write = writeIndex.load(ordering: .acquiring)
        var index = read
        while index != write {
            (storage + (index & mask)).deinitialize(count: 1)
            index += 1
        }
        storage.deallocate()
    }

    // MARK: Producer side

    /// Slots the producer can fill now. Producer thread only.
    @inlinable public var availableToWrite: Int {
        capacity - (writeIndex.load(ordering: .relaxed) - readIndex.load(ordering: .acquiring))
    }

    /// Appends one element; returns false (and drops nothing) when the ring is full.
    @inlinable @discardableResult
    public func push(_ element: consuming Element) -> Bool {
        producer.assertOwned("a ring's producer side")
        let write = writeIndex.load(ordering: .relaxed)
        if write - readIndex.load(ordering: .acquiring) == capacity { return false }
        (storage + (write & mask)).initialize(to: element)
        writeIndex.store(write + 1, ordering: .releasing)
        return true
    }

    /// Copies as many elements of `source` as fit; returns how many were written.
    @inlinable @discardableResult
    public func write(_ source: UnsafeBufferPointer<Element>) -> Int {
        producer.assertOwned("a ring's producer side")
        guard let base = source.baseAddress else { return 0 }
        let write = writeIndex.load(ordering: .relaxed)
        let free = capacity - (write - readIndex.load(ordering: .acquiring))
        let count = min(free, source.count)
        if count == 0 { return 0 }
        let start = write & mask
        let first = min(count, capacity - start)
        (storage + start).initialize(from: base, count: first)
        if count > first {
            storage.initialize(from: base + first, count: count - first)
        }
        writeIndex.store(write + count, ordering: .releasing)
        return count
    }

    /// Frees the producer side for the next thread that writes (see `ThreadOwner`).
    public func handOverProducer() { producer.handOver() }

    // MARK: Consumer side

    /// Frees the consumer side for the next thread that reads (see `ThreadOwner`).
    public func handOverConsumer() { consumer.handOver() }

    /// Elements the consumer can take now. Consumer thread only.
    @inlinable public var availableToRead: Int {
        writeIndex.load(ordering: .acquiring) - readIndex.load(ordering: .relaxed)
    }

    /// Removes and returns the oldest element, or nil when the ring is empty.
    @inlinable
    public func pop() -> Element? {
        consumer.assertOwned("a ring's consumer side")
        let read = readIndex.load(ordering: .relaxed)
        if writeIndex.load(ordering: .acquiring) == read { return nil }
        let element = (storage + (read & mask)).move()
        readIndex.store(read + 1, ordering: .releasing)
        return element
    }

    /// Moves up to `destination.count` elements into `destination` (which must be
    /// uninitialised or hold trivial values); returns how many were read.
    @inlinable @discardableResult
    public func read(into destination: UnsafeMutableBufferPointer<Element>) -> Int {
        consumer.assertOwned("a ring's consumer side")
        guard let base = destination.baseAddress else { return 0 }
        let read = readIndex.load(ordering: .relaxed)
        let filled = writeIndex.load(ordering: .acquiring) - read
        let count = min(filled, destination.count)
        if count == 0 { return 0 }
        let start = read & mask
        let first = min(count, capacity - start)
        base.moveInitialize(from: storage + start, count: first)
        if count > first {
            (base + first).moveInitialize(from: storage, count: count - first)
        }
        readIndex.store(read + count, ordering: .releasing)
        return count
    }

    /// Discards up to `count` readable elements; returns how many were dropped.
    @inlinable @discardableResult
    public func discard(_ count: Int) -> Int {
        consumer.assertOwned("a ring's consumer side")
        let read = readIndex.load(ordering: .relaxed)
        let filled = writeIndex.load(ordering: .acquiring) - read
        let dropped = min(filled, count)
        var index = read
        while index != read + dropped {
            (storage + (index & mask)).deinitialize(count: 1)
            index += 1
        }
        readIndex.store(read + dropped, ordering: .releasing)
        return dropped
    }
}

extension SPSCRing where Element: BitwiseCopyable {
    /// The free slots up to the wrap, for the producer to fill in place (saving a copy) and then
    /// publish with `commitWrite`. Producer thread only.
    @inlinable
    public func writableSpan() -> UnsafeMutableBufferPointer<Element> {
        producer.assertOwned("a ring's producer side")
        let write = writeIndex.load(ordering: .relaxed)
        let free = capacity - (write - readIndex.load(ordering: .acquiring))
        let start = write & mask
        return UnsafeMutableBufferPointer(start: storage + start, count: min(free, capacity - start))
    }

    /// Publishes `count` elements the producer has written at the start of `writableSpan()`.
    @inlinable
    public func commitWrite(_ count: Int) {
        producer.assertOwned("a ring's producer side")
        writeIndex.store(writeIndex.load(ordering: .relaxed) + count, ordering: .releasing)
    }
}

/// Its two sides run on two threads: the ring hands elements from one to the other, so it is
/// as sendable as they are. Each side's methods are for its own thread only (see above).
extension SPSCRing: @unchecked Sendable where Element: Sendable {}
