import ArgumentParser
import Settings

/// `--preset NAME`: a saved set of options (`meditate preset save`) under the flags given.
struct PresetOption: ParsableArguments {
    @Option(
        help: .localized(
            "Start from a saved preset (`meditate preset list`); options given here override it.",
            de: "Beginnt mit einer gespeicherten Vorlage (`meditate preset list`); hier angegebene Optionen gehen vor.",
            valueName: "name"))
    var preset: String?

    /// The settings of this run: config.toml, `MEDITATE_*`, and the preset if one is named.
    func settings() throws(SettingsError) -> Settings {
        var settings = try Settings.load()
        if let preset { try settings.use(preset: preset) }
        return settings
    }
}
