import Clock
import Foundation
import Session

extension LiveSession {
    /// The instant a gong's first sample reached the device (seconds since 1970): from the
    /// device's clock, else now less what the device has played since.
    func wallClock(of gong: SessionPlan.Gong, status: LiveStatus) -> Double {
        let now = Date().timeIntervalSince1970
        if let played = monotonicTime(ofSessionFrame: gong.frame) {
            return now - (MonotonicClock.seconds() - played)
        }
        let rate = Double(outline.format.sampleRate)
        return now - Double(max(0, status.sessionFrame - gong.frame)) / rate
    }
}
