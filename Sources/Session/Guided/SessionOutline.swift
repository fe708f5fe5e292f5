import Mixer

/// What one session plays, as frames: a guided track from frame 0, then a timed sit whose
/// countdown is the gap after the track — or either one alone; or a single bell after a
/// stretch of silence (one rung by hand, or the schedule's). A pure value, like `SessionPlan`.
///
/// The track occupies session frames `0..<trackFrames`; the sit's own frames count from
/// `trackFrames`, so its start gong lands exactly `gap` frames after the track's last frame.
public struct SessionOutline: Sendable, Equatable {
    public let format: EngineFormat
    /// Length of the guided track at the engine rate (0: no track).
    public let trackFrames: Int
    /// The timed sit after the track, if any.
    public private(set) var sit: SessionPlan?
    /// The bell of a program that is one bell alone.
    public let bell: SoloBell?

    /// A timed sit alone.
    public init(_ plan: SessionPlan) {
        format = plan.format
        trackFrames = 0
        sit = plan
        bell = nil
    }

    /// A bell alone: silence until `bell.frame` (a device waking up may swallow the first of
    /// it, never the bell), then its strikes.
    public init(_ bell: SoloBell, format: EngineFormat) {
        self.format = format
        trackFrames = 0
        sit = nil
        self.bell = bell
    }

    /// A guided track of `trackFrames` engine frames, then `sit` (whose countdown is the gap).
    public init(trackFrames: Int, then sit: SessionPlan?, format: EngineFormat) throws(SessionPlanError) {
        guard trackFrames > 0 else { throw .emptyTrack }
        precondition(sit.map { $0.format == format } ?? true, "the sit plays at the session's rate")
        self.format = format
        self.trackFrames = trackFrames
        self.sit = sit
        bell = nil
    }

    public var hasTrack: Bool { trackFrames > 0 }

    /// An open-ended sit not yet asked to end: its time counts up.
    public var isOpen: Bool { sit?.isOpen ?? false }

    /// The same program, its open-ended sit ending at session frame `frame`.
    public func ending(atSessionFrame frame: Int) -> SessionOutline {
        guard let sit else { return self }
        var outline = self
        outline.sit = sit.ending(atFrame: frame - sitOffset)
        return outline
    }

    /// Where the sit's own frames start in the session: the frame after the track's last.
    public var sitOffset: Int { trackFrames }

    /// Every gong, at session frames.
    public var gongs: [SessionPlan.Gong] {
        if let bell { return [SessionPlan.Gong(kind: .bell, frame: bell.frame)] }
        return (sit?.gongs ?? []).map { SessionPlan.Gong(kind: $0.kind, frame: $0.frame + sitOffset) }
    }

    /// The segment playing at session frame `frame`, in a session of more than one, from the
    /// start gong to the completion gong.
    public func segmentStatus(at frame: Int) -> SegmentStatus? {
        guard let sit, sit.configuration.hasSegments else { return nil }
        let segments = sit.segments
        let local = frame - sitOffset
        guard local >= sit.startFrame, local < sit.completionFrame,
            let index = segments.firstIndex(where: { local < $0.endFrame })
        else { return nil }
        let segment = segments[index]
        let next = index + 1 < segments.count ? segments[index + 1] : nil
        return SegmentStatus(
            kind: segment.kind, index: index, count: segments.count, remainingFrames: segment.endFrame - local,
            next: next.map { ($0.kind, $0.frames) })
    }

    /// The phase at session frame `frame`, as the device plays it: paused, or ended early
    /// before its completion, or where the frame falls.
    public func phase(at frame: Int, paused: Bool, endingEarly: Bool) -> SessionPhase {
        if paused { return .paused }
        if endingEarly && frame < completionFrame { return .ended }
        if frame < trackFrames { return .playing }
        if let startFrame, frame < startFrame { return .countdown }
        return frame < completionFrame ? .sitting : .complete
    }

    /// The session at session frame `frame` in `phase` (as the device's clock or the service
    /// says): a sit's phase is walking during a walk.
    public func status(phase: SessionPhase, at frame: Int) -> LiveStatus {
        let segment = segmentStatus(at: frame)
        return LiveStatus(
            phase: phase == .sitting && segment?.kind == .walk ? .walking : phase, sessionFrame: frame,
            remainingFrames: max(0, completionFrame - frame), nextGong: nextShownGong(after: frame),
            satFrames: sittingFrames(upTo: frame) + min(max(0, frame), trackFrames), segment: segment)
    }

    /// Frames sat (not walked) from the start gong up to session frame `frame`: what the
    /// history counts as practice.
    public func sittingFrames(upTo frame: Int) -> Int {
        guard let sit else { return 0 }
        let local = frame - sitOffset
        return sit.segments.filter { $0.kind == .sit }.reduce(0) { sum, segment in
            sum + max(0, min(local, segment.endFrame) - segment.startFrame)
        }
    }

    /// The next gong after `frame` a person is told of: random bells are a surprise.
    public func nextShownGong(after frame: Int) -> SessionPlan.Gong? {
        let hidesBells = sit?.bellsAreRandom ?? false
        return gongs.first { gong in
            guard gong.frame > frame else { return false }
            if hidesBells, case .interval = gong.kind { return false }
            return true
        }
    }

    /// The sit's start gong, at a session frame; a bell alone counts down to its bell.
    public var startFrame: Int? { sit.map { $0.startFrame + sitOffset } ?? bell?.frame }

    /// The end of what a person planned: the completion gong, the bell, or the track's end
    /// without a sit.
    public var completionFrame: Int { sit.map { $0.completionFrame + sitOffset } ?? bell?.frame ?? trackFrames }

    /// Frames of the sit itself (start gong to completion gong).
    public var sitFrames: Int { sit.map { $0.completionFrame - $0.startFrame } ?? 0 }

    /// The practice planned, in frames: the track and the sitting, not the walks between sits.
    /// What `satFrames` counts toward, so that a sit of segments played to its end has sat all
    /// it planned (the history's "12 s of 12 s", not "of 18 s").
    public var practiceFrames: Int { trackFrames + sittingFrames(upTo: completionFrame) }

    /// Where a render ends: the completion gong has rung out, or the track has ended.
    public func endFrame(gongFrames: Int) -> Int {
        if let bell { return bell.frame + (bell.strikes - 1) * strikeSpacingFrames + gongFrames }
        return sit.map { $0.endFrame(gongFrames: gongFrames) + sitOffset } ?? trackFrames
    }

    /// How loud a gong is: a bell alone at its volume, a sit's gongs at their role's.
    public func gongVolume(of gong: SessionPlan.Gong) -> Float {
        bell?.volume ?? sit?.configuration.volume(for: gong.kind.role) ?? 1
    }

    private var strikeSpacingFrames: Int { format.frames(milliseconds: SessionPlan.strikeSpacingMilliseconds) }

    /// The strikes of a gong given at session frames (the sit's spacing does not depend on
    /// where its frames start).
    public func strikeFrames(of gong: SessionPlan.Gong) -> [Int] {
        if let bell { return (0..<bell.strikes).map { gong.frame + $0 * strikeSpacingFrames } }
        return sit?.strikeFrames(of: gong) ?? []
    }
}
