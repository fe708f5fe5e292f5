import Foundation
import Localization

/// A setting, config file or preset that cannot be used, said in one line that names where.
package enum SettingsError: LocalizedError, Equatable {
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

    package var errorDescription: String? {
        switch self {
        case let .malformed(path, line, reason):
            return "\(path):\(line): \(reason)"
        case let .invalidValue(origin, problem):
            return "\(origin): \(problem.key) \(problem.reason)"
        case let .invalidFlag(problem):
            return "--\(problem.key) \(problem.reason)"
        case let .unknownKey(origin, key):
            if let meant = NearestName.to(key, among: SettingKeys.all.map(\.name)) {
                return localized(
                    "\(origin): unknown setting '\(key)'; did you mean '\(meant)'?",
                    de: "\(origin): unbekannte Einstellung '\(key)'; meintest du '\(meant)'?")
            }
            return localized(
                "\(origin): unknown setting '\(key)' (`meditate config list` shows them all)",
                de: "\(origin): unbekannte Einstellung '\(key)' (`meditate config list` zeigt alle)")
        case let .presetOnly(origin, key):
            return localized(
                "\(origin): '\(key)' describes one session; keep it in a preset (`meditate preset save`), not in the config",
                de:
                    "\(origin): '\(key)' beschreibt eine einzelne Sitzung; das gehört in eine Vorlage (`meditate preset save`), nicht in die Konfiguration"
            )
        case let .unknownPreset(name, known):
            let names = known.joined(separator: ", ")
            let list =
                known.isEmpty
                ? localized(
                    "there are none yet (`meditate preset save NAME …`)",
                    de: "es gibt noch keine (`meditate preset save NAME …`)")
                : NearestName.to(name, among: known).map {
                    localized("did you mean '\($0)'?", de: "meintest du '\($0)'?")
                } ?? localized("known: \(names)", de: "bekannt: \(names)")
            return localized("no preset named '\(name)'; \(list)", de: "keine Vorlage namens '\(name)'; \(list)")
        case let .invalidPresetName(name):
            return localized(
                "'\(ShownValue.short(name))' cannot name a preset: use up to 64 letters, digits, '-' and '_', not a command's name",
                de:
                    "'\(ShownValue.short(name))' kann keine Vorlage benennen: nimm bis zu 64 Buchstaben, Ziffern, '-' und '_', nicht den Namen eines Befehls"
            )
        case let .emptyPreset(name):
            return localized(
                "preset '\(name)' would hold nothing: give the options it keeps, e.g. --minutes 20 --interval 5",
                de:
                    "Vorlage '\(name)' wäre leer: gib die Optionen an, die sie behalten soll, z. B. --minutes 20 --interval 5"
            )
        case let .unreadable(path, reason):
            return localized(
                "cannot read \(path): \(reason)", de: "kann \(path) nicht lesen: \(SystemReason.german(reason))")
        case let .unwritable(path, reason):
            return localized(
                "cannot write \(path): \(reason)", de: "kann \(path) nicht schreiben: \(SystemReason.german(reason))")
        }
    }
}
