import Mixer

/// What one session plays, as frames: a guided track from frame 0, then a timed sit whose
/// countdown is the gap after the track — or either one alone. A pure value, like `SessionPlan`.
///
/// The track occupies session frames `0..<trackFrames`; the sit's own frames count from
/// `trackFrames`, so its start gong lands exactly `gap` frames after the track's last frame.
public struct SessionProgram: Sendable, Equatable {
    public let format: EngineFormat
    /// Length of the guided track at the engine rate (0: no track).
    public let trackFrames: Int
    /// The timed sit after the track, if any.
    public let sit: SessionPlan?

    /// A timed sit alone.
    public init(_ plan: SessionPlan) {
        format = plan.format
        trackFrames = 0
        sit = plan
    }

    /// A guided track of `trackFrames` engine frames, then `sit` (whose countdown is the gap).
    public init(trackFrames: Int, then sit: SessionPlan?, format: EngineFormat) throws(SessionPlanError) {
        guard trackFrames > 0 else { throw .emptyTrack }
        precondition(sit.map { $0.format == format } ?? true, "the sit plays at the session's rate")
        self.format = format
        self.trackFrames = trackFrames
        self.sit = sit
    }

    public var hasTrack: Bool { trackFrames > 0 }

    /// Where the sit's own frames start in the session: the frame after the track's last.
    public var sitOffset: Int { trackFrames }

    /// Every gong, at session frames.
    public var gongs: [SessionPlan.Gong] {
        (sit?.gongs ?? []).map { SessionPlan.Gong(kind: $0.kind, frame: $0.frame + sitOffset) }
    }

    /// The sit's start gong, at a session frame.
    public var startFrame: Int? { sit.map { $0.startFrame + sitOffset } }

    /// The end of what a person planned: the completion gong, or the track's end without a sit.
    public var completionFrame: Int { sit.map { $0.completionFrame + sitOffset } ?? trackFrames }

    /// Frames of the sit itself (start gong to completion gong).
    public var sitFrames: Int { sit.map { $0.completionFrame - $0.startFrame } ?? 0 }

    /// Where a render ends: the completion gong has rung out, or the track has ended.
    public func endFrame(gongFrames: Int) -> Int {
        sit.map { $0.endFrame(gongFrames: gongFrames) + sitOffset } ?? trackFrames
    }

    /// The strikes of a gong given at session frames (the sit's spacing does not depend on
    /// where its frames start).
    public func strikeFrames(of gong: SessionPlan.Gong) -> [Int] {
        sit?.strikeFrames(of: gong) ?? []
    }
}
