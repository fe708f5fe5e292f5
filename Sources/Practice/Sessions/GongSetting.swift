import Decoders
import Mixer
import Session
import Settings

/// Loads the gong that the flag or the settings name, and when one from config.toml, a preset
/// or MEDITATE_GONG cannot be had, says where that name came from: every sit otherwise
/// reported a missing file without a word about the setting that named it.
package enum GongSetting {
    /// `fromClient`: the flag is a service client's, and a file it names that cannot be played
    /// gets one reason whatever is wrong (`UnplayableSound`). Too long for a gong is still said:
    /// that file is playable audio.
    package static func load(
        _ settings: Settings, flag: String?, sampleRate: Int, fromClient: Bool = false
    ) throws -> SampleBuffer {
        let (name, source) = settings.resolve(SettingKeys.gong, flag: flag)
        return try load(
            name, source: source, key: SettingKeys.gong.name, sampleRate: sampleRate, fromClient: fromClient)
    }

    /// The sit's gong and each role's own sound (`--interval-gong bell`), a name given twice
    /// loaded once.
    package static func sounds(
        _ settings: Settings, request: SitSoundRequest, sound: SitSound, sampleRate: Int, fromClient: Bool = false
    ) throws -> GongSounds {
        let main = try load(settings, flag: request[SettingKeys.gong], sampleRate: sampleRate, fromClient: fromClient)
        var loaded: [String: SampleBuffer] = [sound.gong: main]
        var byRole: [GongRole: SampleBuffer] = [:]
        for role in GongRole.allCases {
            guard let name = sound.roleGongs[role] else { continue }
            if let buffer = loaded[name] {
                byRole[role] = buffer
                continue
            }
            let key = SettingKeys.gong(for: role)
            let source = settings.resolve(key, flag: request[key]).source
            let buffer = try load(name, source: source, key: key.name, sampleRate: sampleRate, fromClient: fromClient)
            loaded[name] = buffer
            byRole[role] = buffer
        }
        return GongSounds(main, byRole: byRole)
    }

    private static func load(
        _ name: String, source: SettingSource, key: String, sampleRate: Int, fromClient: Bool
    ) throws -> SampleBuffer {
        do {
            return try GongLoader.load(GongChoice(argument: name), sampleRate: sampleRate, locator: .ofThisProcess)
        } catch {
            switch source {
            case .flag:
                if fromClient, case .file(let path)? = try? GongChoice(argument: name),
                    let decoding = error as? DecoderError
                {
                    if case .tooLong = decoding { throw error }
                    throw UnplayableSound(path: path)
                }
                if fromClient { throw error }
                // `--interval-gong: '/x.wav': no such file`: which of the sit's flags it was.
                throw SettingUseFailure.naming(flag: key, error)
            case .builtIn: throw error
            case .file, .environment, .preset, .sleep:
                throw SettingUseFailure(line: "\(source): \(key): \(FailureLine.line(for: error))")
            }
        }
    }
}
