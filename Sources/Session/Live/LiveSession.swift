import Mixer
import Outputs

/// A timed sit played live: the score of a plan, sent to a mixer that a `LiveDriver` plays
/// through a device. Its clock is the frames the device has played.
///
/// Used from one thread, which calls `poll()` regularly (every few tens of milliseconds); every
/// other method returns at once and takes effect within a block or two.
public final class LiveSession {
    public let plan: SessionPlan
    public let score: SessionScore
    private let controller: MixerController
    private let driver: LiveDriver
    private var schedule: CommandSchedule
    private var timeline = SessionTimeline()
    private var state = State.running
    private var resumeWanted = false
    private var lastSessionFrame = -1
    private var announcedCountdown = false
    /// Events of the control side (pause, resume, end), reported by the next `poll()`.
    private var controlEvents: [SessionEvent] = []
    private let pauseFadeFrames: Int
    private let marginFrames: Int
    /// How long the fade is when a session is ended early.
    public let endFadeFrames: Int

    private enum State: Equatable {
        case running
        /// A cancel is on its way to the render side.
        case pausing
        case paused(streamFrame: Int)
        case ending
    }

    /// Opens the output the request names and prepares the session; `start()` plays it.
    public init(plan: SessionPlan, gong: SampleBuffer, output request: OutputRequest) throws(OutputError) {
        self.plan = plan
        let (controller, renderer) = Mixer.make(format: plan.format)
        self.controller = controller
        score = SessionScore(plan: plan, gong: gong, controller: controller)
        schedule = CommandSchedule(score.commands)
        let output = try OutputOpener.open(request)
        driver = LiveDriver(renderer: renderer, output: output, reopen: { () throws(OutputError) in
            // Auto: whatever answers now, PulseAudio back again or ALSA.
            try OutputOpener.open(request)
        })
        pauseFadeFrames = plan.format.frames(milliseconds: 300)
        marginFrames = plan.format.frames(milliseconds: 10)
        endFadeFrames = plan.format.frames(milliseconds: 120)
    }

    /// The stream frames at which the session was paused and resumed.
    public var pauses: SessionTimeline { timeline }

    /// The device, with the buffer it granted.
    public var outputSummary: String { driver.outputSummary }
    /// When the first buffer reached the device (seconds since 1970).
    public var firstBufferTime: Double? { driver.firstBufferTime }
    /// Underruns recovered so far (every device).
    public var underruns: Int { driver.underruns }
    /// Set when the device failed and no other could be opened.
    public var failure: OutputError? { driver.failure }
    /// Whether the last frame has been played.
    public var isFinished: Bool { driver.isFinished }
    /// Frames of the stream the device has played, pauses included (`pauses` maps them to the
    /// session's frames).
    public var playedStreamFrames: Int { driver.playedFrames }
    /// Device changes and the like, for the log.
    public func takeNotices() -> [String] { driver.takeNotices() }

    public func start() {
        feed()
        driver.setEndFrame(score.endFrame)
        driver.start()
    }

    /// Pauses the timeline: the noise bed fades out, gongs still ringing ring out, and every
    /// later event moves by the length of the pause. False when it is too late to pause.
    @discardableResult
    public func pause() -> Bool {
        guard state == .running, controller.commandSlotsFree >= 2 else { return false }
        let rendered = controller.renderedFrames
        let frame = rendered + marginFrames
        guard timeline.sessionFrame(atStreamFrame: frame) < plan.completionFrame - marginFrames else { return false }
        // Nothing ends the stream or holds the mixer back while the pause is settled.
        driver.setEndFrame(.max)
        controller.send(TimedCommand(frame: frame, .setBusGain(.noise, gain: 0, frames: pauseFadeFrames,
                                                                curve: .equalPower)))
        controller.send(TimedCommand(frame: frame, .cancelPending))
        driver.setHorizon(.max)
        state = .pausing
        resumeWanted = false
        return true
    }

    /// Resumes a paused timeline where it stopped; the noise bed fades back in.
    public func resume() {
        switch state {
        case .pausing: resumeWanted = true
        case let .paused(pausedAt):
            let frame = max(controller.renderedFrames + marginFrames, pausedAt)
            timeline.resume(atStreamFrame: frame)
            schedule.offset = timeline.pausedFrames
            controller.send(TimedCommand(frame: frame, .setBusGain(.noise, gain: 1, frames: pauseFadeFrames,
                                                                    curve: .equalPower)))
            state = .running
            controlEvents.append(.resumed)
            feed()
            driver.setEndFrame(timeline.streamFrame(atSessionFrame: score.endFrame))
        case .running, .ending: break
        }
    }

    public var isPaused: Bool {
        switch state {
        case .pausing, .paused: true
        case .running, .ending: false
        }
    }

    public func togglePause() {
        if isPaused { resume() } else { pause() }
    }

    /// Ends the session early: everything fades out within `endFadeFrames` of the next block.
    public func end() {
        guard state != .ending else { return }
        if status.phase != .complete { controlEvents.append(.endedEarly) }
        state = .ending
        driver.fadeOutAndEnd(frames: endFadeFrames)
    }

    /// Sends what is due, frees what the mixer is done with, settles a pause, and returns what the
    /// device's clock has passed since the last call.
    public func poll() -> [SessionEvent] {
        controller.collectGarbage()
        for event in controller.drainEvents() {
            if case let .pendingCancelled(frame, dropped) = event, state == .pausing {
                schedule.rewind(dropped)
                timeline.pause(atStreamFrame: frame)
                state = .paused(streamFrame: frame)
                controlEvents.append(.paused)
                if resumeWanted {
                    resumeWanted = false
                    resume()
                }
            }
        }
        if state == .running { feed() }
        defer { controlEvents.removeAll() }
        return controlEvents + passedEvents()
    }

    /// The session as the device is playing it now.
    public var status: LiveStatus {
        let sessionFrame = timeline.sessionFrame(atStreamFrame: driver.playedFrames)
        let phase: SessionPhase
        if isPaused {
            phase = .paused
        } else if state == .ending && sessionFrame < plan.completionFrame {
            phase = .ended
        } else if sessionFrame < plan.startFrame {
            phase = .countdown
        } else if sessionFrame < plan.completionFrame {
            phase = .sitting
        } else {
            phase = .complete
        }
        let sitLength = plan.completionFrame - plan.startFrame
        return LiveStatus(phase: phase, sessionFrame: sessionFrame,
                          remainingFrames: max(0, plan.completionFrame - sessionFrame),
                          nextGong: plan.gongs.first { $0.frame > sessionFrame },
                          satFrames: min(max(0, sessionFrame - plan.startFrame), sitLength))
    }

    private func feed() {
        // Room is kept for a pause's two commands, whatever the length of the session.
        schedule.feed(controller, before: .max, keepingFree: 4)
        driver.setHorizon(schedule.nextFrame.map { $0 + schedule.offset } ?? .max)
    }

    private func passedEvents() -> [SessionEvent] {
        var events: [SessionEvent] = []
        if !announcedCountdown {
            announcedCountdown = true
            if plan.startFrame > 0 {
                events.append(.countdown(seconds: Double(plan.startFrame) / Double(plan.format.sampleRate)))
            }
        }
        let now = timeline.sessionFrame(atStreamFrame: driver.playedFrames)
        for gong in plan.gongs where gong.frame > lastSessionFrame && gong.frame <= now {
            events.append(.gong(gong))
        }
        lastSessionFrame = max(lastSessionFrame, now)
        return events
    }
}
