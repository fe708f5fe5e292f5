import Foundation
import Outputs
import Session

/// A bell the service rings alone (`bell.ring`, or a schedule's): its live session, and for a
/// scheduled one the instant its first sample is to reach the device, which the service places
/// it on from the device's clock while it is still silence.
final class ServiceBell {
    let live: LiveSession
    /// The service's number for this ring.
    let number: Int
    let note: String
    /// The schedule it rings for, if any.
    let scheduled: ScheduledRing?
    var scheduleID: Int64? { scheduled?.id }
    /// Whether its first strike has been played.
    var sounded = false
    /// Whether a session started before it sounded, and it was ended unheard.
    var withdrawn = false
    /// When its first sample is to reach the device (monotonic seconds); nil: at once.
    let target: Double?
    /// Whether it has been placed on `target` to within a millisecond.
    var placed = false

    init(live: LiveSession, number: Int, note: String, scheduled: ScheduledRing?, target: Double?) {
        self.live = live
        self.number = number
        self.note = note
        self.scheduled = scheduled
        self.target = target
        placed = target == nil
    }

    /// The least the device must have played before its clock is trusted to place the bell,
    /// and the latest a bell may still be moved before it is due (seconds).
    static let settleSeconds = 0.25
    static let lastMoveSeconds = 0.4
    /// How long before its instant a scheduled bell's output is opened: a device waking up
    /// (a suspended sink, HDMI) swallows silence, and the clock has time to settle.
    static let leadSeconds = 2.5

    var wantsPlacing: Bool { target != nil && !placed }

    /// Moves the bell onto its instant once the device's clock can be trusted; true while
    /// it still wants polling often.
    func place() -> Bool {
        guard let target, !placed else { return false }
        let now = PlayedClock.monotonicNow()
        guard target - now > Self.lastMoveSeconds else {
            placed = true
            return false
        }
        guard let clock = live.playedClock,
            Double(clock.frames) >= Self.settleSeconds * Double(live.program.format.sampleRate)
        else { return true }
        if let off = live.place(bellAt: target), abs(off) < 0.001 { placed = true }
        return !placed
    }
}
