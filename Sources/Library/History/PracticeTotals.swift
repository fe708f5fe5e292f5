/// The sums `stats` is made of: sits, time, time by local day, and the days that count towards
/// a streak (a sit of at least a minute).
public struct PracticeTotals: Sendable, Equatable {
    public var sessions = 0
    public var totalSeconds = 0
    public var secondsByDay: [CivilDay: Int] = [:]
    public var streakDays = Set<CivilDay>()

    public init() {}
}
