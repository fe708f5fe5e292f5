import Mixer

/// A program turned into mixer commands: every strike of every gong, and the noise bed with its
/// fades, each at its exact session frame. Shared by the offline render and live playback.
///
/// The guided track is not among the commands: its voice needs a stream made when it starts
/// (and again after a pause or a seek), which `TrackPlayer` does.
public struct SessionScore {
    public let program: SessionProgram
    public let gong: SampleBuffer
    public let commands: [TimedCommand]
    /// One past the last frame of the session: the completion gong has rung out, or the track ended.
    public let endFrame: Int

    public init(plan: SessionPlan, gong: SampleBuffer, controller: MixerController) {
        self.init(program: SessionProgram(plan), gong: gong, controller: controller)
    }

    public init(program: SessionProgram, gong: SampleBuffer, controller: MixerController) {
        self.program = program
        self.gong = gong
        var commands: [TimedCommand] = []
        for planned in program.gongs {
            for frame in program.strikeFrames(of: planned) {
                commands.append(
                    TimedCommand(
                        frame: frame,
                        .play(
                            controller.makeVoiceID(), .sample(gong), bus: .gongs,
                            gain: program.gongVolume, fadeFrames: 0, curve: .linear)))
            }
        }
        if let plan = program.sit {
            let configuration = plan.configuration
            if let color = configuration.noise, let start = program.startFrame {
                let noise = controller.makeVoiceID()
                commands.append(
                    TimedCommand(
                        frame: start,
                        .play(
                            noise, .noise(color, seed: configuration.seed), bus: .noise,
                            gain: configuration.noiseVolume, fadeFrames: plan.noiseFadeFrames, curve: .equalPower)))
                commands.append(
                    TimedCommand(
                        frame: program.completionFrame - plan.noiseFadeFrames,
                        .stop(
                            noise, fadeFrames: plan.noiseFadeFrames, curve: .equalPower)))
            }
        }
        self.commands = commands
        endFrame = program.endFrame(gongFrames: gong.frameCount)
    }
}
