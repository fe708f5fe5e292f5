import Foundation
import Localization

/// Where a setting's value came from. The strongest wins: flag, preset, environment, config
/// file, default.
package enum SettingSource: Equatable, CustomStringConvertible {
    case flag
    case preset(String)
    /// What `meditate sleep` (`"sleep": true`) brings, from where it is said: config.toml's
    /// `[sleep]` table at `origin` ("path:line"), or the sleep's own default.
    case sleep(origin: String)
    case environment(String)
    case file(path: String, line: Int)
    case builtIn

    package var strength: Int {
        switch self {
        case .flag: return 4
        case .preset, .sleep: return 3
        case .environment: return 2
        case .file: return 1
        case .builtIn: return 0
        }
    }

    /// A flag or the preset: what the person asked for this session, not a standing setting.
    package var isChosenForThisSession: Bool {
        switch self {
        case .flag, .preset, .sleep: return true
        case .environment, .file, .builtIn: return false
        }
    }

    package var description: String {
        switch self {
        case .flag: return localized("flag", de: "Option")
        case let .preset(name): return localized("preset \(name)", de: "Vorlage \(name)")
        case let .sleep(origin): return origin
        case let .environment(name): return name
        case let .file(path, line): return "\(path):\(line)"
        case .builtIn: return localized("default", de: "Standard")
        }
    }
}
