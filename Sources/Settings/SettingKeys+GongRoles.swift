import Localization
import Session

/// A sound, a volume and strikes for each gong role (`start-gong`, `interval-volume`,
/// `end-strikes`…): unset, a role takes `gong`, `gong-volume` and `strikes`.
extension SettingKeys {
    package static func gong(for role: GongRole) -> Setting<String> {
        Setting<String>(
            "\(role.rawValue)-gong", Phrase("Sound of the \(role.english)", de: "Klang \(role.germanOf)"),
            expecting: Phrase("a sound's name or a file's path", de: "der Name eines Klangs oder der Pfad einer Datei"),
            help: Phrase(
                "Sound of the \(role.english) (default: \(fallback(role, "gong"))).",
                de: "Klang \(role.germanOf) (Standard: \(fallback(role, "gong")))."),
            valueName: "name|path"
        ) { !$0.isEmpty }
    }

    package static func volume(for role: GongRole) -> Setting<Float> {
        Setting<Float>(
            "\(role.rawValue)-volume", Phrase("Volume of the \(role.english)", de: "Lautstärke \(role.germanOf)"),
            expecting: Phrase("a volume from 0 to 1", de: "eine Lautstärke von 0 bis 1"),
            help: Phrase(
                "Volume of the \(role.english), 0-1 (default: \(fallback(role, "volume", general: "gong-volume"))).",
                de: "Lautstärke \(role.germanOf), 0-1 (Standard: \(fallback(role, "volume", general: "gong-volume")))."),
            valueName: "volume"
        ) { (0...1).contains($0) }
    }

    package static func strikes(for role: GongRole) -> Setting<Int> {
        Setting<Int>(
            "\(role.rawValue)-strikes", Phrase("Strikes of the \(role.english)", de: "Schläge \(role.germanOf)"),
            expecting: Phrase("a whole number from 1 to 10", de: "eine ganze Zahl von 1 bis 10"),
            help: strikesHelp(role), valueName: "strikes"
        ) { SessionConfiguration.strikeRange.contains($0) }
    }

    /// A boundary's strikes tell walking from sitting by ear (two into a walk, one back to
    /// sitting) rather than follow `--strikes`.
    private static func strikesHelp(_ role: GongRole) -> Phrase {
        let (english, german) =
            switch role {
            case .transition: ("2 into a walk, 1 back to sitting", "2 zum Gehen, 1 zurück zum Sitzen")
            case .walk: ("--transition-strikes, else 2", "--transition-strikes, sonst 2")
            default: ("--strikes", "--strikes")
            }
        return Phrase(
            "Strikes of the \(role.english), 1-10 (default: \(english)).",
            de: "Schläge \(role.germanOf), 1-10 (Standard: \(german)).")
    }

    /// The option a role's value falls back to: its fallback role's, or the sit's own.
    private static func fallback(_ role: GongRole, _ member: String, general: String? = nil) -> String {
        role.fallback.map { "--\($0.rawValue)-\(member)" } ?? "--\(general ?? member)"
    }

    /// Every role's keys, in `config list`'s order: the roles in turn, each's sound, volume, strikes.
    static var gongRoles: [any AnySetting] {
        GongRole.allCases.flatMap { role -> [any AnySetting] in
            [gong(for: role), volume(for: role), strikes(for: role)]
        }
    }
}

extension GongRole {
    /// "start gong", "bells during the sit"…, for a setting's summary.
    package var english: String {
        switch self {
        case .start: "start gong"
        case .interval: "bells during the sit"
        case .transition: "gong between segments"
        case .walk: "gong that begins a walk"
        case .end: "completion gong"
        }
    }

    /// "des Startgongs", "der Glocken während des Sitzens"…
    package var germanOf: String {
        switch self {
        case .start: "des Startgongs"
        case .interval: "der Glocken während des Sitzens"
        case .transition: "des Gongs zwischen Abschnitten"
        case .walk: "des Gongs zum Gehen"
        case .end: "des Schlussgongs"
        }
    }
}
