import Foundation
import Library
import Mixer
import Session
import Settings

/// Makes the live session a request describes, with the service's output and settings, as
/// `meditate sit` and `meditate play` make theirs. It plays through the service's one engine;
/// nothing plays yet.
///
/// Thread: control (the service's main thread, or a one-shot command's); it opens and reads files, so never an audio thread.
enum ServiceSessionFactory {
    /// A timed sit, and the words the history keeps of it.
    static func sit(
        _ request: SitRequest, output: ServiceOutput, library: LibraryPaths
    ) throws -> (LiveSession, SessionNote) {
        var request = request
        // Started while another session plays, it plays at that one's rate unless it names one:
        // the engine plays one rate at a time.
        let settings = try request.settings()
        if request.sound.sampleRate == nil {
            request.sound.sampleRate =
                output.playingSampleRate ?? output.deviceRate(settings: settings)
        }
        let sound = request.sound.resolve(settings)
        let configuration = request.configuration(settings, sound: sound)
        let plan = try SessionPlan(configuration)
        let sounds = try GongSetting.sounds(
            settings, request: request.sound, sound: sound, sampleRate: plan.format.sampleRate, fromClient: true)
        let rate = plan.format.sampleRate
        let ambience = try AmbienceSetting.load(
            sound, sampleRate: rate, library: library, threaded: true, fromClient: true)
        let live = try LiveSession(
            plan: plan, sounds: sounds, ambience: ambience?.loop,
            output: output.opener(sampleRate: rate, settings: settings),
            engine: output.engine(sampleRate: rate, settings: settings))
        return (
            live,
            SessionNote(
                text: SitDescription.of(configuration, ambience: ambience),
                parts: SitDescription.parts(configuration, ambience: ambience))
        )
    }

    /// A guided track, maybe with a sit after it.
    static func guided(
        _ request: PlayRequest, output: ServiceOutput, library: LibraryPaths
    ) throws -> (LiveSession, SessionNote) {
        var request = request
        // At the rate of the session it holds, if it names none (see `sit`).
        let settings = try Settings.load()
        if request.sound.sampleRate == nil {
            request.sound.sampleRate = output.playingSampleRate ?? output.deviceRate(settings: settings)
        }
        let playback = request.guided.resolve(settings)
        let setup = try GuidedSetup(
            reference: request.track, guided: playback, sound: request.sound, settings: settings, library: library,
            realTime: true, fromClient: true
        ) { _ in }
        let player = TrackPlayer(reader: setup.reader, gain: setup.normalization.linearGain, threaded: true)
        let rate = setup.outline.format.sampleRate
        let live = try LiveSession(
            outline: setup.outline, track: player, sounds: setup.sounds, ambience: setup.ambience,
            output: output.opener(sampleRate: rate, settings: settings),
            engine: output.engine(sampleRate: rate, settings: settings))
        let then =
            playback.then.map { ", " + say(.sitThen, ["length": DurationText.words(seconds: $0.rounded(times: 60))]) }
            ?? ""
        let parts = [SessionNote.text(setup.track.displayName)] + (playback.then.map { [SessionNote.then($0)] } ?? [])
        return (
            live,
            SessionNote(
                text: setup.track.displayName + then, parts: parts, title: setup.track.title,
                teacher: setup.track.teacher)
        )
    }

    /// A bell alone, its strike on its first frame: started at an instant, the engine plays it
    /// from the device frame heard then.
    static func bell(_ request: BellRequest, output: ServiceOutput) throws -> (LiveSession, String) {
        let settings = try Settings.load()
        // Rung over a sit or a track, at their rate: the engine plays one rate at a time.
        let rate =
            output.playingSampleRate ?? output.deviceRate(settings: settings)
            ?? settings.value(SettingKeys.sampleRate, flag: nil)
        let format = EngineFormat(sampleRate: rate)
        let bell = try SoloBell(
            frame: 0, strikes: settings.value(SettingKeys.strikes, flag: request.strikes),
            volume: settings.value(SettingKeys.gongVolume, flag: request.gongVolume))
        let gong = try GongSetting.load(settings, flag: request.gong, sampleRate: rate, fromClient: true)
        let live = try LiveSession(
            outline: SessionOutline(bell, format: format), track: nil, gong: gong,
            output: output.opener(sampleRate: rate, settings: settings),
            engine: output.engine(sampleRate: rate, settings: settings))
        let name = settings.value(SettingKeys.gong, flag: request.gong)
        return (live, localized("bell", de: "Glocke") + " (\(name))")
    }
}
