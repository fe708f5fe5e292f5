import Clock
import Foundation
import Session

extension SessionPlan.Gong {
    /// The instant its first sample reached the device (seconds since 1970), as `live` played
    /// it: from the device's clock, else now less what the device has played since.
    func wallClock(in live: LiveSession, status: LiveStatus) -> Double {
        let now = Date().timeIntervalSince1970
        if let played = live.monotonicTime(ofSessionFrame: frame) {
            return now - (MonotonicClock.seconds() - played)
        }
        let rate = Double(live.outline.format.sampleRate)
        return now - Double(max(0, status.sessionFrame - frame)) / rate
    }
}
