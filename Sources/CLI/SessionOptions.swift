import ArgumentParser
import Session
import Settings

/// The options that shape a timed sit, shared by every command that plays or renders one.
struct SessionOptions: ParsableArguments {
    @Option(help: .setting(SettingKeys.minutes)) var minutes: MinutesArgument?

    @Option(help: .setting(SettingKeys.countdown)) var countdown: ExactDecimal?

    @Option(help: .setting(SettingKeys.segments), transform: ClearableOption<SegmentList>.explained)
    var segments: ClearableOption<SegmentList>?

    @OptionGroup var sound: SitSoundOptions

    /// The sit asked for, as a client would ask for it.
    var request: SitRequest {
        var request = SitRequest(
            minutes: minutes?.exact, countdown: countdown, segments: segments, sound: sound.request)
        request.open = minutes == .open
        return request
    }
}
