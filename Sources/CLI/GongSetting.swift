import Mixer
import Session

/// Loads the gong that the flag or the settings name, and when one from config.toml, a preset
/// or MEDITATE_GONG cannot be had, says where that name came from: every sit otherwise
/// reported a missing file without a word about the setting that named it.
enum GongSetting {
    static func load(_ settings: Settings, flag: String?, sampleRate: Int) throws -> SampleBuffer {
        let (name, source) = settings.resolve(SettingKeys.gong, flag: flag)
        do {
            return try GongLoader.load(GongChoice(argument: name), sampleRate: sampleRate, locator: .ofThisProcess)
        } catch {
            switch source {
            case .flag, .builtIn: throw error
            case .file, .environment, .preset:
                throw SettingUseFailure(line: "\(source): gong: \(ErrorMessages.line(for: error))")
            }
        }
    }
}
