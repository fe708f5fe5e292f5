import Control
import Foundation
import Localization
import Logging
import Practice
import Service
import Session
import Settings

/// Plays a guided track live, maybe followed by a sit: `meditate play`, and a preset that holds
/// a guided track.
enum GuidedLive {
    static func run(
        reference: String, playback: GuidedPlayback, sound: SitSoundRequest, output: OutputOptions,
        reporting: LiveReportingOptions, location: LibraryLocation, settings: Settings, handOff: JSONValue? = nil
    ) throws {
        let logger = reporting.makeLogger()
        // `play.start`'s params, when a service that answers may play it instead.
        let socket = ServicePaths.defaultSocket()
        let handedOver = handOff != nil && ControlClient.answers(at: socket)
        var sound = sound
        // Played here: at the rate of a card that plays only one, as a sit is (the service
        // asks its own device).
        if !handedOver, let rate = output.deviceRate(settings: settings, flag: sound[SettingKeys.sampleRate]) {
            sound[SettingKeys.sampleRate] = rate
        }
        let setup = try GuidedSetup(
            reference: reference, guided: playback, sound: sound, settings: settings, library: location.paths,
            realTime: true, say: NoticeLine.teller(quiet: reporting.quiet))
        let outline = setup.outline
        Interruption.install()
        if handedOver, let handOff {
            try ServiceFollower(
                service: .socket(socket), outline: outline, title: setup.track.displayName, logger: logger,
                quiet: reporting.quiet, color: reporting.color
            ).run("play.start", params: handOff)
            return
        }
        let player = TrackPlayer(reader: setup.reader, gain: setup.normalization.linearGain, threaded: true)
        let live = try LiveSession(
            outline: outline, track: player, sounds: setup.sounds, ambience: setup.ambience,
            output: .request(
                output.choice.request(
                    sampleRate: outline.format.sampleRate, settings: settings,
                    streamName: setup.track.displayName)))
        logger.info("\(localized("output", de: "Ausgabe")): \(live.outputSummary)")
        let length = DurationText.words(seconds: outline.trackFrames / outline.format.sampleRate)
        logger.notice(
            "\(localized("playing", de: "spiele")) \(setup.track.displayName) (\(length)), \(setup.gainDescription)")
        let then = playback.then.map {
            [
                [
                    "key": MessageKey.sitThen.rawValue, "minutes": $0.description,
                    "length": DurationText.words(seconds: $0.rounded(times: 60))
                ]
            ]
        }
        try LiveRunner(
            live: live, logger: logger, quiet: reporting.quiet, color: reporting.color,
            title: setup.track.displayName, playerTitle: setup.track.title, artist: setup.track.teacher,
            affirmations: reporting.affirmations(settings),
            desktop: DesktopPresence(logger: logger, settings: settings, library: location.paths),
            sessionName: setup.track.displayName
        ).run { outcome in
            outcome.record(
                kind: .guided, note: NoteText.stored([["text": setup.track.displayName]] + (then ?? [])),
                track: setup.track.contentHash, library: location.paths, logger: logger)
        }
    }
}
