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

    /// Seconds of the monotonic clock now (CLOCK_MONOTONIC: it never steps).
    public static func monotonicNow() -> Double {
        Double(monotonicNanoseconds()) / 1e9
    }

    /// Nanoseconds of the monotonic clock now: the one clock the engine's threads time with.
    public static func monotonicNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }
}
