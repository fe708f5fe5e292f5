import ArgumentParser
import Session

/// The options that shape a timed sit, shared by every command that plays or renders one.
struct SessionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Length of the sit after the countdown, in minutes (decimals allowed; default 20).",
                               valueName: "minutes"))
    var minutes: ExactDecimal?

    @Option(help: ArgumentHelp("Seconds of silence before the start gong (default 15).", valueName: "seconds"))
    var countdown: ExactDecimal?

    @OptionGroup var sound: SitSoundOptions

    /// The configuration these options describe (validated when a plan is made of it).
    var configuration: SessionConfiguration {
        var c = SessionConfiguration()
        c.minutes = minutes ?? ExactDecimal(20)
        c.countdownSeconds = countdown ?? ExactDecimal(15)
        sound.apply(to: &c)
        return c
    }
}
