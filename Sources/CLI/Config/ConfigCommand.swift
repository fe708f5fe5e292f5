import ArgumentParser
import Foundation
import Localization
import Settings

/// `meditate config`: the settings in config.toml.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: localized(
            "Show and change the settings every session starts from.",
            de: "Zeigt und ändert die Einstellungen, mit denen jede Sitzung beginnt."),
        discussion: localized(
            """
            Settings live in $XDG_CONFIG_HOME/meditate/config.toml (by default ~/.config/meditate/config.toml), one `key = value` per line; comments you write there are kept when meditate changes the file. A flag beats a preset, which beats a MEDITATE_<KEY> variable (MEDITATE_GONG_VOLUME for gong-volume), which beats the file, which beats the default.
            """,
            de: """
                Die Einstellungen stehen in $XDG_CONFIG_HOME/meditate/config.toml (sonst ~/.config/meditate/config.toml), eine Zeile `schlüssel = wert` je Einstellung; Kommentare, die du dort schreibst, bleiben erhalten, wenn meditate die Datei ändert. Vorrang hat eine Option, dann eine Vorlage, dann eine MEDITATE_<KEY>-Variable (MEDITATE_GONG_VOLUME für gong-volume), dann die Datei, zuletzt der Standardwert.
                """) + """


                \(localized("Examples:", de: "Beispiele:"))
                  meditate config list
                  meditate config set noise pink
                  meditate config set interval 5
                  meditate config get minutes
                  meditate config unset noise
                """,
        subcommands: [ConfigList.self, ConfigGet.self, ConfigSet.self, ConfigUnset.self, ConfigPath.self]
    )
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
