/// What a sleep is unless config.toml's `[sleep]` or a flag says otherwise: the bed alone,
/// from the first second, falling to silence over its last five minutes.
package enum SleepDefaults {
    /// A sleep's length when none is given: about what a person takes to fall asleep, and more.
    package static let minutes = 45
    /// The setting texts, by key.
    package static let values: [String: String] = [
        SettingKeys.minutes.name: String(minutes),
        SettingKeys.countdown.name: "0",
        SettingKeys.gong.name: "none",
        SettingKeys.fadeOut.name: "300"
    ]
}
