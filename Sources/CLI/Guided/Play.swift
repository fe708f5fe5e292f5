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

    @OptionGroup var options: GuidedPlayOptions

    func run() throws {
        try options.play(reference, settings: Settings.load())
    }
}
