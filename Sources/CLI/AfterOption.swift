import ArgumentParser
import Settings

/// `--after stop|suspend`: what the machine does once a live sit has run to its end. Not an
/// option of `render`, which ends in a file.
struct AfterOption: ParsableArguments {
    @Option(help: .setting(SettingKeys.after)) var after: AfterSit?
}
