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
                throw error
            case .builtIn: throw error
            case .file, .environment, .preset:
                throw SettingUseFailure(line: "\(source): gong: \(FailureLine.line(for: error))")
            }
        }
    }
}
