import Decoders
import Engine
import Mixer
import Outputs

/// A session played live: a timed sit, a guided track, or a track and then a sit. The score's
/// commands go to a mixer that an `EngineProgram` plays through a device; the session's clock is
/// the frames the device has played.
///
/// Used from one thread, which calls `poll()` regularly (every few tens of milliseconds); every
/// other method returns at once and takes effect within a block or two.
public final class LiveSession {
    /// What plays, as frames; an open-ended sit's changes once, when it is asked to end.
    public private(set) var outline: SessionOutline
    public private(set) var score: SessionScore
    private let controller: MixerController
    private let program: EngineProgram
    private let track: TrackPlayer?
    /// The sit's bed when it is a sound file: its feeder runs from `start()` until the session goes.
    private let ambience: AmbienceLoop?
    private var schedule: CommandSchedule
    private var timeline = SessionTimeline()
    /// Session frame minus mixer frame, from the last seek on (the device's own offset is the
    /// timeline's: it counts pauses, and what a cut left out).
    private var mixerJumpedFrames = 0
    /// Where the session's own steps (a pause, a resume, a seek, an end) stand, with what was
    /// asked for while one was on its way.
    private var state = State.running
    /// Whether the sit began with no set end: its end, once asked for, is its completion gong.
    private let beganOpen: Bool
    private var lastSessionFrame = -1
    private var announcedCountdown = false
    /// Events of the control side (pause, resume, seek, end), reported by the next `poll()`.
    private var controlEvents: [SessionEvent] = []
    private let pauseFadeFrames: Int
    private let seekFadeFrames: Int
    private let marginFrames: Int
    /// How long the fade is when a session is ended early.
    public let endFadeFrames: Int
    private var restartFailure: DecoderError?
    /// Why the guided track cannot play on: it could not be decoded again after a seek, or its
    /// decoding failed part-way (said once what was decoded before has been played).
    public var trackFailure: DecoderError? {
        if let restartFailure { return restartFailure }
        guard let track, let heardBy = trackPlayedOutAt, program.playedFrames >= heardBy else { return nil }
        return track.failure
    }
    /// The device frame by which the mixer's last frame of a failed track has been played (from
    /// the mixer's report of the voice's end).
    private var trackPlayedOutAt: Int?
    /// Who owns the audio, as the device plays the session: the guided track hands it over to
    /// the timer when it ends. This session's own: the service keeps one of its own for its
    /// sessions (ServiceConductor).
    public private(set) var coordinator = AudioSessionCoordinator()
    /// A transition the coordinator refused (a bug if ever set).
    public private(set) var coordinatorError: CoordinatorError?
    private var coordinatedPhase: SessionPhase?

    private typealias State = LiveSessionStep
    private typealias Intents = LiveSessionStep.Intents

    /// An open sit's end has been asked for (its completion gong struck, striking, or waiting
    /// for a pause or a seek to settle): once is enough.
    private var finishAsked: Bool {
        guard beganOpen else { return false }
        if case .finishing = state { return true }
        return state.intents.contains(.finish) || !outline.isOpen
    }

    /// A timed sit.
    public convenience init(
        plan: SessionPlan, gong: SampleBuffer, output opener: OutputOpener, engine: LiveEngine? = nil,
        quietMilliseconds: Int? = nil
    ) throws(OutputError) {
        try self.init(
            plan: plan, sounds: GongSounds(gong), output: opener, engine: engine, quietMilliseconds: quietMilliseconds)
    }

    /// A timed sit whose gongs may each have a sound of their own.
    /// `ambience` is the bed when the plan asks for one (`configuration.ambience`).
    public convenience init(
        plan: SessionPlan, sounds: GongSounds, ambience: AmbienceLoop? = nil, output opener: OutputOpener,
        engine: LiveEngine? = nil, quietMilliseconds: Int? = nil
    ) throws(OutputError) {
        try self.init(
            outline: SessionOutline(plan), track: nil, sounds: sounds, ambience: ambience, output: opener,
            engine: engine, quietMilliseconds: quietMilliseconds)
    }

    /// A program whose gongs all have one sound.
    public convenience init(
        outline: SessionOutline, track: TrackPlayer?, gong: SampleBuffer,
        output opener: OutputOpener, engine: LiveEngine? = nil, quietMilliseconds: Int? = nil
    ) throws(OutputError) {
        try self.init(
            outline: outline, track: track, sounds: GongSounds(gong), output: opener, engine: engine,
            quietMilliseconds: quietMilliseconds)
    }

    /// Prepares the session; `start()` plays it. Without `engine`, the session has a device of
    /// its own, opened here through `opener` and again when it goes away mid-stream; with it,
    /// the session plays through the engine's device with whatever else plays there, and
    /// `opener` opens that device at the start when it is closed. `track` plays the program's
    /// guided part (threaded). A pause heard for `quietMilliseconds` closes a device of the
    /// session's own until the resume (nil: it stays open); an engine has its own quiet spell.
    public init(
        outline: SessionOutline, track: TrackPlayer?, sounds: GongSounds, ambience: AmbienceLoop? = nil,
        output opener: OutputOpener, engine: LiveEngine? = nil, quietMilliseconds: Int? = nil
    ) throws(OutputError) {
        precondition((track?.frameCount ?? 0) == outline.trackFrames, "the track is the outline's")
        self.outline = outline
        beganOpen = outline.isOpen
        self.track = track
        self.ambience = ambience
        let (controller, renderer) = MixerFactory.make(format: outline.format)
        self.controller = controller
        score = SessionScore(outline: outline, sounds: sounds, ambience: ambience, controller: controller)
        schedule = CommandSchedule(score.commands)
        program =
            if let engine {
                EngineProgram(renderer: renderer, engine: engine, opener: opener)
            } else {
                EngineProgram(
                    renderer: renderer, output: try opener.open(), opener: opener,
                    quietMilliseconds: quietMilliseconds)
            }
        pauseFadeFrames = outline.format.frames(milliseconds: Self.pauseFadeMilliseconds)
        seekFadeFrames = outline.format.frames(milliseconds: Self.seekFadeMilliseconds)
        marginFrames = outline.format.frames(milliseconds: Self.commandMarginMilliseconds)
        endFadeFrames = outline.format.frames(milliseconds: Self.endFadeMilliseconds)
    }

    /// The device frames at which the session was paused, resumed and moved.
    public var pauses: SessionTimeline { timeline }

    /// The device, with the buffer it granted.
    public var outputSummary: String { program.outputSummary }
    /// When the first buffer reached the device (seconds since 1970).
    public var firstBufferTime: Double? { program.firstBufferTime }
    /// Underruns recovered so far (every device).
    public var underruns: Int { program.underruns }
    /// Render blocks that found the guided track's stream, or the ambience's, empty.
    public var trackUnderruns: Int { (track?.underruns ?? 0) + (ambience?.underruns ?? 0) }
    /// Whether a decoder feeds the mix (a guided track or an ambience), whose underruns count.
    public var isStreamed: Bool { track != nil || ambience != nil }
    /// Set when the device failed and no other could be opened.
    public var failure: OutputError? { program.failure }
    /// Whether the last frame has been played.
    public var isFinished: Bool { program.isFinished }

    /// It was ended early (stopped, or its track failed): what is left is its fade out.
    public var isEnding: Bool { state == .ending }

    /// Whether the output is gone and the session stands still until it is back.
    public var isWaitingForOutput: Bool { program.isWaitingForOutput }
    /// The device's frames played, with the instant they were measured at.
    public var playedClock: PlayedClock? { program.playedClock }
    /// Frames of the stream the device has played, pauses included (`pauses` maps them to the
    /// session's frames).
    var playedStreamFrames: Int { program.playedFrames }
    /// Device changes and the like, for the log.
    public func takeNotices() -> [LiveNotice] { program.takeNotices() }

    /// Starts playing; the guided track's first seconds are decoded before it returns. With
    /// `monotonicSeconds`, the session's first frame is heard then (by the device's clock), the
    /// device playing on without it until then. Throws `DecoderError`, or `OutputError` when an
    /// engine's device would not open.
    public func start(at monotonicSeconds: Double? = nil) throws {
        if let track {
            controller.send(
                try track.play(
                    from: 0, at: 0,
                    fadeFrames: outline.format.frames(
                        milliseconds: TrackPlayer.openingFadeMilliseconds), controller: controller))
        }
        // The bed's first second is decoded before the first block asks for it.
        ambience?.start()
        feed()
        program.setEndFrame(score.endFrame)
        try program.start(at: monotonicSeconds)
    }

    /// Pauses the timeline: everything playing fades out, the device plays silence, and every
    /// later event moves by the length of the pause. False when it is too late to pause.
    @discardableResult
    public func pause() -> Bool {
        switch state {
        case .seeking, .cutting:
            // A hand-over must not be lost to a seek on its way: it waits for it (a block or two).
            state = state.with(state.intents.union(.pause))
            return true
        case .running: break
        case .pausing, .paused, .resuming, .ending, .finishing: return false
        }
        guard status.sessionFrame < outline.completionFrame - marginFrames else { return false }
        program.pause(fadeFrames: pauseFadeFrames)
        state = .pausing(then: [])
        return true
    }

    /// Resumes a paused timeline where it stopped; what was playing fades back in.
    public func resume() {
        switch state {
        case .seeking, .cutting:
            // A pause still waiting for the seek is given up.
            state = state.with(state.intents.subtracting(.pause))
        case let .pausing(then): state = .pausing(then: then.union(.resume))
        case let .paused(then):
            program.resume(fadeFrames: pauseFadeFrames)
            state = .resuming(then: then)
        case .running, .resuming, .ending, .finishing: break
        }
    }

    public var isPaused: Bool { state.isPaused }

    public func togglePause() {
        if isPaused { resume() } else { pause() }
    }

    /// Moves the guided track `frames` on (back, when negative) from where it is heard, with a
    /// short cross-fade; the sit after it moves with it. On a device that takes back what it
    /// holds, this is heard within the latency; on another, after what it holds. A bell alone
    /// moves through the silence before it, from where the mixer is. False when there is no
    /// track playing, or no bell to come, to move.
    @discardableResult
    public func seek(byFrames frames: Int) -> Bool {
        move { now in now + frames }
    }

    /// Moves the guided track to session frame `target` (see `seek(byFrames:)`).
    @discardableResult
    public func seek(toFrame target: Int) -> Bool {
        move { _ in target }
    }

    /// Whether a seek cuts what the device holds: a track's, on a device that takes frames back.
    private var seekCuts: Bool { track != nil && program.takesBack }

    /// Moves to `target(from)`, `from` being the session frame a seek counts from: the one heard
    /// when the seek cuts, else the mixer's.
    private func move(to target: (_ from: Int) -> Int) -> Bool {
        guard state == .running, track != nil || outline.bell != nil, controller.commandSlotsFree >= 4 else {
            return false
        }
        let now = controller.renderedFrames + marginFrames + mixerJumpedFrames
        let movable = track == nil ? outline.completionFrame : outline.trackFrames
        guard now < movable else { return false }
        let target = min(max(0, target(seekCuts ? status.sessionFrame : now)), movable)
        var commands: [TimedCommand] = []
        if let track {
            guard let stop = track.stop(at: 0, fadeFrames: seekFadeFrames) else { return false }
            commands.append(stop)
            do {
                commands.append(
                    try track.play(from: target, at: 0, fadeFrames: seekFadeFrames, controller: controller))
            } catch {
                restartFailure = error
            }
        }
        let frame = controller.renderedFrames + marginFrames
        // Until the cancel has been seen and the rest of the score sent again at its new
        // frames, the mixer stops short of where the first of them (or the end) can land.
        let shift = frame - target
        let nextCommand = schedule.commands.first { $0.frame >= min(now, target) }?.frame ?? .max
        program.setEndFrame(.max)
        // At least one frame past the seek's own commands, or they would never be applied.
        program.setHorizon(max(frame + 1, min(nextCommand, score.endFrame) + shift))
        for var command in commands {
            command.frame = frame
            controller.send(command)
        }
        controller.send(TimedCommand(frame: frame, .cancelPending))
        if seekCuts { program.cut(toMixerFrame: frame, fadeFrames: seekFadeFrames) }
        state = .seeking(target: target, then: [])
        return true
    }

    /// When the device plays session frame `frame` (seconds of the monotonic clock), if it
    /// plays on without a pause: from the device's own clock, not from when this is asked.
    /// Nil before it has played anything, and while paused.
    public func monotonicTime(ofSessionFrame frame: Int) -> Double? {
        guard !isPaused, let clock = program.playedClock else { return nil }
        let stream = timeline.streamFrame(atSessionFrame: frame)
        return clock.monotonicSeconds + Double(stream - clock.frames) / Double(outline.format.sampleRate)
    }

    /// Ends the session early: everything fades out over `endFadeFrames`, from the first frame
    /// the device lets go of (within its latency).
    public func end() {
        guard state != .ending else { return }
        // An open-ended sit ends with its completion gong, which then rings out: asked again
        // (a signal keeps asking), it rings on.
        if finishAsked { return }
        if outline.isOpen, let start = outline.startFrame, status.sessionFrame >= start {
            finish()
            return
        }
        // A pause waiting for a seek is given up.
        state = state.with(state.intents.subtracting(.pause))
        if status.phase != .complete { controlEvents.append(.endedEarly) }
        state = .ending
        program.fadeOutAndEnd(frames: endFadeFrames)
    }

    /// Ends the session at once with the early end's fade, an open-ended sit too (which `end()`
    /// finishes with its completion gong, ringing out for many seconds): for a service that is
    /// stopping, whose supervisor waits a few seconds only.
    public func endPromptly() {
        guard state != .ending else { return }
        state = .ending
        program.fadeOutAndEnd(frames: endFadeFrames)
    }

    /// Ends an open-ended sit where the mixer is: what was still to come is cancelled, and once
    /// the cancel has landed, the completion gong strikes there and the bed fades under it. A
    /// paused sit resumes first (a gong into a paused device would not be heard).
    private func finish() {
        guard state == .running else {
            // A pause waiting for a seek is given up; the end waits for the step on its way.
            state = state.with(state.intents.subtracting(.pause).union(.finish))
            if isPaused { resume() }
            return
        }
        // The mixer is held first. An open sit's horizon lies seconds ahead, and a device that
        // takes frames as fast as they come (ALSA's null, a burst after a resume) lets the mixer
        // run on between a look at where it is and the arrival of the commands below: past
        // their frame, and past the horizon set after them, where it would stop before ever
        // reading them. Held, it renders at most the block it is in, and one more if it looked
        // at the horizon before the hold reached it.
        program.setHorizon(controller.renderedFrames + marginFrames)
        let frame = controller.renderedFrames + 2 * program.blockFrames + marginFrames
        // The gong strikes once the cut's fade has risen (its first sample is its strike).
        let gong = frame + (program.takesBack ? seekFadeFrames : 0)
        program.setEndFrame(.max)
        // The gong's first strike and the bed's fade go first, at the frame of the cancel, which
        // leaves what was sent before them and drops what was still to come; later strikes are
        // sent once it has landed, and the mixer waits for them.
        let first = score.ending(atSessionFrame: gong + mixerJumpedFrames, controller: controller).commands
            .filter { $0.frame == gong + mixerJumpedFrames }
        for var command in first {
            command.frame = gong
            controller.send(command)
        }
        controller.send(TimedCommand(frame: gong, .cancelPending))
        program.setHorizon(gong + outline.format.frames(milliseconds: SessionPlan.strikeSpacingMilliseconds))
        // What the device holds (the mixer runs seconds ahead) is let go of, where it can be:
        // the gong is heard within the latency, the time sat running on without a jump.
        if program.takesBack { program.cut(toMixerFrame: frame, fadeFrames: seekFadeFrames) }
        state = .finishing(frame: frame, gong: gong, cancelledAt: nil)
    }

    /// Once the cancel has landed and the device has been cut over to the finishing frame:
    /// the completion gong strikes right after it, and the bed fades under the gong. From the
    /// cut on, mixer frame `frame` is heard where the session stood, so its time runs on.
    private func settleFinish() {
        guard case let .finishing(frame, gong, _?) = state,
            let heardFrom = heardFrom(mixerFrame: frame, cut: program.takesBack)
        else { return }
        mixerJumpedFrames = timeline.sessionFrame(atStreamFrame: heardFrom) - frame
        let end = gong + mixerJumpedFrames
        let ended = score.ending(atSessionFrame: end, controller: controller)
        score = ended
        outline = ended.outline
        // What was sent with the cancel is not sent again.
        schedule = CommandSchedule(ended.commands.filter { $0.frame != end })
        schedule.offset = -mixerJumpedFrames
        program.setEndFrame(ended.endFrame - mixerJumpedFrames)
        state = .running
    }

    /// Sends what is due, frees what the mixer is done with, settles a pause or a seek, and
    /// returns what the device's clock has passed since the last call.
    public func poll() -> [SessionEvent] {
        controller.collectGarbage()
        // Its last frame played, the session has no more use for the bed's decoder.
        if program.isFinished { ambience?.halt() }
        var carried = settlePause()
        for event in controller.drainEvents() {
            if case let .voiceEnded(id, frame) = event, let track, id == track.voiceID, track.failure != nil {
                // The device plays the frames the mixer rendered before the track's last; the
                // failure is told once it has.
                let heardBy = program.deviceFrame(ofMixerFrame: frame)
                trackPlayedOutAt = heardBy
                // The session ends there: what plays beside the track fades out from its last frame.
                program.fadeOutAndEnd(frames: endFadeFrames, fromDeviceFrame: heardBy)
            }
            if case let .pendingCancelled(at, _) = event, case let .finishing(frame, gong, nil) = state {
                state = .finishing(frame: frame, gong: gong, cancelledAt: at)
                continue
            }
            guard case let .pendingCancelled(frame, dropped) = event, case let .seeking(target, then) = state else {
                continue
            }
            schedule.rewind(dropped)
            mixerJumpedFrames = target - frame
            schedule.offset = -mixerJumpedFrames
            program.setEndFrame(score.endFrame - mixerJumpedFrames)
            state = .cutting(target: target, frame: frame, then: then)
        }
        carried.formUnion(settleCut())
        settleFinish()
        // An end asked for while a step was on its way: now, or after the step the one that
        // landed led to (a pause the seek waited for).
        if carried.contains(.finish) {
            if state == .running { finish() } else { state = state.with(state.intents.union(.finish)) }
        }
        // A pause is the program's: the score goes on being sent. A seek's cancel must land first.
        switch state {
        case .running, .pausing, .paused, .resuming, .cutting: feed()
        case .seeking, .ending, .finishing: break
        }
        defer { controlEvents.removeAll() }
        let events = controlEvents + passedEvents()
        coordinate(status.phase)
        return events
    }

    /// Records where a seek is heard from, once the program has cut to it (or played on to it),
    /// and pauses if that was asked meanwhile; what else was asked (an end) is returned.
    private func settleCut() -> Intents {
        guard case let .cutting(target, frame, then) = state,
            let heardFrom = heardFrom(mixerFrame: frame, cut: seekCuts)
        else { return [] }
        // From there the device plays `target`: the jump is counted from what it would have played.
        timeline.jump(atStreamFrame: heardFrom, by: target - timeline.sessionFrame(atStreamFrame: heardFrom))
        state = .running
        controlEvents.append(.moved(toFrame: target))
        if then.contains(.pause) { pause() }
        return then.subtracting(.pause)
    }

    /// The device frame from which mixer frame `frame` is heard: where the program cut over to
    /// it (nil while the cut is on its way), or, without a cut or when the device declined
    /// one, after what the device held.
    private func heardFrom(mixerFrame frame: Int, cut: Bool) -> Int? {
        guard cut else { return program.deviceFrame(ofMixerFrame: frame) }
        switch program.cutOutcome {
        case nil: return nil
        case let .cut(atDeviceFrame: device): return device
        case .declined: return program.deviceFrame(ofMixerFrame: frame)
        }
    }

    /// Records where the program's pause and resume took effect, once they have (a resume asked
    /// for during the pause's fade follows it); what was asked for beyond the resume (an end)
    /// is returned once the session runs again.
    private func settlePause() -> Intents {
        if case let .pausing(then) = state, let frame = program.pausedAtFrame {
            timeline.pause(atStreamFrame: frame)
            state = .paused(then: then.subtracting(.resume))
            controlEvents.append(.paused)
            if then.contains(.resume) { resume() }
        }
        if case let .resuming(then) = state, let frame = program.resumedAtFrame {
            timeline.resume(atStreamFrame: frame)
            state = .running
            controlEvents.append(.resumed)
            return then
        }
        return []
    }

    /// Tells the coordinator what the device is playing now.
    private func coordinate(_ phase: SessionPhase) {
        // A bell alone owns nothing: whoever rings it decides whether it may.
        guard phase != coordinatedPhase, outline.bell == nil else { return }
        coordinatedPhase = phase
        do {
            switch phase {
            case .playing: try hand(to: .guided, state: .playing)
            case .countdown: try hand(to: .timer, state: .countdown)
            case .sitting, .walking: try hand(to: .timer, state: .sitting)
            case .complete: try hand(to: outline.sit == nil ? .guided : .timer, state: .complete)
            case .paused, .ended:
                if let owner = coordinator.owner {
                    try coordinator.report(owner, state: phase == .paused ? .paused : .idle)
                }
            }
        } catch {
            coordinatorError = error
        }
    }

    /// The track that played to its end gives the audio to the timer, which takes it.
    private func hand(to source: AudioSource, state: PlaybackState) throws(CoordinatorError) {
        if coordinator.owner != source {
            if let previous = coordinator.owner, coordinator.state(of: previous) == .playing {
                try coordinator.report(previous, state: .complete)
            }
            _ = coordinator.request(for: source)
        }
        if coordinator.state(of: source) != state { try coordinator.report(source, state: state) }
    }

    /// The session as the device is playing it now.
    public var status: LiveStatus {
        let sessionFrame = timeline.sessionFrame(atStreamFrame: program.playedFrames)
        let phase = outline.phase(at: sessionFrame, paused: isPaused, endingEarly: state == .ending)
        return outline.status(phase: phase, at: sessionFrame)
    }

    /// How long the control side may sleep before `poll()` has something to report: until the
    /// next gong, the track's end or the completion (with a little to spare, the device's clock
    /// being published a few times a second), at most a second; briefly while a pause, resume,
    /// seek or end is settling, while a gong waits for the device's first frame (not while
    /// the device is away), or once the last sound should have been heard. Each wake-up costs
    /// the process about as much as rendering a block.
    public var millisecondsUntilDue: Int { millisecondsUntilDue(atMost: Self.longestSleepMilliseconds) }

    /// The same, with a longer sleep than a second allowed when nothing is due: for a caller
    /// that shows no time left every second (the service outside systemd). Commands the
    /// mixer's ring had no room for yet still bring the wake-up back within a second.
    public func millisecondsUntilDue(atMost longest: Int) -> Int {
        let longest = schedule.isExhausted ? longest : min(longest, Self.longestSleepMilliseconds)
        switch state {
        case .paused: return longest
        case .pausing, .resuming, .seeking, .cutting, .ending, .finishing: return Self.settlingSleepMilliseconds
        case .running: break
        }
        if holdsAGong && !program.isWaitingForOutput { return Self.settlingSleepMilliseconds }
        let status = self.status
        let now = status.sessionFrame
        var next = outline.completionFrame
        if now >= next {
            // Ringing out: nothing to tell until the last frame has been heard, then soon.
            guard score.endFrame > now else { return Self.settlingSleepMilliseconds }
            next = score.endFrame
        }
        if outline.hasTrack && now < outline.trackFrames { next = min(next, outline.trackFrames) }
        if let gong = outline.gongs.first(where: { $0.frame > now }) { next = min(next, gong.frame) }
        guard next > now else { return Self.shortestSleepMilliseconds }
        let until = (next - now) * 1000 / outline.format.sampleRate + Self.spareMilliseconds
        return min(max(until, Self.shortestSleepMilliseconds), longest)
    }

    /// The fade a pause falls and a resume rises over.
    public static let pauseFadeMilliseconds = 300
    /// The fades a seek crosses over (out of the old place, into the new).
    public static let seekFadeMilliseconds = 30
    /// How far past the frame the mixer has rendered a command made now is placed, so that it
    /// is never late for the block being rendered.
    public static let commandMarginMilliseconds = 10
    /// How far ahead an open-ended sit's commands are sent: far more than a poll's longest sleep.
    static let openFeedMilliseconds = 10_000
    private var openFeedFrames: Int { outline.format.frames(milliseconds: Self.openFeedMilliseconds) }
    /// The fade an early end (Ctrl-C, SIGTERM) falls over.
    public static let endFadeMilliseconds = 120

    private static let longestSleepMilliseconds = 1000
    private static let shortestSleepMilliseconds = 250
    private static let settlingSleepMilliseconds = 50
    private static let spareMilliseconds = 20

    private func feed() {
        // Room is kept for a pause's or a seek's commands, whatever the length of the session.
        // An open-ended sit sends its score a few seconds ahead only: a day of bells would fill
        // the mixer's queue, and the cancel that ends it would wait behind them.
        let before = outline.isOpen ? controller.renderedFrames + openFeedFrames : .max
        schedule.feed(controller, before: before, keepingFree: 5)
        program.setHorizon(schedule.nextFrame.map { $0 + schedule.offset } ?? .max)
    }

    private func passedEvents() -> [SessionEvent] {
        var events: [SessionEvent] = []
        if !announcedCountdown {
            announcedCountdown = true
            if !outline.hasTrack, let start = outline.startFrame, start > 0 {
                events.append(.countdown(seconds: Double(start) / Double(outline.format.sampleRate)))
            }
        }
        let now = timeline.sessionFrame(atStreamFrame: program.playedFrames)
        if outline.hasTrack && lastSessionFrame < outline.trackFrames && now >= outline.trackFrames {
            events.append(.trackEnded)
        }
        // A gong is told once the device has played its first frame: only its clock says when
        // a gong at the session's first frame is heard (through Snapcast, a second after the
        // clock stands on it).
        guard program.playedClock != nil else { return events }
        for gong in outline.gongs where isDue(gong, at: now) {
            events.append(.gong(gong))
        }
        lastSessionFrame = max(lastSessionFrame, now)
        return events
    }

    /// Whether a gong the clock stands on waits for the device's first frame to be told; what
    /// is told after it (the phase it begins) waits with it.
    public var holdsAGong: Bool {
        guard program.playedClock == nil else { return false }
        let now = timeline.sessionFrame(atStreamFrame: program.playedFrames)
        return outline.gongs.contains { isDue($0, at: now) }
    }

    /// Whether `gong` is passed by session frame `now` and not yet told.
    private func isDue(_ gong: SessionPlan.Gong, at now: Int) -> Bool {
        gong.frame > lastSessionFrame && gong.frame <= now
    }
}
