import ArgumentParser
import Foundation
import Session

/// `meditate preset`: named sets of session options, kept in config.toml.
struct PresetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preset",
        abstract: localized("Save sessions you sit often under a name, and start them by that name.",
                            de: "Speichert Sitzungen, die du oft sitzt, unter einem Namen und startet sie mit diesem Namen."),
        discussion: localized("""
        A preset keeps the options it was saved with, a guided track included, as a [preset.NAME] table in config.toml. Flags given when it is used override it.

        Examples:
        """, de: """
        Eine Vorlage behält die Optionen, mit denen sie gespeichert wurde, eine geführte Aufnahme eingeschlossen, als Tabelle [preset.NAME] in config.toml. Optionen, die beim Start angegeben werden, gehen vor.

        Beispiele:
        """) + """

          meditate preset save morning --minutes 20 --interval 5 --noise pink
          meditate preset save evening --guided "Body scan" --then 10 --interval 5
          meditate morning
          meditate --preset morning --minutes 30
          meditate render --preset morning -o morning.wav
        """,
        subcommands: [PresetSave.self, PresetList.self, PresetShow.self, PresetRemove.self]
    )
}

/// `meditate preset save NAME OPTIONS…`
struct PresetSave: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save", abstract: localized("Save these options as a preset (replacing one of the same name).",
                                              de: "Speichert diese Optionen als Vorlage (ersetzt eine gleichen Namens)."))

    @Argument(help: .localized("The preset's name: letters, digits, '-' and '_'.",
                                     de: "Der Name der Vorlage: Buchstaben, Ziffern, '-' und '_'.", valueName: "name"))
    var name: String

    @OptionGroup var session: SessionOptions

    @Option(name: .customLong("guided"), help: .localized(
        "A guided track (an id, a title's start, or a file) the preset plays first.",
        de: "Eine geführte Aufnahme (ID, Anfang des Titels oder Datei), die die Vorlage zuerst spielt.", valueName: "track"))
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
        var values = session.givenValues.merging(guided.givenValues) { $1 }.merging(output.givenValues) { $1 }
        values[SettingKeys.guided.name] = guidedTrack
        guard !values.isEmpty else { throw SettingsError.emptyPreset(name) }
        var assignments: [String] = []
        for setting in SettingKeys.all {
            guard let text = values[setting.name] else { continue }
            let canonical: String
            do { canonical = try setting.canonical(text) } catch { throw SettingsError.invalidFlag(problem: error) }
            assignments.append("\(setting.name) = \(setting.tomlLiteral(canonical: canonical))")
        }
        if guidedTrack == nil {
            // A timed sit is checked whole now, not when it is first played.
            var settings = try Settings.load()
            settings.use(preset: name, values: values)
            _ = try SessionPlan(session.configuration(settings))
        }
        try ConfigKey.edit { $0.setTable(PresetName.table(name), assignments: assignments) }
        StandardStream.write("meditate: \(say(.presetSaved, ["name": name]))\n", to: STDERR_FILENO)
    }
}

/// `meditate preset list`
struct PresetList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: localized("The presets and what they hold.", de: "Die Vorlagen und was sie enthalten."))

    func run() throws {
        let presets = try Settings.load().file.presets
        guard !presets.isEmpty else {
            StandardStream.write("meditate: \(say(.presetNoneYet))\n", to: STDERR_FILENO)
            return
        }
        let width = presets.keys.map(\.count).max() ?? 0
        for name in presets.keys.sorted() {
            let summary = PresetName.assignments(presets[name] ?? [:]).joined(separator: ", ")
            print(name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + summary)
        }
    }
}

/// `meditate preset show NAME`
struct PresetShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: localized("The options a preset holds.", de: "Die Optionen einer Vorlage."))

    @Argument(help: PresetName.help)
    var name: String

    func run() throws {
        let presets = try Settings.load().file.presets
        guard let preset = presets[name] else { throw SettingsError.unknownPreset(name, known: presets.keys.sorted()) }
        for line in PresetName.assignments(preset) { print(line) }
    }
}

/// `meditate preset remove NAME`
struct PresetRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: localized("Delete a preset.", de: "Löscht eine Vorlage."))

    @Argument(help: PresetName.help)
    var name: String

    func run() throws {
        let presets = try Settings.load().file.presets
        guard presets[name] != nil else { throw SettingsError.unknownPreset(name, known: presets.keys.sorted()) }
        try ConfigKey.edit { $0.removeTable(PresetName.table(name)) }
    }
}

/// What a preset's name may be, and how its values are shown.
enum PresetName {
    static var help: ArgumentHelp { .localized("The preset's name.", de: "Der Name der Vorlage.", valueName: "name") }

    static func check(_ name: String) throws(SettingsError) {
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
        guard !name.isEmpty, allowed, !Meditate.commandNames.contains(name) else { throw .invalidPresetName(name) }
    }

    static func table(_ name: String) -> String { "preset.\(name)" }

    /// `key = literal` lines in the registry's order.
    static func assignments(_ preset: [String: ConfigFile.Entry]) -> [String] {
        SettingKeys.all.compactMap { setting in
            preset[setting.name].map { "\(setting.name) = \(setting.tomlLiteral(canonical: $0.text))" }
        }
    }
}
