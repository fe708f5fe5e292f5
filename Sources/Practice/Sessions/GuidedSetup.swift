import Decoders
import Foundation
import Library
import Localization
import Mixer
import Session
import Settings

/// Everything a guided session needs before it plays or renders: the track found and measured,
/// its reader at the engine rate, the program (track, then the sit), the gain and the gong.
package struct GuidedSetup {
    package let track: GuidedTrack
    package let outline: SessionOutline
    package let reader: EngineFormatReader
    package let normalization: LoudnessNormalization
    package let sounds: GongSounds
    /// The bed of the sit after the track, when it is a sound file.
    /// The bed of the sit after the track, with its title and source.
    package let bed: AmbienceBed?
    package var ambience: AmbienceLoop? { bed?.loop }

    /// - Parameters:
    ///   - sound: the sit's sounds as asked for, resolved against `settings`: a gong that
    ///     config.toml, a preset or the environment names and that cannot be had is said to be
    ///     theirs, as for a sit without a track (`GongSetting`).
    ///   - realTime: the track plays live, where decoding on a second thread only costs memory.
    ///   - fromClient: a service client named the sounds: a file that cannot be played is said
    ///     to be so whatever is there (`UnplayableSound`).
    ///   - say: tells the person about a slow step (measuring a file outside the library).
    package init(
        reference: String, guided: GuidedPlayback, sound request: SitSoundRequest, settings: Settings,
        library: LibraryPaths, realTime: Bool, fromClient: Bool = false, say: @escaping (String) -> Void
    ) throws {
        let sound = request.resolve(settings)
        let sit = try guided.sitPlan(sound: sound)
        let rate = sound.sampleRate
        guard SessionConfiguration.sampleRateRange.contains(rate) else {
            throw SessionPlanError.sampleRateOutOfRange(rate)
        }
        do {
            track = try GuidedTrack.resolve(
                reference, library: library,
                measure: !guided.normalize
                    ? nil
                    : { path in
                        say(GuidedTrack.measuringNotice(path))
                    })
            reader = try EngineFormatReader(path: track.path, engineRate: rate, decodeAhead: !realTime)
        } catch {
            guard fromClient else { throw error }
            throw UnplayableSound.hidingWhatIsThere(error, reference: reference)
        }
        outline = try SessionOutline(trackFrames: reader.frameCount, then: sit, format: EngineFormat(sampleRate: rate))
        normalization = guided.normalization(loudness: track.loudness, peak: track.peak)
        sounds =
            sit == nil
            ? GongSounds(SampleBuffer(interleavedStereo: []))
            : try GongSetting.sounds(
                settings, request: request, sound: sound, sampleRate: rate, fromClient: fromClient)
        bed =
            sit == nil
            ? nil
            : try AmbienceSetting.load(
                sound, sampleRate: rate, library: library, threaded: realTime, fromClient: fromClient, say: say)
        // Last, so that what the plan and the sounds check is said in their words.
        try request.check()
    }

    /// One line on what the gain does, for the log.
    package var gainDescription: String {
        let language = Language.current
        let gain = language.decimal(String(format: "%+.1f", normalization.gainDecibels)) + " dB"
        guard let loudness = track.loudness else {
            return localized(
                "gain \(gain) (loudness not measured)", de: "Verstärkung \(gain) (Lautheit nicht gemessen)")
        }
        let measured = language.decimal(String(format: "%.1f", loudness)) + " LUFS"
        let held =
            normalization.limitedByPeak ? localized(", held back by its peak", de: ", durch die Spitze begrenzt") : ""
        return localized(
            "gain \(gain) (track \(measured)\(held))", de: "Verstärkung \(gain) (Aufnahme \(measured)\(held))")
    }
}
