import Decoders
import Foundation
import Library
import Session
import Settings

/// Opens the ambience a sit asks for: a library track (measured at import) or any audio file
/// (measured first), brought to the noise bed's loudness. A file that cannot be had is refused
/// before the sit starts; one named by config.toml, a preset or MEDITATE_AMBIENCE says so.
package enum AmbienceSetting {
    /// The loop for `sound`'s ambience at `sampleRate`, with its title and source (AmbienceBed), or
    /// nil when the sit has none.
    /// - Parameters:
    ///   - threaded: live playback (a decoder thread of its own); offline, the render fills it.
    ///   - say: tells the person about a slow step (measuring a file outside the library).
    package static func load(
        _ sound: SitSound, sampleRate: Int, library: LibraryPaths, threaded: Bool, fromClient: Bool = false,
        say: @escaping (String) -> Void = { _ in }
    ) throws -> AmbienceBed? {
        guard let bed = sound.ambienceRequest else { return nil }
        let name = bed.name
        do {
            // Checked before it is multiplied, and before a file is measured for nothing: a
            // cross-fade is a number from a file or a socket.
            guard AmbienceLoop.crossfadeRange.contains(bed.crossfadeSeconds) else {
                throw SoundError.crossfadeOutOfRange(seconds: Double(bed.crossfadeSeconds))
            }
            let track = try GuidedTrack.resolve(
                name, library: library,
                measure: { path in
                    say(GuidedTrack.measuringNotice(path))
                })
            let gain = AmbienceLoop.gain(loudness: track.loudness, peak: track.peak, volume: bed.volume)
            let loop = try AmbienceLoop(
                path: track.path, engineRate: sampleRate, gain: gain, threaded: threaded,
                crossfadeMilliseconds: Int((bed.crossfadeSeconds * 1000).rounded()))
            // "./rain.flac" typed in a terminal means nothing to the service that replays it.
            let named = FileManager.default.fileExists(atPath: name)
            return AmbienceBed(loop: loop, title: track.title, source: named ? track.path : name)
        } catch {
            switch bed.source {
            case .flag, .builtIn:
                if fromClient { throw UnplayableSound.hidingWhatIsThere(error, path: name) }
                guard bed.source == .flag else { throw error }
                throw SettingUseFailure.naming(flag: SettingKeys.ambience.name, error)
            case .file, .environment, .preset, .sleep:
                throw SettingUseFailure(
                    line: "\(bed.source): \(SettingKeys.ambience.name): \(FailureLine.line(for: error))")
            }
        }
    }
}
