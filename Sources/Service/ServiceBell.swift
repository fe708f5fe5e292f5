import Foundation
import Outputs
import Session

/// A bell the service rings alone (`bell.ring`, or a schedule's): its live session, and for a
/// scheduled one the instant its first sample is to reach the device, where the service's
/// engine starts it by the device's clock.
///
/// Thread: control (the service's main thread) only.
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
    init(live: LiveSession, number: Int, note: String, scheduled: ScheduledRing?, target: Double?) {
        self.live = live
        self.number = number
        self.note = note
        self.scheduled = scheduled
        self.target = target
    }

    /// How long before its instant a scheduled bell is started: the service's output, closed
    /// after a quiet spell, is opened then, and a device waking up (a suspended sink, HDMI)
    /// swallows silence instead of the strike.
    static let leadSeconds = 2.5
}
