import ArgumentParser
import Foundation
import Localization
import Session
import Settings

/// `meditate preset save NAME OPTIONS…`
struct PresetSave: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save",
        abstract: localized(
            "Save these options as a preset (replacing one of the same name).",
            de: "Speichert diese Optionen als Vorlage (ersetzt eine gleichen Namens)."))

    @Argument(
        help: .localized(
            "The preset's name: letters, digits, '-' and '_'.",
            de: "Der Name der Vorlage: Buchstaben, Ziffern, '-' und '_'.", valueName: "name"))
    var name: String

    @OptionGroup var session: SessionOptions

    @Option(
        name: .customLong("guided"),
        help: .localized(
            "A guided track (an id, a title's start, or a file) the preset plays first.",
            de: "Eine geführte Aufnahme (ID, Anfang des Titels oder Datei), die die Vorlage zuerst spielt.",
            valueName: "track"))
    var guidedTrack: String?

    @OptionGroup(title: GuidedOptions.titleWithGuided) var guided: GuidedOptions
    @OptionGroup(title: OutputOptions.title) var output: OutputOptions

    func validate() throws {
        try PresetName.check(name)
        if guidedTrack != nil {
            try Render.checkGuidedShape(session: session)
        } else if guided.thenMinutes != nil {
            throw Render.thenWithoutGuided
        }
    }

    func run() throws {
        var values = session.request.givenValues.merging(guided.request.givenValues) { $1 }.merging(output.givenValues)
        { $1 }
        values[SettingKeys.guided.name] = guidedTrack
        guard !values.isEmpty else { throw SettingsError.emptyPreset(name) }
        var options: SavedPresets.Options = [:]
        for setting in SettingKeys.all {
            guard let text = values[setting.name] else { continue }
            do { options[setting.name] = try setting.canonical(text) } catch {
                throw SettingsError.invalidFlag(problem: error)
            }
        }
        PresetShelf.carryTables()
        let settings = try Settings.load()
        if guidedTrack == nil {
            // A timed sit is checked whole now, not when it is first played.
            var trial = settings
            trial.use(preset: name, values: options)
            _ = try SessionPlan(session.request.configuration(trial))
        }
        // The practice where every device finds it; this machine's output and its suspend in
        // config.toml, this machine's alone (a table of the name there, as it was, would hide
        // the new save here).
        let (shared, own) = SavedPresets.parted(options)
        try PresetShelf(settings: settings).save(name, shared)
        guard settings.file.presets[name] != nil || !own.isEmpty else {
            StandardStream.write("meditate: \(say(.presetSaved, ["name": name]))\n", to: STDERR_FILENO)
            return
        }
        try ConfigKey.edit {
            _ = $0.removeTable(PresetName.table(name))
            if !own.isEmpty { $0.setTable(PresetName.table(name), assignments: PresetName.assignments(own)) }
        } said: { _, _ in
            say(.presetSaved, ["name": name])
        }
    }
}
