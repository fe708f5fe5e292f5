import ArgumentParser
import Clock
import Settings

/// What only a live sit has: an end at a time of day (`--until`) and what the machine does once
/// it has run to its end (`--after`). Not options of `render`, which ends in a file.
struct LiveSitOptions: ParsableArguments {
    @Option(help: .setting(SettingKeys.until)) var until: ClockTime?
    @Option(help: .setting(SettingKeys.after)) var after: AfterSit?

    /// `request` with these.
    func apply(to request: inout SitRequest) {
        request.until = until
        request.after = after
    }
}
