import ArgumentParser
import Session

/// The options that shape a timed sit, shared by every command that plays or renders one.
struct SessionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Length of the sit after the countdown, in minutes (decimals allowed).",
                               valueName: "minutes"))
    var minutes = ExactDecimal(20)

    @Option(help: ArgumentHelp("Seconds of silence before the start gong.", valueName: "seconds"))
    var countdown = ExactDecimal(15)

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

    /// The configuration these options describe (validated when a plan is made of it).
    var configuration: SessionConfiguration {
        var c = SessionConfiguration()
        c.minutes = minutes
        c.countdownSeconds = countdown
        c.interval = interval
        c.bells = bells?.minutes ?? []
        c.strikes = strikes
        c.noise = noise.color
        c.noiseVolume = noiseVolume
        c.gongVolume = gongVolume
        c.sampleRate = sampleRate
        c.seed = seed ?? UInt64.random(in: .min ... .max)
        return c
    }
}
