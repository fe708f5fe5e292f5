import Localization
import Session

/// How a guided track is asked to play, and the silent sit that may follow it: the options of
/// `meditate play` and the members of `play.start` beside the track, as typed values.
package struct GuidedRequest: Sendable, Equatable {
    /// Minutes of silent sit after the track.
    package var then: ExactDecimal?
    package var gap: ExactDecimal?
    package var target: ExactDecimal?
    package var normalize: Bool?

    package init(
        then: ExactDecimal? = nil, gap: ExactDecimal? = nil, target: ExactDecimal? = nil, normalize: Bool? = nil
    ) {
        self.then = then
        self.gap = gap
        self.target = target
        self.normalize = normalize
    }

    package enum Option {
        package static let then = RequestOption("then", valueName: "minutes")
        package static let gap = RequestOption("gap", valueName: "seconds")
        package static let target = RequestOption("target", valueName: "lufs")
        package static let normalize = RequestOption("normalize")
        static let all = [then, gap, target, normalize]
    }

    init(_ members: RequestMembers) throws {
        then = try members.value(Option.then)
        gap = try members.value(Option.gap)
        target = try members.value(Option.target)
        normalize = try members.flag(Option.normalize)
    }

    func encode(_ encoding: inout RequestEncoding) throws {
        try encoding.value(Option.then, then)
        try encoding.value(Option.gap, gap)
        try encoding.value(Option.target, target)
        try encoding.flag(Option.normalize, normalize)
    }

    /// Each value against its setting's range; a gap without a sit after the track is refused.
    package func validate() throws {
        if let target { try SettingKeys.target.checkFlag(target) }
        if let then { try SettingKeys.then.checkFlag(then) }
        if let gap {
            try SettingKeys.gap.checkFlag(gap)
            if then == nil {
                throw RequestRefusal(
                    localized(
                        "--gap is the pause before the sit that --then adds; give --then too",
                        de: "--gap ist die Pause vor dem Sitzen, das --then anfügt; gib auch --then an"))
            }
        }
    }

    /// How the track plays, each value not given taken from the settings.
    package func resolve(_ settings: Settings) -> GuidedPlayback {
        GuidedPlayback(
            then: settings.value(SettingKeys.then, flag: then),
            gap: settings.value(SettingKeys.gap, flag: gap),
            target: settings.value(SettingKeys.target, flag: target).doubleValue,
            normalize: settings.value(SettingKeys.normalize, flag: normalize))
    }

    /// The values given, as setting texts, for a preset.
    package var givenValues: [String: String] {
        var values: [String: String] = [:]
        values[SettingKeys.then.name] = then?.settingText
        values[SettingKeys.gap.name] = gap?.settingText
        values[SettingKeys.target.name] = target?.settingText
        values[SettingKeys.normalize.name] = normalize?.settingText
        return values
    }
}
