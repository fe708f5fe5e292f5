import Foundation
import Library
import Localization
import Session
import Settings

/// A timed sit made ready from its request: its sounds resolved, its plan made, its gongs decoded
/// and its bed opened. The one recipe `meditate sit`, `meditate render` and the service follow,
/// so that a sit asked for any way is the same sit.
package struct SitSetup {
    package let sound: SitSound
    package let configuration: SessionConfiguration
    package let plan: SessionPlan
    package let sounds: GongSounds
    package let ambience: AmbienceBed?

    /// - Parameters:
    ///   - settings: the request's own (`request.settings()`), read once.
    ///   - live: played as it is made (the bed decoded on a thread of its own); offline, the render
    ///     fills it, and a sit with no set end is refused: a file must end.
    ///   - fromClient: asked for by a service client (a file it names that cannot be played gets one reason).
    ///   - say: tells the person about a slow step (measuring a bed outside the library).
    package init(
        _ request: SitRequest, settings: Settings, library: LibraryPaths, live: Bool, fromClient: Bool = false,
        say: @escaping (String) -> Void = { _ in }
    ) throws {
        // A sleep is its bed alone: a bell or a gong asked of it is refused, not rung in a mode
        // that promises none (`meditate sleep` has no such options; a client may send them).
        if request.sleep,
            let asked = request.sound.givenValues.keys.sorted().first(where: { !Self.sleepSound.contains($0) })
        {
            throw SettingUseFailure(
                line: localized(
                    "a sleep is its bed alone: --\(asked) is not one of its options",
                    de: "ein Einschlafen ist nur sein Klangteppich: --\(asked) ist keine seiner Optionen"))
        }
        sound = request.sound.resolve(settings)
        configuration = request.configuration(settings, sound: sound)
        // Open beside segments is refused by the plan, in the words a live sit gets.
        if !live, configuration.openEnded, configuration.segments.isEmpty { throw SessionPlanError.openRender }
        // A fade asked for this sit must fit it; a standing one (config.toml) is shortened to fit.
        if let fade = request.sound[SettingKeys.fadeOut], case let .value(seconds) = fade,
            !configuration.openEnded, seconds.rounded(times: 1000) > configuration.minutes.rounded(times: 60_000)
        {
            throw SessionPlanError.fadeOutLongerThanSit(seconds: seconds, minutes: configuration.minutes)
        }
        plan = try SessionPlan(configuration)
        if let random = plan.unringableBells {
            let gap = DurationText.words(seconds: random.shortest.rounded(times: 60))
            say(
                localized(
                    "no random bell can ring in this sit: none rings in its last minute, and the first comes \(gap) after the start at the soonest",
                    de:
                        "in diesem Sitzen kann keine Glocke zu zufälliger Zeit läuten: in der letzten Minute läutet keine, und die erste frühestens \(gap) nach dem Beginn"
                ))
        }
        sounds = try GongSetting.sounds(
            settings, request: request.sound, sound: sound, sampleRate: plan.format.sampleRate, fromClient: fromClient)
        ambience = try AmbienceSetting.load(
            sound, sampleRate: plan.format.sampleRate, library: library, threaded: live, fromClient: fromClient,
            say: say)
        // Last, so that what the plan and the sounds check is said in their words.
        try request.sound.check()
    }

    /// What a sleep may be asked for: its bed, its fade, and how it is rendered.
    static let sleepSound: Set<String> = Set(
        [
            SettingKeys.noise.name, SettingKeys.noiseVolume.name, SettingKeys.ambience.name,
            SettingKeys.ambienceCrossfade.name, SettingKeys.fadeOut.name, SettingKeys.sampleRate.name,
            SettingKeys.seed.name
        ])

    /// The sit asked for `until` a time (`request` as asked, its `until` not yet fixed), its
    /// length fixed again as of `now`, once it is ready: however long its gongs and bed took,
    /// its completion gong is at that time. Nil when it asks for no `until`.
    package func fixingUntil(
        _ request: SitRequest, settings: Settings, now: Double, calendar: Calendar = .current
    ) throws -> (setup: SitSetup, startsAt: Double)? {
        guard
            let fixed = try request.fixingUntil(
                settings, now: now, lead: SitRequest.untilStartLeadSeconds, calendar: calendar)
        else { return nil }
        let configuration = fixed.request.configuration(settings, sound: sound)
        return try (
            SitSetup(
                sound: sound, configuration: configuration, plan: SessionPlan(configuration), sounds: sounds,
                ambience: ambience), fixed.startsAt
        )
    }

    private init(
        sound: SitSound, configuration: SessionConfiguration, plan: SessionPlan, sounds: GongSounds,
        ambience: AmbienceBed?
    ) {
        self.sound = sound
        self.configuration = configuration
        self.plan = plan
        self.sounds = sounds
        self.ambience = ambience
    }

    /// The sit as the history keeps it and a desktop's mixer names it.
    package var note: SessionNote {
        SessionNote(
            text: SitDescription.of(configuration, ambience: ambience),
            parts: SitDescription.parts(configuration, ambience: ambience))
    }
}
