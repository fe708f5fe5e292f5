import Mixer

/// A plan turned into mixer commands: every strike of every gong, and the noise bed with its
/// fades, each at its exact frame. Shared by the offline render and live playback.
public struct SessionScore {
    public let plan: SessionPlan
    public let gong: SampleBuffer
    public let commands: [TimedCommand]
    /// One past the last frame of the session: the completion gong has rung out.
    public let endFrame: Int

    public init(plan: SessionPlan, gong: SampleBuffer, controller: MixerController) {
        self.plan = plan
        self.gong = gong
        let configuration = plan.configuration
        var commands: [TimedCommand] = []
        for planned in plan.gongs {
            for frame in plan.strikeFrames(of: planned) {
                commands.append(TimedCommand(frame: frame, .play(
                    controller.makeVoiceID(), .sample(gong), bus: .gongs,
                    gain: configuration.gongVolume, fadeFrames: 0, curve: .linear)))
            }
        }
        if let color = configuration.noise {
            let noise = controller.makeVoiceID()
            commands.append(TimedCommand(frame: plan.startFrame, .play(
                noise, .noise(color, seed: configuration.seed), bus: .noise,
                gain: configuration.noiseVolume, fadeFrames: plan.noiseFadeFrames, curve: .equalPower)))
            commands.append(TimedCommand(frame: plan.completionFrame - plan.noiseFadeFrames, .stop(
                noise, fadeFrames: plan.noiseFadeFrames, curve: .equalPower)))
        }
        self.commands = commands
        endFrame = plan.endFrame(gongFrames: gong.frameCount)
    }
}
