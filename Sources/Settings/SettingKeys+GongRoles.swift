import Session

/// A sound, a volume and strikes for each gong role (`start-gong`, `interval-volume`,
/// `end-strikes`…): unset, a role takes `gong`, `gong-volume` and `strikes`.
extension SettingKeys {
    package static func gong(for role: GongRole) -> Setting<String> {
        Setting<String>(
            "\(role.rawValue)-gong", Phrase("Sound of the \(role.english)", de: "Klang \(role.germanOf)"),
            expecting: Phrase("a sound's name or a file's path", de: "der Name eines Klangs oder der Pfad einer Datei")
        ) { !$0.isEmpty }
    }

    package static func volume(for role: GongRole) -> Setting<Float> {
        Setting<Float>(
            "\(role.rawValue)-volume", Phrase("Volume of the \(role.english)", de: "Lautstärke \(role.germanOf)"),
            expecting: Phrase("a volume from 0 to 1", de: "eine Lautstärke von 0 bis 1")
        ) { (0...1).contains($0) }
    }

    package static func strikes(for role: GongRole) -> Setting<Int> {
        Setting<Int>(
            "\(role.rawValue)-strikes", Phrase("Strikes of the \(role.english)", de: "Schläge \(role.germanOf)"),
            expecting: Phrase("a whole number from 1 to 10", de: "eine ganze Zahl von 1 bis 10")
        ) { SessionConfiguration.strikeRange.contains($0) }
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
