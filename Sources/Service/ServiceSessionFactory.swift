import Foundation
import Library
import Localization
import Mixer
import Practice
import Session
import Settings

/// Makes the live session a request describes, with the service's output and settings, as
/// `meditate sit` and `meditate play` make theirs. It plays through the service's one engine;
/// nothing plays yet.
///
/// Thread: as each function says: what reads files runs on a preparation's thread, what touches
/// the engine on the control thread; never an audio thread.
enum ServiceSessionFactory {
    /// The sample rate a new session plays at when its request names none: the rate of the one
    /// playing (the engine plays one rate at a time), else the device's.
    /// Thread: control.
    static func sampleRate(for named: Int?, output: ServiceOutput, settings: Settings) -> Int? {
        if let named { return named }
        if let playing = output.playingSampleRate { return playing }
        return output.deviceRate(settings: settings)
    }

    /// A timed sit's files made ready (gongs decoded, the bed opened and measured), and the
    /// words the history keeps of it; `request` names its rate (`sampleRate(for:)`), `settings`
    /// are its own (`request.settings()`), read when it was asked for.
    /// Thread: a preparation's own (`ServicePreparation`), never the control thread.
    /// With `until` (the request as asked, before its `until` was fixed as a length), the sit
    /// is fixed again from the instant it is placed on the engine (`PreparedSession.fixingUntil`).
    static func prepare(
        _ request: SitRequest, settings: Settings, library: LibraryPaths, until asked: SitRequest? = nil
    ) throws -> PreparedSession {
        let setup = try SitSetup(request, settings: settings, library: library, live: true, fromClient: true)
        func made(_ setup: SitSetup) -> PreparedSession {
            PreparedSession(
                outline: SessionOutline(setup.plan), track: nil, sounds: setup.sounds, ambience: setup.ambience?.loop,
                settings: settings, note: setup.note, kind: request.sleep ? .sleep : nil,
                after: settings.value(SettingKeys.after, flag: request.after), remark: request.remark ?? "")
        }
        var prepared = made(setup)
        if let asked {
            prepared.fixingUntil = { now in
                try setup.fixingUntil(asked, settings: settings, now: now).map { again in
                    var fixed = made(again.setup)
                    fixed.startsAt = again.startsAt
                    return fixed
                }
            }
        }
        return prepared
    }

    /// A guided track's files made ready (found, measured if it is not in the library, opened),
    /// maybe with a sit after it; `request` names its rate (`sampleRate(for:)`).
    /// Thread: a preparation's own (`ServicePreparation`), never the control thread.
    static func prepare(_ request: PlayRequest, settings: Settings, library: LibraryPaths) throws -> PreparedSession {
        let playback = request.guided.resolve(settings)
        let setup = try GuidedSetup(
            reference: request.track, guided: playback, sound: request.sound, settings: settings, library: library,
            realTime: true, fromClient: true
        ) { _ in }
        let player = TrackPlayer(reader: setup.reader, gain: setup.normalization.linearGain, threaded: true)
        var then =
            playback.then.map { ", " + say(.sitThen, ["length": DurationText.words(seconds: $0.rounded(times: 60))]) }
            ?? ""
        var parts = [SessionNote.text(setup.track.displayName)] + (playback.then.map { [SessionNote.then($0)] } ?? [])
        // The sit's bed after the track is said, as a sit's own is.
        if let bed = setup.bed {
            then += ", " + say(.ambience, ["name": bed.title])
            parts.append(SessionNote.part(.ambience, ["name": bed.title, "source": bed.source]))
        }
        return PreparedSession(
            outline: setup.outline, track: player, sounds: setup.sounds, ambience: setup.ambience,
            settings: settings,
            note: SessionNote(
                text: setup.track.displayName + then, parts: parts, title: setup.track.title,
                teacher: setup.track.teacher, track: setup.track.contentHash))
    }

    /// The live session of what was made ready, on the service's output; nothing plays yet.
    /// Thread: control.
    static func live(_ prepared: PreparedSession, output: ServiceOutput) throws -> (LiveSession, SessionNote) {
        let rate = prepared.outline.format.sampleRate
        let live = try LiveSession(
            outline: prepared.outline, track: prepared.track, sounds: prepared.sounds, ambience: prepared.ambience,
            output: output.opener(sampleRate: rate, settings: prepared.settings),
            engine: output.engine(sampleRate: rate, settings: prepared.settings))
        return (live, prepared.note)
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
