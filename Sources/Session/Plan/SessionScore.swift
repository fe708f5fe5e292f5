import Mixer

/// A program turned into mixer commands: every strike of every gong, and the bed (noise or an
/// ambience) with its fades, each at its exact session frame. Shared by the offline render and
/// live playback.
///
/// The guided track is not among the commands: its voice needs a stream made when it starts
/// (and again after a pause or a seek), which `TrackPlayer` does.
public struct SessionScore {
    public let outline: SessionOutline
    public let sounds: GongSounds
    public let commands: [TimedCommand]
    /// One past the last frame of the session: the completion gong has rung out, or the track ended.
    public let endFrame: Int

    public init(plan: SessionPlan, gong: SampleBuffer, controller: MixerController) {
        self.init(outline: SessionOutline(plan), sounds: GongSounds(gong), controller: controller)
    }

    /// `ambience` is the bed's stream when the sit asks for one (`configuration.ambience`).
    public init(
        outline: SessionOutline, sounds: GongSounds, ambience: AmbienceLoop? = nil, controller: MixerController
    ) {
        self.outline = outline
        self.sounds = sounds
        var headroom = StrikeHeadroom()
        var commands = outline.gongs.flatMap {
            Self.strikes(of: $0, outline: outline, sounds: sounds, controller: controller, headroom: &headroom)
        }
        if let plan = outline.sit {
            let configuration = plan.configuration
            // A bed for each sit, rising from its start and fallen by its end; a walk has none
            // unless asked, and then the bed plays on through it: segments in a row that have a
            // bed have one, rising in the first and falling in the last. Every bed reads on in the
            // one ambience stream, where the last left it.
            for run in Self.bedRuns(plan) {
                guard let first = run.first, let last = run.last else { continue }
                let source: VoiceSource
                var gain = configuration.noiseVolume
                if let ambience, configuration.ambience != nil {
                    source = .stream(ambience.stream)
                    gain = ambience.gain
                } else if let color = configuration.noise {
                    source = .noise(color, seed: configuration.seed &+ UInt64(first.index))
                } else {
                    continue
                }
                let bed = controller.makeVoiceID()
                let start = first.startFrame + outline.sitOffset
                let end = last.endFrame + outline.sitOffset
                commands.append(
                    TimedCommand(
                        frame: start,
                        .play(
                            bed, source, bus: .noise, gain: gain, fadeFrames: first.fadeFrames,
                            curve: .equalPower)))
                commands.append(
                    TimedCommand(
                        frame: end - last.fadeOutFrames,
                        .stop(bed, fadeFrames: last.fadeOutFrames, curve: .equalPower)))
            }
        }
        self.commands = commands
        endFrame = outline.endFrame(gongFrames: Self.ringOutFrames(sounds, outline.format))
    }

    /// What follows the completion frame: the completion gong ringing out, or with no gong
    /// (`--gong none`) a tenth of a second of exact zeros, so that a file or a device's last
    /// frames are silence and not the bed's fade cut a frame before it reaches zero.
    static func ringOutFrames(_ sounds: GongSounds, _ format: EngineFormat) -> Int {
        sounds.end.frameCount > 0 ? sounds.end.frameCount : format.frames(milliseconds: 100)
    }

    /// The segments that have a bed, in runs of neighbours: each run is one bed.
    private static func bedRuns(_ plan: SessionPlan) -> [[PlannedSegment]] {
        var runs: [[PlannedSegment]] = []
        var run: [PlannedSegment] = []
        for segment in plan.segments {
            if plan.configuration.playsBed(in: segment.kind) {
                run.append(segment)
            } else if !run.isEmpty {
                runs.append(run)
                run = []
            }
        }
        if !run.isEmpty { runs.append(run) }
        return runs
    }

    /// A gong's strikes: its role's sound at its role's volume, each on its frame; the strikes
    /// after the first, and the first one's tail, as much softer as keeps their sum from
    /// clipping (`StrikeHeadroom`).
    private static func strikes(
        of gong: SessionPlan.Gong, outline: SessionOutline, sounds: GongSounds, controller: MixerController,
        headroom: inout StrikeHeadroom
    ) -> [TimedCommand] {
        let sound = sounds.sound(for: gong.kind.role)
        // `--gong none`: a sound of no frames, and no voice for it.
        guard sound.frameCount > 0 else { return [] }
        let gain = outline.gongVolume(of: gong)
        let frames = outline.strikeFrames(of: gong)
        let later =
            frames.count > 1
            ? headroom.laterGain(sound: sound, strikes: frames.count, spacing: frames[1] - frames[0], volume: gain)
            : gain
        var commands: [TimedCommand] = []
        for (index, frame) in frames.enumerated() {
            let voice = controller.makeVoiceID()
            commands.append(
                TimedCommand(
                    frame: frame,
                    .play(
                        voice, .sample(sound), bus: .gongs, gain: index == 0 ? gain : later, fadeFrames: 0,
                        curve: .linear)
                ))
            if index == 0, later < gain {
                let ramp = min(outline.format.frames(milliseconds: StrikeHeadroom.rampMilliseconds), frames[1] - frame)
                commands.append(
                    TimedCommand(
                        frame: frames[1] - ramp, .setVoiceGain(voice, gain: later, frames: ramp, curve: .linear)))
            }
        }
        return commands
    }

    private init(outline: SessionOutline, sounds: GongSounds, commands: [TimedCommand], endFrame: Int) {
        self.outline = outline
        self.sounds = sounds
        self.commands = commands
        self.endFrame = endFrame
    }

    /// An open-ended sit asked to end at session frame `frame`: its completion gong there, and
    /// its bed fading out under the gong. The commands of the score that were still to come are
    /// the caller's to cancel.
    public func ending(atSessionFrame frame: Int, controller: MixerController) -> SessionScore {
        let ended = outline.ending(atSessionFrame: frame)
        var headroom = StrikeHeadroom()
        var commands: [TimedCommand] = []
        if let completion = ended.gongs.last {
            commands = Self.strikes(
                of: completion, outline: ended, sounds: sounds, controller: controller, headroom: &headroom)
        }
        let fade = ended.format.frames(milliseconds: SessionPlan.noiseFadeMilliseconds)
        var endFrame = ended.endFrame(gongFrames: Self.ringOutFrames(sounds, ended.format))
        for command in self.commands {
            if case let .play(id, _, .noise, _, _, _) = command.command, command.frame <= frame {
                commands.append(TimedCommand(frame: frame, .stop(id, fadeFrames: fade, curve: .equalPower)))
                endFrame = max(endFrame, frame + fade)
            }
        }
        return SessionScore(outline: ended, sounds: sounds, commands: commands, endFrame: endFrame)
    }
}
