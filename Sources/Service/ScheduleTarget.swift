import Control
import Settings

/// What a schedule starts, through the same paths as a client's request: the conductor's bells,
/// sits and tracks, and whether a session is in the way.
///
/// Thread: control (the service's main thread).
protocol ScheduleTarget: AnyObject {
    /// Whether a session is playing, held or being made ready (one only ringing out is not).
    var busy: Bool { get }
    /// Rings a bell whose first sample reaches the device at `target` (monotonic seconds).
    func ring(_ request: BellRequest, scheduled: ScheduledRing?, at target: Double?) throws(RPCError) -> JSONValue
    /// Makes a sit ready off the control thread; `answer` is told when it starts or why not.
    func prepareSit(
        _ request: SitRequest, resumeOther: Bool, answer: ((Result<JSONValue, RPCError>) -> Void)?
    ) throws(RPCError)
    /// As `prepareSit`, for a guided track.
    func prepareTrack(
        _ request: PlayRequest, resumeOther: Bool, answer: ((Result<JSONValue, RPCError>) -> Void)?
    ) throws(RPCError)
}
