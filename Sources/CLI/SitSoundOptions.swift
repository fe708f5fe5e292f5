import ArgumentParser
import Session

/// What a timed sit sounds like: its bells, gong and noise bed. Shared by the timer, `render`
/// and the sit `play --then` opens after a guided track.
struct SitSoundOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A bell every N minutes during the sit (default: none).", valueName: "minutes"))
    var interval: ExactDecimal?

    @Option(help: ArgumentHelp("Bells at these minutes after the start, e.g. 5,12.5,20 (replaces --interval).",
                               valueName: "list"))
    var bells: BellList?

    @Option(help: "Strikes per gong, about 1.5 s apart (1-10).")
    var strikes = 1

    @Option(help: ArgumentHelp("Background bed from the start gong to the completion gong.", valueName: "white|pink|brown|none"))
    var noise: NoiseArgument = .none

    @Option(help: ArgumentHelp("Volume of the noise bed, 0-1.", valueName: "volume"))
    var noiseVolume: Float = 0.15

    @Option(help: ArgumentHelp("A bundled sound (bowl, gong, bell) or an audio file.", valueName: "name|path"))
    var gong = "bowl"

    @Option(help: ArgumentHelp("Volume of the gongs, 0-1.", valueName: "volume"))
    var gongVolume: Float = 1.0

    @Option(help: ArgumentHelp("Engine sample rate in Hz.", valueName: "hz"))
    var sampleRate = 48_000

    @Option(help: "Seed of the noise generator; the same seed gives the same noise, bit for bit (default: random).")
    var seed: UInt64?

    /// Whether any option that only a sit uses was given (a guided track alone has no sit).
    var shapesASit: Bool { interval != nil || bells != nil || noise != .none }

    /// `configuration` with these sounds (validated when a plan is made of it).
    func apply(to c: inout SessionConfiguration) {
        c.interval = interval
        c.bells = bells?.minutes ?? []
        c.strikes = strikes
        c.noise = noise.color
        c.noiseVolume = noiseVolume
        c.gongVolume = gongVolume
        c.sampleRate = sampleRate
        c.seed = seed ?? UInt64.random(in: .min ... .max)
    }
}
