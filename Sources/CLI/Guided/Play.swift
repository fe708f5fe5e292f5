import ArgumentParser
import Control
import Localization
import Settings

/// `meditate play TRACK`: a guided meditation, streamed and normalised, maybe followed by a
/// silent sit.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: localized(
            "Play a guided meditation, optionally followed by a silent sit with gongs.",
            de: "Spielt eine geführte Meditation, auf Wunsch gefolgt von stillem Sitzen mit Gongs."),
        discussion: localized(
            """
            TRACK is a library id, the start of a title, or the path of any audio file. The track is brought to -18 LUFS (--target, --no-normalize) without clipping. In a terminal: space pauses and resumes, ← and → move 15 s, q or Ctrl-C stops with a fade. Without a terminal each event is one log line on stderr, and SIGTERM stops like q.

            With --then, a gong opens a silent sit --gap seconds after the track's last frame, with bells and a completion gong as for the timer, in one session.

            Examples:
            """,
            de: """
                TRACK ist eine ID aus der Bibliothek, der Anfang eines Titels oder der Pfad einer beliebigen Audiodatei. Die Aufnahme wird ohne Übersteuern auf -18 LUFS gebracht (--target, --no-normalize). Im Terminal: die Leertaste pausiert und setzt fort, ← und → springen 15 s, q oder Strg-C hört mit einer Blende auf. Ohne Terminal ist jedes Ereignis eine Logzeile auf stderr, und SIGTERM hört wie q auf.

                Mit --then eröffnet ein Gong --gap Sekunden nach dem letzten Frame der Aufnahme ein stilles Sitzen, mit Glocken und Schlussgong wie beim Timer, in einer Sitzung.

                Beispiele:
                """) + """

                  meditate play 3
                  meditate play "Body scan"
                  meditate play ~/Music/talk.mp3 --then 10 --interval 5
                """
    )

    @Argument(
        help: .localized(
            "The track: its id, the start of its title, or a file.",
            de: "Die Aufnahme: ihre ID, der Anfang ihres Titels oder eine Datei.", valueName: "track"))
    var reference: String

    @OptionGroup var guided: GuidedOptions
    @OptionGroup(
        title: localized("The sit after the track (with --then)", de: "Das Sitzen nach der Aufnahme (mit --then)"))
    var sound: SitSoundOptions
    @OptionGroup(title: OutputOptions.title) var output: OutputOptions
    @OptionGroup var reporting: LiveReportingOptions
    @OptionGroup var location: LibraryLocation

    @Flag(
        help: .localized(
            "Play in this process even when a service (`meditate serve`) runs; without it, a running service plays the track and this terminal follows it. Giving --backend, --device, --latency-ms or --library plays here too.",
            de:
                "Spielt in diesem Prozess, auch wenn ein Dienst (`meditate serve`) läuft; ohne dies spielt ein laufender Dienst die Aufnahme, und dieses Terminal folgt ihm. Mit --backend, --device, --latency-ms oder --library wird ebenfalls hier gespielt."
        ))
    var standalone = false

    func run() throws {
        let settings = try Settings.load()
        // A service plays from its own library and to its own output: a person who names
        // either, or asks for it, gets this process.
        let handOff =
            standalone || !output.givenValues.isEmpty || location.folder != nil
            ? nil
            : try JSONValue(
                encoding: PlayRequest(track: reference, guided: guided.request, sound: sound.request).withClientPaths)
        try GuidedLive.run(
            reference: reference, playback: guided.request.resolve(settings), sound: sound.request,
            output: output, reporting: reporting, location: location, settings: settings, handOff: handOff)
    }
}
