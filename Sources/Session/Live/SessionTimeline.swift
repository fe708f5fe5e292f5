/// Maps frames of the device's stream to frames of the session's own timeline, which stands
/// still while the session is paused and jumps when a guided track is seeked. A pure value, so
/// that the arithmetic is tested apart.
public struct SessionTimeline: Sendable, Equatable {
    /// Stream frames at which pauses began and ended; the last may still be open.
    public private(set) var pauses: [(start: Int, end: Int?)] = []
    /// Stream frames at which the session jumped, and by how many session frames.
    public private(set) var jumps: [(streamFrame: Int, by: Int)] = []

    public init() {}

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.pauses.elementsEqual(rhs.pauses) { $0.start == $1.start && $0.end == $1.end }
            && lhs.jumps.elementsEqual(rhs.jumps) { $0.streamFrame == $1.streamFrame && $0.by == $1.by }
    }

    /// Stream frames spent paused, in total, once every pause is over.
    public var pausedFrames: Int {
        pauses.reduce(0) { $0 + (($1.end ?? $1.start) - $1.start) }
    }

    /// Whether the last pause has not ended.
    public var isPaused: Bool { pauses.last.map { $0.end == nil } ?? false }

    public mutating func pause(atStreamFrame frame: Int) {
        precondition(!isPaused, "pausing a paused timeline")
        pauses.append((frame, nil))
    }

    public mutating func resume(atStreamFrame frame: Int) {
        guard let last = pauses.indices.last, pauses[last].end == nil else { return }
        pauses[last].end = max(frame, pauses[last].start)
    }

    /// From stream frame `frame` on, the session plays `frames` further on (back, when negative).
    public mutating func jump(atStreamFrame frame: Int, by frames: Int) {
        jumps.append((frame, frames))
    }

    /// The session frame playing when the device plays stream frame `frame`.
    public func sessionFrame(atStreamFrame frame: Int) -> Int {
        var paused = 0
        for pause in pauses where frame > pause.start {
            paused += min(frame, pause.end ?? frame) - pause.start
        }
        var jumped = 0
        for jump in jumps where frame >= jump.streamFrame { jumped += jump.by }
        return frame - paused + jumped
    }

    /// Session frames jumped, in total (back, when negative).
    public var jumpedFrames: Int { jumps.reduce(0) { $0 + $1.by } }

    /// Stream frame minus session frame from the last pause or jump on.
    public var streamOffset: Int { pausedFrames - jumpedFrames }

    /// Where session frame `frame` lands in the stream, given the pauses and jumps so far.
    public func streamFrame(atSessionFrame frame: Int) -> Int { frame + streamOffset }
}
