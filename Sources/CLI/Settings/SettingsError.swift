import Foundation

/// A setting, config file or preset that cannot be used, said in one line that names where.
enum SettingsError: LocalizedError, Equatable {
    /// config.toml is not valid TOML.
    case malformed(path: String, line: Int, reason: String)
    /// A value that does not fit its key: `origin` is `file:line`, a variable's name, or a command.
    case invalidValue(origin: String, problem: SettingProblem)
    /// A flag's value outside its key's range.
    case invalidFlag(problem: SettingProblem)
    case unknownKey(origin: String, key: String)
    /// seed, bells, guided, then: one session's choices, kept in presets only.
    case presetOnly(origin: String, key: String)
    case unknownPreset(String, known: [String])
    case invalidPresetName(String)
    case emptyPreset(String)
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)

    var errorDescription: String? {
        switch self {
        case let .malformed(path, line, reason):
            return "\(path):\(line): \(reason)"
        case let .invalidValue(origin, problem):
            return "\(origin): \(problem.key) \(problem.reason)"
        case let .invalidFlag(problem):
            return "--\(problem.key) \(problem.reason)"
        case let .unknownKey(origin, key):
            return "\(origin): unknown setting '\(key)' (`meditate config list` shows them all)"
        case let .presetOnly(origin, key):
            return "\(origin): '\(key)' describes one session; keep it in a preset (`meditate preset save`), not in the config"
        case let .unknownPreset(name, known):
            let list = known.isEmpty ? "there are none yet (`meditate preset save NAME …`)" : "known: " + known.joined(separator: ", ")
            return "no preset named '\(name)'; \(list)"
        case let .invalidPresetName(name):
            return "'\(name)' cannot name a preset: use letters, digits, '-' and '_', not a command's name"
        case let .emptyPreset(name):
            return "preset '\(name)' would hold nothing: give the options it keeps, e.g. --minutes 20 --interval 5"
        case let .unreadable(path, reason):
            return "cannot read \(path): \(reason)"
        case let .unwritable(path, reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
