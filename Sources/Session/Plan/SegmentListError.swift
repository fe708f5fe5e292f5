/// Why `--segments` text is not a list of segments, so that a person is told which item is
/// wrong and how, not only that the whole list is. Worded for people by the Settings target,
/// in the run's language.
public enum SegmentListError: Error, Sendable, Equatable {
    /// More than `SessionSegment.maxCount` items.
    case tooMany(count: Int)
    /// An item with nothing in it: `"sit 20,, walk 5"` or `""`.
    case emptyItem(position: Int)
    /// An item whose word is neither sit nor walk: `run 10`.
    case unknownKind(item: String)
    /// An item whose minutes are missing or not a number: `sit`, `walk ten`.
    case notMinutes(item: String)
}
