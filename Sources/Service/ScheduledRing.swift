/// What a bell rung by a schedule carries of it: which schedule, the instant it is due (seconds
/// since 1970), and whether it sounds over a sit or a track.
struct ScheduledRing {
    let id: Int64
    let due: Double
    let over: Bool
}
