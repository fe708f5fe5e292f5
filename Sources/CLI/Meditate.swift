import ArgumentParser
import Localization
import Settings

/// The `meditate` command.
struct Meditate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meditate",
        abstract: localized(
            "A meditation timer and audio engine: gongs on exact frames, noise beds, no clicks.",
            de: "Ein Meditations-Timer und eine Audio-Engine: Gongs auf den Frame genau, Klangteppiche, kein Knacken."),
        discussion: localized(
            """
            Without a subcommand, meditate sits with you (see `meditate sit --help`). Messages are in English or German, after LC_ALL, LC_MESSAGES or LANG; `--lang en|de`, before or after the command, chooses.
            Examples:
            """,
            de: """
                Ohne Befehl sitzt meditate mit dir (siehe `meditate sit --help`). Meldungen sind auf Englisch oder Deutsch, nach LC_ALL, LC_MESSAGES oder LANG; `--lang en|de`, vor oder nach dem Befehl, wählt.
                Beispiele:
                """) + """

                  meditate --minutes 20 --interval 5 --noise white
                  meditate library import ~/Music/Guided
                  meditate play "Body scan" --then 10 --interval 5
                  meditate preset save morning --minutes 20 --interval 5 --noise pink
                  meditate morning
                  meditate config set noise pink
                  meditate stats
                  meditate devices
                  meditate render --minutes 20 --interval 5 --noise white -o session.wav
                  meditate render --minutes 30 --bells 5,12.5,20 --gong bell -o sit.wav
                """,
        version: MeditateVersion.number,
        subcommands: [
            Sit.self, Play.self, CourseCommand.self, Sleep.self, Render.self, LibraryCommand.self, PresetCommand.self,
            ConfigCommand.self,
            HistoryCommand.self, StatsCommand.self, Serve.self, Ctl.self, CtlSchedule.self,
            Discover.self, Pair.self, Devices.self, Decode.self, CompletionSubcommand.self
        ],
        defaultSubcommand: Sit.self
    )

    /// The subcommands' names (and help): what a preset may not be called.
    static var commandNames: Set<String> {
        Set(configuration.subcommands.map { $0._commandName } + ["help"])
    }
}
