import Synchronization

/// What both rings share: a write index and a read index that only ever grow (they would take
/// centuries to wrap an `Int`), so that "how many are waiting" is `write − read` with no
/// ambiguous full-versus-empty state, and the mapping of an index to a slot.
///
/// Ordering: each index has one writer, which publishes it with a releasing store after the
/// elements it covers are written (or read); the other side loads it acquiring, which makes
/// those elements visible (or their slots free). Neither side caches what it does not own.
///
/// Where the producer may write up to is the ring's to say: `SPSCRing` frees a slot when it is
/// read, `RetainingRing` only when its consumer releases it.
@usableFromInline
struct RingIndices: ~Copyable, Sendable {
    @usableFromInline let write = Atomic<Int>(0)
    @usableFromInline let read = Atomic<Int>(0)
    @usableFromInline let capacity: Int
    /// `capacity − 1` when the capacity is a power of two (a slot is a mask away), else −1.
    @usableFromInline let mask: Int

    @usableFromInline
    init(capacity: Int) {
        self.capacity = capacity
        mask = capacity & (capacity - 1) == 0 ? capacity - 1 : -1
    }

    /// The slot of element `index`: a mask for a power-of-two capacity, a remainder otherwise.
    @inlinable @inline(__always)
    func slot(_ index: Int) -> Int {
        mask >= 0 ? index & mask : index % capacity
    }

    /// Elements written and not yet read (either side).
    @inlinable
    var waiting: Int {
        write.load(ordering: .acquiring) - read.load(ordering: .acquiring)
    }

    // MARK: Producer side

    /// The producer's index (its own, so relaxed).
    @inlinable
    var producerPosition: Int { write.load(ordering: .relaxed) }

    /// Slots the producer may fill when every element before `limit` is free (the read index,
    /// or what the consumer released).
    @inlinable
    func free(before limit: Int) -> Int {
        capacity - (write.load(ordering: .relaxed) - limit)
    }

    /// The first free slot and how many follow it up to the wrap, of `free` free slots.
    @inlinable
    func writableRun(free: Int) -> (slot: Int, count: Int) {
        let start = slot(write.load(ordering: .relaxed))
        return (start, min(free, capacity - start))
    }

    /// Publishes `count` more elements written.
    @inlinable
    func commitWrite(_ count: Int) {
        write.store(write.load(ordering: .relaxed) + count, ordering: .releasing)
    }

    // MARK: Consumer side

    /// The consumer's index (its own, so relaxed).
    @inlinable
    var consumerPosition: Int { read.load(ordering: .relaxed) }

    /// Elements the consumer can take now.
    @inlinable
    var readable: Int { write.load(ordering: .acquiring) - read.load(ordering: .relaxed) }

    /// The first waiting element's slot and how many follow it up to the wrap.
    @inlinable
    func readableRun() -> (slot: Int, count: Int) {
        let start = slot(read.load(ordering: .relaxed))
        return (start, min(readable, capacity - start))
    }

    /// Marks `count` more elements read.
    @inlinable
    func commitRead(_ count: Int) {
        read.store(read.load(ordering: .relaxed) + count, ordering: .releasing)
    }
}
