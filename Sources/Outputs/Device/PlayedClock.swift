import Clock
import Foundation

/// The device's clock at one instant: the stream frame that had reached the device, and when
/// (seconds of the monotonic clock). Read together, so that a frame is placed on the wall
/// clock without the staleness of the control thread's wake-up in between.
public struct PlayedClock: Sendable, Equatable {
    public let frames: Int
    public let monotonicSeconds: Double

    public init(frames: Int, monotonicSeconds: Double) {
        self.frames = frames
        self.monotonicSeconds = monotonicSeconds
    }
}
