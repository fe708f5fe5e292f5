import Session

/// What a sit asks to sound like (its bells, gong and noise bed), as typed values: what
/// `meditate sit`'s options build, and what the `sit.start` params decode into. A value not
/// given comes from the preset, `MEDITATE_*`, config.toml or its default when resolved.
package struct SitSoundRequest: Sendable, Equatable {
    /// Each value given, by its setting's name, as its canonical text (`none` where the
    /// setting may be turned off this time): what a flag layer is to `Settings`.
    package private(set) var givenValues: [String: String] = [:]

    package init() {}

    /// A setting that may say `none` (`--interval none`), as given.
    package subscript<Value>(_ key: Setting<Value>) -> ClearableOption<Value>? {
        get { givenValues[key.name].flatMap { ClearableOption<Value>(settingText: $0) } }
        set { givenValues[key.name] = newValue?.settingText }
    }

    /// A setting with a default, as given.
    package subscript<Value>(_ key: DefaultedSetting<Value>) -> Value? {
        get { givenValues[key.name].flatMap { Value(settingText: $0) } }
        set { givenValues[key.name] = newValue?.settingText }
    }

    /// A value as a setting's canonical text, as a history note gives it back (`NoteWords`).
    package mutating func give(_ text: String, to setting: any AnySetting) {
        givenValues[setting.name] = text
    }

    /// Every member: the settings of a sit's sound (`SettingKeys.sitSound`).
    static var options: [RequestOption] { SettingKeys.sitSound.map(\.requestOption) }

    init(_ members: RequestMembers) throws {
        for setting in SettingKeys.sitSound {
            givenValues[setting.name] = try setting.givenText(in: members)
        }
    }

    func encode(_ encoding: inout RequestEncoding) throws {
        for setting in SettingKeys.sitSound {
            try encoding.text(setting.requestOption, givenValues[setting.name])
        }
    }

    /// Checks each value given against its setting's range, as config.toml's are: what no plan
    /// or sound has checked by then is refused in the setting's own words.
    package func check() throws(SettingsError) {
        for setting in SettingKeys.sitSound {
            guard let text = givenValues[setting.name] else { continue }
            do {
                _ = try setting.canonical(text)
            } catch {
                throw .invalidFlag(problem: error)
            }
        }
    }

    /// The sounds, each value not given taken from the settings.
    package func resolve(_ settings: Settings) -> SitSound {
        SitSound(self, settings: settings)
    }
}
