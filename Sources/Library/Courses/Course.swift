/// A guided series taken one day at a time (`library course create`): its days in order, each
/// a library track, and how far along the sitter is, read from the history.
public struct Course: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        /// 1 for the first.
        public var number: Int
        /// The track's content hash: the same file on every device, whatever its id there.
        public var track: String
        /// Its title when the course was made, said where the track is not in this library.
        public var title: String
        public var durationSeconds: Double
        /// Heard to its end since the course began (or was last reset).
        public var done: Bool
    }

    public var id: Int64
    public var name: String
    /// When it began or was last reset (seconds since 1970): what was heard before does not count.
    public var startedAt: Double
    public var days: [Day]

    /// The first day not yet heard to its end; nil once every day was.
    public var next: Day? { days.first { !$0.done } }

    /// The days heard to their end.
    public var doneCount: Int { days.count { $0.done } }

    /// The longest name: a word or a few, as a preset's.
    public static let longestName = 64
    /// More days than any course asks for (Oak's longest is 30, a year of days is 365).
    public static let mostDays = 1000
}
