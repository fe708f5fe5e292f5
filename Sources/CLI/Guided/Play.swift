import ArgumentParser

/// `meditate play TRACK`: a guided meditation, streamed and normalised, maybe followed by a
/// silent sit.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a guided meditation, optionally followed by a silent sit with gongs.",
        discussion: """
        TRACK is a library id, the start of a title, or the path of any audio file. The track is brought to -18 LUFS (--target, --no-normalize) without clipping. In a terminal: space pauses and resumes, ← and → move 15 s, q or Ctrl-C stops with a fade. Without a terminal each event is one log line on stderr, and SIGTERM stops like q.

        With --then, a gong opens a silent sit --gap seconds after the track's last frame, with bells and a completion gong as for the timer, in one session.

        Examples:
          meditate play 3
          meditate play "Body scan"
          meditate play ~/Music/talk.mp3 --then 10 --interval 5
        """
    )

    @Argument(help: ArgumentHelp("The track: its id, the start of its title, or a file.", valueName: "track"))
    var reference: String

    @OptionGroup var guided: GuidedOptions
    @OptionGroup(title: "The sit after the track (with --then)") var sound: SitSoundOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup var reporting: LiveReportingOptions
    @OptionGroup var location: LibraryLocation

    func run() throws {
        let settings = try Settings.load()
        try GuidedLive.run(reference: reference, playback: guided.resolve(settings), sound: sound.resolve(settings),
                           output: output, reporting: reporting, location: location, settings: settings)
    }
}
